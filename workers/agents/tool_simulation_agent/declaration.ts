// tool_simulation_agent: public (trainers call /run), async rollouts in its own RolloutDO.
import { declare } from "../../../shared/declaration.ts";
import { ToolSimulationAgentConfig } from "./config.ts";

export default declare({
  kind: "responses_api_agents",
  config: ToolSimulationAgentConfig,
  durableObjects: { ROLLOUTS: "RolloutDO" },
  public: true,
  signsSessions: false,
  references: ["resources_server", "model_server"],
});
