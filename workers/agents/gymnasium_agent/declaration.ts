// gymnasium_agent: public (trainers call /run), plays the episode servers (POST /reset, /step,
// /close); async rollouts in its own RolloutDO.
import { declare } from "../../../shared/declaration.ts";
import { GymnasiumAgentConfig } from "./config.ts";

export default declare({
  kind: "responses_api_agents",
  config: GymnasiumAgentConfig,
  durableObjects: { ROLLOUTS: "RolloutDO" },
  public: true,
  signsSessions: false,
  references: ["resources_server", "model_server"],
});
