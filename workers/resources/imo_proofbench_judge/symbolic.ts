// Whether the boxed answer states the expected answer (NeMo Skills' math_equal, which NeMo Gym's
// imo_proofbench_judge runs before asking its judge): a multiple-choice letter against the letter;
// then, after dropping a trailing percent sign, period or backslash, the two normalised answers
// compared as text (spaces ignored); two answers that are plain words and differ are not equal;
// anything else goes to the symbolic check (shared/verifiers/math, our Math-Verify). A check that
// cannot decide counts as not equal, so the judge is asked.
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";
import { normalizeAnswer } from "../../../shared/verifiers/math/normalize.ts";

const LETTER = /^[A-J]$/;
const PERCENTAGE = /^(\d+\.?\d*)(?:\\%|%)$/;
const PLAIN_WORDS = /^[a-zA-Z ,]+$/;

/** Skills' extra normalisation: `25\%` is 25, and a trailing period or backslash goes. */
function tidy(answer: string): string {
  const percent = PERCENTAGE.exec(answer);
  return (percent ? percent[1]! : answer).replace(/[.\\]+$/, "");
}

/** The last A-J standing alone in the answer: how Math-Verify reads a letter out of it. */
const letterOf = (answer: string) => answer.match(/\b[A-J]\b/g)?.at(-1);

export function symbolicallyEqual(expected: string, predicted: string): boolean {
  if (predicted === "") return false;
  if (LETTER.test(expected.trim()) && letterOf(predicted) === expected.trim()) return true;
  const [gt, pred] = [tidy(expected), tidy(predicted)];
  const [normalGt, normalPred] = [normalizeAnswer(gt), normalizeAnswer(pred)];
  if (normalGt.replaceAll(" ", "") === normalPred.replaceAll(" ", "")) return true;
  if (PLAIN_WORDS.test(normalGt) && PLAIN_WORDS.test(normalPred)) return false;
  try {
    return mathEquivalent(gt, pred).equal;
  } catch {
    // Skills treats an answer its parser cannot read as not equal (the judge decides).
    return false;
  }
}
