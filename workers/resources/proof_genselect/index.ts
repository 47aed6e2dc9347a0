// Pairwise proof selection (NeMo Gym's proof_genselect): the policy reads a problem and two
// candidate proofs and names the better one as <best_solution>1</best_solution> or 2; reward 1
// when that is the row's correct_index. The reply is the output_text of its assistant messages,
// joined as they are; with assert_think_end it must hold `</think>`. Verify returns the row and
// the reward only, as the reference does.
import declaration, { ProofGenSelectConfig } from "./declaration.ts";
import { bestSolution } from "./selection.ts";
import { assistantOutputText } from "../../../shared/judge/proof_scores.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env }) {
    const config = instanceConfig(env, ProofGenSelectConfig);
    const chosen = bestSolution(assistantOutputText(body.response.output), config.assert_think_end);
    return {
      reward: chosen !== null && chosen === body.correct_index ? 1 : 0,
      // The reference's request model declares the scores, so they are null when the row has none.
      score_1: body.score_1 ?? null,
      score_2: body.score_2 ?? null,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
