// Theorem proving graded by a verifier model and, with beta > 0, a meta-verifier (NeMo Gym's
// proof_judge). The policy writes `## Solution`, then `## Self Evaluation` ending in a boxed
// self-score s' (0, 0.5 or 1). The verifier scores the proof (r_y, its last boxed score); the
// meta-verifier scores the self-evaluation (r_meta), which gates how far s' agrees with r_y:
// r_z = (1 - |s' - r_y|) * r_meta. Reward alpha * r_y + beta * r_z. A reply without the two
// headers or a readable self-score, or with too long a proof or self-evaluation, scores 0 with no
// judge call; a judge reply without a readable boxed score counts as 0, as in the reference. A
// judge that fails (unreachable, an error, past its deadline, an empty reply) is judge_failed.
// Verify returns the row and the reward only, as the reference does.
import declaration, { ProofJudgeConfig } from "./declaration.ts";
import { groupReward } from "./group.ts";
import { MAX_PROOF_CHARS, MAX_SELF_EVALUATION_CHARS, parseProofReply } from "./reply.ts";
import { askJudgeAll } from "../../../shared/judge/call.ts";
import type { Judge, JudgeQuestion } from "../../../shared/judge/call.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { assistantOutputText, boxedScore, longerThan } from "../../../shared/judge/proof_scores.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

export { CohortDO } from "../../../durable_objects/cohort_do.ts";

/** A judge question whose verdict is its last boxed score, 0 when there is none (the reference's rule). */
const scoreQuestion = (prompt: string): JudgeQuestion<number> => ({ messages: [{ role: "user", content: prompt }], read: (text) => boxedScore(text) ?? 0 });

function judgeOf(config: ProofJudgeConfig): Judge {
  const params = { temperature: config.temperature, top_p: config.top_p, max_output_tokens: config.max_tokens, ...(config.judge_model_name ? { model: config.judge_model_name } : {}) };
  return { ref: config.judge_model_server, settings: { ...config, judge_responses_create_params: params, use_chat_completions_for_judge: false }, environment: "proof_judge" };
}

function template(config: ProofJudgeConfig, path: string): string {
  return promptText(inlinedFile(config, path), "user", path);
}

/** The reward before any group rule, and the verifier's score. */
async function judgeProof(env: object, config: ProofJudgeConfig, problem: string, reply: string): Promise<{ reward: number; r_y: number }> {
  const parsed = parseProofReply(reply, config.assert_think_end);
  if (!parsed || longerThan(parsed.proof, MAX_PROOF_CHARS) || longerThan(parsed.selfEvaluation, MAX_SELF_EVALUATION_CHARS)) return { reward: 0, r_y: 0 };
  const questions = [scoreQuestion(formatTemplate(template(config, config.verifier_prompt_path), { problem, proof: parsed.proof }))];
  // The meta-verifier is asked only when its term counts.
  if (config.beta !== 0) {
    questions.push(scoreQuestion(formatTemplate(template(config, config.meta_verifier_prompt_path), { problem, proof: parsed.proof, proof_analysis: parsed.selfEvaluation })));
  }
  const [verifier, meta] = await askJudgeAll(env, judgeOf(config), questions);
  const r_y = verifier!.verdict;
  if (!meta) return { reward: config.alpha * r_y, r_y };
  const r_z = (1 - Math.abs(parsed.selfScore - r_y)) * meta.verdict;
  return { reward: config.alpha * r_y + config.beta * r_z, r_y };
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env, caller }) {
    const config = instanceConfig(env, ProofJudgeConfig);
    const reply = assistantOutputText(body.response.output);
    const judged = reply ? await judgeProof(env, config, body.problem, reply) : { reward: 0, r_y: 0 };
    if (!config.zero_reward_incorrect_groups) return { reward: judged.reward };
    if (!body.problem) throw invalidRequest([{ path: "problem", message: "must be set when zero_reward_incorrect_groups is enabled" }]);
    const hint = `expected_group_size of ${env.INSTANCE_NAME ?? "proof_judge"} is ${config.expected_group_size}: send that many rollouts of each problem (num_repeats), or set it to the number you send`;
    return { reward: await groupReward(env as unknown as Record<string, unknown>, body.problem, caller, judged, { size: config.expected_group_size, gatherMs: config.group_timeout_s * 1000, hint }) };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
