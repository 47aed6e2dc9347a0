// proof_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** The CohortDO namespace zero_reward_incorrect_groups gathers a problem's rollouts in. */
export const GROUPS_BINDING = "COHORTS";

/** NeMo Gym's fields, with its defaults; the judge-call bounds are ours (NeMo has no deadline or retries). */
export const ProofJudgeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  /** The model name the judge calls carry; empty: none (NeMo sends the server's name). */
  judge_model_name: z.string().default(""),
  alpha: z.number().default(1),
  beta: z.number().default(0),
  temperature: z.number().default(0.6),
  top_p: z.number().default(0.95),
  max_tokens: z.int().positive().default(100_000),
  /** A group whose proofs all score r_y = 0 gets reward 0 throughout (needs expected_group_size). */
  zero_reward_incorrect_groups: z.boolean().default(false),
  expected_group_size: z.int().default(-1),
  /** Ours: how long a group may take to gather before its members fail (NeMo waits forever). */
  group_timeout_s: z.number().positive().default(3600),
  /** The policy's reply must hold `</think>`, or it scores 0. */
  assert_think_end: z.boolean().default(false),
  /** Ours: NeMo reads its templates from its server folder; these name them, at NeMo's paths. */
  verifier_prompt_path: z.string().default("prompt_templates/verifier.yaml"),
  meta_verifier_prompt_path: z.string().default("prompt_templates/meta-verifier.yaml"),
  judge_timeout_s: z.number().positive().default(3600),
  judge_max_attempts: z.int().min(1).max(10).default(3),
  judge_max_concurrency: z.int().min(1).default(64),
  ...InlinedFiles,
}).refine((c) => !c.zero_reward_incorrect_groups || c.expected_group_size > 0, {
  message: "expected_group_size must be > 0 when zero_reward_incorrect_groups is enabled",
  path: ["expected_group_size"],
});
export type ProofJudgeConfig = z.infer<typeof ProofJudgeConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  problem: z.string().default(""),
});

export default resourcesServer({
  task: Task,
  config: ProofJudgeConfig,
  stateful: false,
  references: ["judge_model_server"],
  durableObjects: { [GROUPS_BINDING]: "CohortDO" },
  promptFiles: ["verifier_prompt_path", "meta_verifier_prompt_path"],
  // The reference's rollouts record only the reward, none of the verifier's or meta-verifier's replies.
  recordedJudgeReplies: () => undefined,
});
