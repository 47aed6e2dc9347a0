// Short-answer QA (HotpotQA closed book): the answer is read from the reply's last JSON object with
// an "answer" key (else the whole reply), then scored four ways against the ground truth: SQuAD
// exact match and token F1, and a lenient and a strict substring match over the ground truth's
// surface forms. The reward is the strict match. gt_should_remove flags ground truths too long or
// name-like for substring grading, so a run can be read with and without them.
import declaration, { HotpotqaConfig } from "./declaration.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { exactMatch, tokenF1 } from "../../../shared/verifiers/squad_answer.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { parseAnswer } from "./extract.ts";
import { alternatives, isCorrect, isCorrectStrict, removal } from "./alternatives.ts";
import { SCORES, computeMetrics } from "./metrics.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  scores: Object.fromEntries(SCORES.map((name) => [name, { field: name }])),
  computeMetrics: (tasks, env) => computeMetrics(tasks, instanceConfig(env, HotpotqaConfig).report_filtered_metrics),
  // NeMo Gym's get_key_metrics: token means, then each pass@k family at its highest k, over all tasks and the filtered ones.
  keyMetrics: [
    "mean/input_tokens",
    "mean/output_tokens",
    ...["", "filtered_"].flatMap((prefix) => ["pass@1[avg-of-{k}]", "pass@{k}", "majority@{k}"].map((pattern) => ({ highestK: `${prefix}${pattern}`, scores: [...SCORES] }))),
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
