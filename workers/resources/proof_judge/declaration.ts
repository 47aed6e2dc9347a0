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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "theorem proving, as NeMo Gym's proof_judge: the policy's text (its assistant messages' output_text joined; after the last `</think>`, which `assert_think_end` requires) must hold `## Solution`, then `## Self Evaluation` ending in a boxed self-score s' of 0, 0.5 or 1 (the last `\\boxed{`, up to its first `}`); a verifier model (`judge_model_server`, `/v1/responses` with `temperature`, `top_p`, `max_tokens` and, when set, `judge_model_name`; our prompt `prompt_templates/verifier.yaml`, `{problem}` `{proof}`) scores the proof, r_y = its last boxed score (none or off the scale: 0, scored, not failed); with `beta` > 0 a meta-verifier (`prompt_templates/meta-verifier.yaml`, `{problem}` `{proof}` `{proof_analysis}`) is asked at the same time and gates the self-score, r_z = (1 - abs(s' - r_y)) * r_meta; a reply without the headers or a readable self-score, a proof over 40,000 or a self-evaluation over 20,000 characters scores 0 with no judge call; `zero_reward_incorrect_groups` holds each problem's rollouts (`expected_group_size` of them, `group_timeout_s`, ours, bounds the wait) and gives all 0 when every r_y is 0; verify returns the row and the reward only, as the reference does; a judge failure or an empty judge reply marks the row `judge_failed`",
  reward: "`alpha` * r_y + `beta` * r_z",
  answerKey: "none",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: ProofJudgeConfig,
  stateful: false,
  references: ["judge_model_server"],
  durableObjects: { [GROUPS_BINDING]: "CohortDO" },
  promptFiles: ["verifier_prompt_path", "meta_verifier_prompt_path"],
  // The reference's rollouts record only the reward, none of the verifier's or meta-verifier's replies.
  recordedJudgeReplies: () => undefined,
});
