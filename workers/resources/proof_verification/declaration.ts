// proof_verification: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** NeMo Gym's fields, with its defaults; the judge-call bounds are ours (NeMo has no deadline or retries). */
export const ProofVerificationConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  /** The model name the judge calls carry; empty: none (NeMo sends the server's name). */
  judge_model_name: z.string().default(""),
  temperature: z.number().default(0.6),
  top_p: z.number().default(0.95),
  max_tokens: z.int().positive().default(100_000),
  /** The policy's reply must hold `</think>`, or it scores 0. */
  assert_think_end: z.boolean().default(false),
  /** Ours: NeMo reads its template from its server folder; this names it, at NeMo's path. */
  meta_verifier_prompt_path: z.string().default("prompt_templates/meta-verifier.yaml"),
  judge_timeout_s: z.number().positive().default(3600),
  judge_max_attempts: z.int().min(1).max(10).default(3),
  judge_max_concurrency: z.int().min(1).default(64),
  ...InlinedFiles,
});
export type ProofVerificationConfig = z.infer<typeof ProofVerificationConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  problem: z.string().default(""),
  proof: z.string().default(""),
  /** The reference evaluation of the proof, which the meta-verifier compares the policy's with. */
  ground_truth_judgement: z.string(),
  /** Its score; one outside 0, 0.5 and 1 scores every reply 0, as in the reference. */
  ground_truth_verify_score: z.number(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "proof grading, as NeMo Gym's proof_verification: the policy's text (after the last `</think>`, which `assert_think_end` requires) ends in a boxed score of 0, 0.5 or 1 for the row's `proof`; r_score = 1 - abs(score - `ground_truth_verify_score`); a meta-verifier (`judge_model_server`, `/v1/responses` with `temperature`, `top_p`, `max_tokens`; our prompt `prompt_templates/meta-verifier.yaml`, `{problem}` `{proof}` `{ground_truth_judgement}` `{candidate_judgement}`) rates the policy's evaluation against `ground_truth_judgement`, r_meta = its last boxed score (none or off the scale: 0, scored, not failed); no readable score, a proof over 40,000 or an evaluation over 20,000 characters, or a ground-truth score outside 0/0.5/1 scores 0 with no judge call; verify returns the row and the reward only, as the reference does; a judge failure or an empty judge reply marks the row `judge_failed`",
  reward: "r_score * r_meta",
  answerKey: "none",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: ProofVerificationConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["meta_verifier_prompt_path"],
  // The reference's rollouts record only the reward, none of the meta-verifier's replies.
  recordedJudgeReplies: () => undefined,
});
