// aviary_agent: public (trainers call /run), plays aviary-style environment servers (POST
// /seed_session, /step, /close, /verify); async rollouts in its own RolloutDO.
import { declare } from "../../../shared/declaration.ts";
import { AviaryAgentConfig } from "./config.ts";

export default declare({
  kind: "responses_api_agents",
  config: AviaryAgentConfig,
  durableObjects: { ROLLOUTS: "RolloutDO" },
  public: true,
  signsSessions: false,
  references: ["resources_server", "model_server"],
});
