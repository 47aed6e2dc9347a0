// ARC-AGI: the output grid the answer gives (in \boxed{[[...],...]}) must equal expected_output
// cell for cell. train and test_input are what the prompt was built from.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { jsonEqual } from "../../../shared/verifiers/json_equal.ts";
import { answerGrid } from "./grid.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "predicted_output",
  verify(body) {
    const predicted = answerGrid(assistantText(body.response.output)) ?? null;
    return {
      reward: predicted !== null && jsonEqual(predicted, body.expected_output) ? 1 : 0,
      predicted_output: predicted,
      extraction_successful: predicted !== null,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
