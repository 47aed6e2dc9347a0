// The judge prompt for math answers: our own instructions in the layout NeMo Gym's judges use
// (answerPairPrompt: the problem, answers A and B between markers, `[[A=B]]` or `[[A!=B]]`).
import { answerPairPrompt } from "../../../shared/judge/equivalence.ts";

export const MATH_JUDGE_PROMPT = answerPairPrompt(
  [
    "You are checking whether two final answers to a math problem mean the same thing. You will see the problem, then the answer of assistant A, then the answer of assistant B.",
    "",
    "Judge only mathematical equivalence: the same number, expression, set, interval or tuple, however it is written. Notation, simplification, units and formatting requested by the problem do not matter; a different value does.",
    "",
    "End your reply with exactly one verdict label:",
    "- [[A=B]] if the answers are equivalent;",
    "- [[A!=B]] if they are not.",
    "",
    'For example: "Both answers are one half, so my verdict is [[A=B]]".',
  ].join("\n"),
);
