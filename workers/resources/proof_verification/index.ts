// Proof verification (NeMo Gym's proof_verification): the policy evaluates a given proof and ends
// with a boxed score (0, 0.5 or 1). Its score is held against the row's ground_truth_verify_score,
// r_score = 1 - |predicted - ground truth|, and a meta-verifier rates how well its evaluation agrees
// with the row's reference evaluation (r_meta, its last boxed score). Reward r_score * r_meta. A
// reply without a readable boxed score, too long a proof or evaluation, or a ground-truth score
// outside 0, 0.5 and 1 scores 0 with no judge call; a meta-verifier reply without a readable boxed
// score counts as 0, as in the reference. A judge that fails (unreachable, an error, past its
// deadline, an empty reply) is judge_failed. Verify returns the row and the reward only, as the
// reference does.
import declaration, { ProofVerificationConfig } from "./declaration.ts";
import { askJudge } from "../../../shared/judge/call.ts";
import { inlinedFile, promptText } from "../../../shared/judge/files.ts";
import { PROOF_SCORES, afterThinking, assistantOutputText, boxedScore, longerThan } from "../../../shared/judge/proof_scores.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

const MAX_PROOF_CHARS = 40_000;
const MAX_VERIFICATION_CHARS = 20_000;

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, ProofVerificationConfig);
    const reply = assistantOutputText(body.response.output);
    if (!reply || (config.assert_think_end && !reply.includes("</think>"))) return { reward: 0 };
    const verification = afterThinking(reply);
    const predicted = boxedScore(verification);
    const truth = body.ground_truth_verify_score;
    if (predicted === undefined || longerThan(body.proof, MAX_PROOF_CHARS) || longerThan(verification, MAX_VERIFICATION_CHARS) || !(PROOF_SCORES as readonly number[]).includes(truth)) {
      return { reward: 0 };
    }
    const path = config.meta_verifier_prompt_path;
    const prompt = formatTemplate(promptText(inlinedFile(config, path), "user", path), {
      problem: body.problem,
      proof: body.proof,
      ground_truth_judgement: body.ground_truth_judgement,
      candidate_judgement: verification,
    });
    const params = { temperature: config.temperature, top_p: config.top_p, max_output_tokens: config.max_tokens, ...(config.judge_model_name ? { model: config.judge_model_name } : {}) };
    const judge = { ref: config.judge_model_server, settings: { ...config, judge_responses_create_params: params, use_chat_completions_for_judge: false }, environment: "proof_verification" };
    // No readable boxed score in the meta-verifier's reply counts as 0 (the reference's rule).
    const meta = await askJudge(env, judge, { messages: [{ role: "user", content: prompt }], read: (text) => boxedScore(text) ?? 0 });
    return { reward: (1 - Math.abs(predicted - truth)) * meta.verdict };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
