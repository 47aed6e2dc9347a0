// simple_agent: public (trainers call /run), async rollouts in its own RolloutDO.
import { declare } from "../../../shared/declaration.ts";
import { SimpleAgentConfig } from "./config.ts";

export default declare({
  kind: "responses_api_agents",
  config: SimpleAgentConfig,
  durableObjects: { ROLLOUTS: "RolloutDO" },
  public: true,
  signsSessions: false,
  references: ["resources_server", "model_server"],
  aliases: { non_executing_simple_agent: { execute_tool_calls: false } },
});
