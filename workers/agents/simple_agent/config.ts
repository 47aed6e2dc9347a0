// simple_agent's implementation fields (NeMo Gym's, plus per-hop deadlines and the run routes').
import { z } from "../../../shared/zod.ts";
import { AgentHopsConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";

export const SimpleAgentConfig = AgentHopsConfig.safeExtend({
  /** Stop after this many model calls; null or absent means no limit beyond the model's own stop. */
  max_steps: z.number().int().positive().nullish(),
  /**
   * false: the model's tool calls are the answer (NeMo Gym's structured_outputs v4 agent): the
   * episode ends at the first response with calls, which are recorded and not run.
   */
  execute_tool_calls: z.boolean().default(true),
  ...RunRoutesConfig.shape,
});
export type SimpleAgentConfig = z.infer<typeof SimpleAgentConfig>;
