// proof_refinement_agent's implementation fields: NeMo Gym's (max_correction_turns,
// include_all_attempts, with its defaults), where the verifier's feedback is read, and the
// correction message; plus the hops' deadlines and the run routes' fields every agent has.
import { z } from "../../../shared/zod.ts";
import { AgentHopsConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";

export const ProofRefinementAgentConfig = AgentHopsConfig.safeExtend({
  /** Attempts after the first, each answering the verifier's feedback; 0 is a single attempt. */
  max_correction_turns: z.number().int().min(0).default(0),
  /** Every attempt (its input, response, reward and feedback) in the result as `all_attempts`. */
  include_all_attempts: z.boolean().default(true),
  /** The verify response field with the verifier's feedback on a failed attempt (NeMo Gym's name). */
  feedback_field: z.string().min(1).default("error_feedback"),
  /** An attempt rewarded this much is solved; below it, it is corrected while turns remain. */
  max_reward: z.number().default(1),
  /**
   * The user message of a correction turn: `{feedback}` is the verifier's feedback, `{prompt}` the
   * task's last user message (restated, so the turn stands on its own, as NeMo Gym's correction
   * prompts do).
   */
  correction_prompt_template: z
    .string()
    .refine((t) => t.includes("{feedback}"), { message: "must contain {feedback}" })
    .default("{feedback}\n\nCorrect your answer. The task again:\n\n{prompt}"),
  ...RunRoutesConfig.shape,
});
export type ProofRefinementAgentConfig = z.infer<typeof ProofRefinementAgentConfig>;
