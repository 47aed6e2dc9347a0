// Short factual questions graded by a judge model (NeMo Gym's simpleqa, the SimpleQA-Verified
// protocol): the last assistant message, as written, against the gold target, graded A CORRECT,
// B INCORRECT or C NOT_ATTEMPTED. Reward 1 for A only. A judge reply naming no grade counts as C,
// as the reference scores it (judge_unparsable says so); a judge that fails or answers nothing
// marks the row judge_failed, never a reward.
import declaration, { SimpleQAConfig } from "./declaration.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { gradeByLetter, lastReplyText, tierFlags, type LetterScale } from "../../../shared/judge/graded_letters.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics } from "./metrics.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

const SCALE: LetterScale = { letters: ["A", "B", "C"], match: "leading", fallback: "C" };
const VERDICTS: Record<string, string> = { A: "correct", B: "incorrect", C: "not_attempted" };
const TIERS = { is_correct: "correct", is_incorrect: "incorrect", is_not_attempted: "not_attempted" };

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k and majority@k per verdict tier, with F1 and accuracy_given_attempted, come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics: ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}", exclude: ["no_answer"] }],
  async verify(body, { env }) {
    const config = instanceConfig(env, SimpleQAConfig);
    const template = promptText(inlinedFile(config, config.judge_prompt_path), "user", config.judge_prompt_path);
    const generation = lastReplyText(body.response.output);
    const prompt = formatTemplate(template, { question: body.question, expected_answer: body.expected_answer, generation });
    const judge = { ref: config.judge_model_server, settings: config, environment: "simpleqa" };
    const grade = await gradeByLetter(env, judge, prompt, SCALE);
    const verdict = VERDICTS[grade.letter]!;
    return {
      reward: verdict === "correct" ? 1 : 0,
      extracted_answer: generation,
      expected_answer: body.expected_answer,
      verdict,
      judge_output: grade.text,
      ...tierFlags(verdict, TIERS),
      ...(grade.fallback ? { judge_unparsable: true } : {}),
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
