// proof_refinement_agent: public (trainers call /run), async rollouts in its own RolloutDO.
import { declare } from "../../../shared/declaration.ts";
import { ProofRefinementAgentConfig } from "./config.ts";

export default declare({
  kind: "responses_api_agents",
  config: ProofRefinementAgentConfig,
  durableObjects: { ROLLOUTS: "RolloutDO" },
  public: true,
  signsSessions: false,
  references: ["resources_server", "model_server"],
});
