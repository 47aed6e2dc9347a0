// tool_simulation_agent's implementation fields: NeMo Gym's references, the hops' deadlines and the
// run routes' fields every agent has.
import { z } from "../../../shared/zod.ts";
import { AgentHopsConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";

export const ToolSimulationAgentConfig = AgentHopsConfig.safeExtend(RunRoutesConfig.shape);
export type ToolSimulationAgentConfig = z.infer<typeof ToolSimulationAgentConfig>;
