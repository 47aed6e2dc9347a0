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

export default resourcesServer({
  task: Task,
  config: ProofVerificationConfig,
  stateful: false,
  references: ["judge_model_server"],
  promptFiles: ["meta_verifier_prompt_path"],
  // The reference's rollouts record only the reward, none of the meta-verifier's replies.
  recordedJudgeReplies: () => undefined,
});
