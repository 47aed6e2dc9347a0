// The judge prompt for short answers: our own instructions in the layout NeMo Gym's judges use
// (answerPairPrompt: the problem, answers A and B between markers, `[[A=B]]` or `[[A!=B]]`).
import { answerPairPrompt } from "../../../shared/judge/equivalence.ts";

export const SHORT_ANSWER_JUDGE_PROMPT = answerPairPrompt(
  [
    "You decide whether two short answers to the same question say the same thing. You will see the question, then the answer of assistant A, then the answer of assistant B.",
    "",
    "Judge meaning, not wording: synonyms, spelling variants, capitalisation, surrounding words and equal numbers written differently do not matter. A different fact, name, number or a hedge between several answers does.",
    "",
    "End your reply with exactly one verdict label:",
    "- [[A=B]] if the answers are equivalent;",
    "- [[A!=B]] if they are not.",
    "",
    'For example: "Both name the same river, so my verdict is [[A=B]]".',
  ].join("\n"),
);
