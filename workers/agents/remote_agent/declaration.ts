// remote_agent: public (trainers call /run), async rollouts in its own RolloutDO; it references
// only its resources server (the service it drives is outside the deployment, reached by URL).
import { declare } from "../../../shared/declaration.ts";
import { RemoteAgentConfig } from "./config.ts";

export default declare({
  kind: "responses_api_agents",
  config: RemoteAgentConfig,
  durableObjects: { ROLLOUTS: "RolloutDO" },
  public: true,
  signsSessions: false,
  references: ["resources_server"],
});
