// aviary_agent's implementation fields (NeMo Gym's, plus the per-hop deadlines and run routes' fields every agent has).
import { z } from "../../../shared/zod.ts";
import { AgentHopsConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";

export const AviaryAgentConfig = AgentHopsConfig.safeExtend({
  /** At most this many model calls; null or absent: until the environment or the model ends the episode. */
  max_steps: z.number().int().positive().nullish(),
  /** true: `response.output` holds the input after every step (one list per step); false: the flat trajectory. */
  return_transitions: z.boolean().default(true),
  /** true: a turn with text and no tool call ends the episode; false: the model is asked again to call a tool. */
  done_if_no_tool_calls: z.boolean().default(true),
  /** true: after each step, earlier environment-state observations are replaced by `old_env_state_message`. */
  collapse_old_env_states: z.boolean().default(false),
  old_env_state_message: z.string().default("[Previous environment state - hidden]"),
  ...RunRoutesConfig.shape,
});
export type AviaryAgentConfig = z.infer<typeof AviaryAgentConfig>;
