// Whether a short free-form answer matches the expected one (NeMo RL's string-match grading,
// without its format reward): 1 when equal after any one of the normalisations, 0.98 when both
// are numbers within about 1%, else 0.
import {
  joinThousands,
  normalizeList,
  normalizeStates,
  numericCore,
  stripLatex,
  stripOuterQuotes,
  stripTrailingPunctuation,
  stripUnits,
  unicodeMathToLatex,
  withoutDollars,
} from "./answer_normalize.ts";
import { pythonFloat, sameFloat } from "./python_float.ts";

export type AnswerScore = 1 | 0.98 | 0;

const NEAR = 0.98;

/** (1 - relative error)², floored at 0; 0 unless both are numbers. */
function closeness(expected: string, predicted: string): number {
  const p = pythonFloat(numericCore(predicted));
  const e = pythonFloat(numericCore(expected));
  if (p === undefined || e === undefined) return 0;
  const score = 1 - Math.abs(p - e) / Math.max(Math.abs(e), 1e-9);
  return score > 0 ? score ** 2 : 0;
}

const prepare = (text: string) => stripTrailingPunctuation(stripOuterQuotes(text.normalize("NFKC")).toLowerCase());

const normalizations: ReadonlyArray<(text: string) => string> = [joinThousands, stripLatex, normalizeList, normalizeStates];

export function matchAnswer(expected: string, predicted: string): AnswerScore {
  const e = prepare(expected);
  const p = prepare(predicted);
  if (p === e) return 1;
  if (sameFloat(withoutDollars(p), withoutDollars(e))) return 1;
  if (normalizations.some((normalize) => normalize(p) === normalize(e))) return 1;
  if (closeness(e, p) > NEAR) return NEAR;
  const bare = (text: string) => stripUnits(unicodeMathToLatex(stripLatex(text))).trim();
  const eb = bare(e);
  const pb = bare(p);
  if (pb === eb) return 1;
  return closeness(eb, pb) > NEAR ? NEAR : 0;
}

/** Case-sensitive rows compare the trimmed texts exactly. */
export function matchAnswerExactly(expected: string, predicted: string): AnswerScore {
  return predicted.trim() === expected.trim() ? 1 : 0;
}
