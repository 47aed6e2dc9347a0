// tool_simulation_agent's implementation fields: NeMo Gym's references, plus the model that plays
// the tools (the simulator_model_server of NeMo Gym's tool-use simulation environments), the hops'
// deadlines and the run routes' fields every agent has.
import { z } from "../../../shared/zod.ts";
import { AgentHopsConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";
import { ServerRef } from "../../../shared/schemas/config.ts";

export const ToolSimulationAgentConfig = AgentHopsConfig.safeExtend({
  /** Answers each tool call from the tool's description, with model_timeout_s; absent: model_server does. */
  simulator_model_server: ServerRef.nullish(),
  ...RunRoutesConfig.shape,
});
export type ToolSimulationAgentConfig = z.infer<typeof ToolSimulationAgentConfig>;
