// The symbolic step of NeMo Gym's math judges (math_with_judge and the servers built on it: physics_judge,
// ugphysics_judge): the reply's final answer, found as Math-Verify finds it (extract.ts), against the
// expected answer by symbolic equivalence within an operation budget. A judge is asked only when
// this says not equal.
import { mathEquivalent } from "./equivalent.ts";
import { finalAnswer } from "./extract.ts";
import { normalizeAnswer, stripMathDelimiters } from "./normalize.ts";

export interface LibraryCheck {
  /** The final answer as normalised, or null when the reply has none. */
  extracted_answer: string | null;
  library_reward: 0 | 1;
}

const BOXED = "\\boxed{";

/**
 * The expected answer as Math-Verify reads the gold NeMo hands it (`\boxed{<expected>}` with math
 * delimiters peeled): an expected answer that is itself wholly boxed (`\boxed{h/p}`) is its contents.
 */
export function goldAnswer(expected: string): string {
  let gold = stripMathDelimiters(expected);
  while (gold.startsWith(BOXED)) {
    let depth = 1;
    let close = BOXED.length;
    for (; close < gold.length && depth > 0; close++) depth += gold[close] === "{" ? 1 : gold[close] === "}" ? -1 : 0;
    if (depth !== 0 || close !== gold.length) break;
    gold = stripMathDelimiters(gold.slice(BOXED.length, -1));
  }
  return gold;
}

export function libraryCheck(expected: string, reply: string, budget: number): LibraryCheck {
  const answer = finalAnswer(reply);
  if (answer === undefined || !answer.trim()) return { extracted_answer: null, library_reward: 0 };
  return { extracted_answer: normalizeAnswer(answer), library_reward: mathEquivalent(goldAnswer(expected), answer, { budget }).equal ? 1 : 0 };
}
