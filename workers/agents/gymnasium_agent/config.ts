// gymnasium_agent's implementation fields (NeMo Gym's, plus the per-hop deadlines and run routes' fields every agent has).
import { z } from "../../../shared/zod.ts";
import { AgentHopsConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";

export const GymnasiumAgentConfig = AgentHopsConfig.safeExtend({
  /** At most this many model calls (each followed by a step); an episode still open then is truncated. */
  max_steps: z.number().int().min(1).default(10),
  ...RunRoutesConfig.shape,
});
export type GymnasiumAgentConfig = z.infer<typeof GymnasiumAgentConfig>;
