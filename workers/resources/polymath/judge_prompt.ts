// The judge prompt for PolyMath answers, in our own words, in the layout of NeMo Gym's answer-pair
// judges (answerPairPrompt: the problem, answers A and B between markers, `[[A=B]]` or `[[A!=B]]`).
import { answerPairPrompt } from "../../../shared/judge/equivalence.ts";

export const POLYMATH_JUDGE_PROMPT = answerPairPrompt(
  [
    "Two final answers to one math problem follow; the problem may be written in any language. Decide whether the answers are mathematically the same.",
    "",
    "Compare values only: equal numbers, expressions, sets, intervals or tuples count as the same however they are written or simplified, and whatever language surrounds them.",
    "",
    "Finish with exactly one label: [[A=B]] when they are equivalent, [[A!=B]] when they are not.",
  ].join("\n"),
);
