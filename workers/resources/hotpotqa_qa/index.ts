// Short-answer QA (HotpotQA closed book): the answer is read from the reply's last JSON object with
// an "answer" key (else the whole reply), then scored four ways against the ground truth: SQuAD
// exact match and token F1, and a lenient and a strict substring match over the ground truth's
// surface forms. The reward is the strict match. gt_should_remove flags ground truths too long or
// name-like for substring grading, so a run can be read with and without them.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { exactMatch, tokenF1 } from "../../../shared/verifiers/squad_answer.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { parseAnswer } from "./extract.ts";
import { alternatives, isCorrect, isCorrectStrict, removal } from "./alternatives.ts";

const SCORES = ["answer_em", "answer_f1", "is_correct", "is_correct_strict"] as const;

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  scores: Object.fromEntries(SCORES.map((name) => [name, { field: name }])),
  // NeMo Gym's get_key_metrics (its filtered_* channels aside).
  keyMetrics: [
    "mean/input_tokens",
    "mean/output_tokens",
    { highestK: "pass@1[avg-of-{k}]", scores: [...SCORES] },
    { highestK: "pass@{k}", scores: [...SCORES] },
    { highestK: "majority@{k}", scores: [...SCORES] },
  ],
  verify(body) {
    const answer = parseAnswer(joinedOutputText(body.response.output));
    const forms = alternatives(body.expected_answer);
    const strict = isCorrectStrict(forms, answer) ? 1 : 0;
    const { remove, reason } = removal(body.expected_answer);
    return {
      reward: strict,
      extracted_answer: answer || null,
      answer_em: exactMatch(answer, body.expected_answer),
      answer_f1: tokenF1(answer, body.expected_answer).f1,
      is_correct: isCorrect(forms, answer) ? 1 : 0,
      is_correct_strict: strict,
      gt_should_remove: remove,
      gt_remove_reason: reason,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
