// Factual knowledge graded by a judge model on four tiers (NeMo Gym's omniscience, after
// AA-Omniscience): the last assistant message without its reasoning, against the gold target,
// graded A CORRECT, B INCORRECT, C PARTIAL_ANSWER or D NOT_ATTEMPTED. Reward 1 for A only;
// omniscience_index is +1 correct, -1 incorrect, 0 otherwise, and an incorrect answer is a
// hallucination. A judge reply naming no grade counts as B, as the reference scores it
// (judge_unparsable says so); a judge that fails or answers nothing marks the row judge_failed.
import declaration, { OmniscienceConfig } from "./declaration.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { gradeByLetter, lastReplyText, tierFlags, type LetterScale } from "../../../shared/judge/graded_letters.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics } from "./metrics.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

const SCALE: LetterScale = { letters: ["A", "B", "C", "D"], match: "whole", fallback: "B" };
const VERDICTS: Record<string, string> = { A: "correct", B: "incorrect", C: "partial", D: "not_attempted" };
const TIERS = { is_correct: "correct", is_incorrect: "incorrect", is_partial: "partial", is_not_attempted: "not_attempted" };

/**
 * The answer the judge sees: the reply without its reasoning, or nothing when the reasoning was
 * opened and never closed (the reply was cut off before any answer).
 */
export function answerOf(reply: string): string {
  const opened = reply.includes("<think>") || reply.includes("<thinking>");
  const closed = reply.includes("</think>") || reply.includes("</thinking>");
  return opened && !closed ? "" : withoutThinking(reply);
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k and majority@k per verdict, with judge_omni_index and judge_omni_hallucination, come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics: ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}", exclude: ["no_answer"] }],
  async verify(body, { env }) {
    const config = instanceConfig(env, OmniscienceConfig);
    const template = promptText(inlinedFile(config, config.judge_prompt_path), "user", config.judge_prompt_path);
    const generation = answerOf(lastReplyText(body.response.output));
    const prompt = formatTemplate(template, { question: body.question, expected_answer: body.expected_answer, generation });
    const judge = { ref: config.judge_model_server, settings: config, environment: "omniscience" };
    const grade = await gradeByLetter(env, judge, prompt, SCALE);
    const verdict = VERDICTS[grade.letter]!;
    const flags = tierFlags(verdict, TIERS);
    return {
      reward: verdict === "correct" ? 1 : 0,
      extracted_answer: generation,
      expected_answer: body.expected_answer,
      verdict,
      judge_output: grade.text,
      ...flags,
      omniscience_index: flags.is_correct - flags.is_incorrect,
      is_hallucination: flags.is_incorrect,
      ...(grade.fallback ? { judge_unparsable: true } : {}),
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
