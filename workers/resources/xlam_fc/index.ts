// xLAM function calling: every expected call must be made (same name, every expected argument
// equal; order free, each predicted call used once) and no other call. The row's tools are
// descriptions only: this server runs none of them, so a call gets a 404 to read, as the
// reference's does.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { callMatches, functionCalls } from "../../../shared/verifiers/function_calls.ts";
import type { Call } from "../../../shared/verifiers/function_calls.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** How many expected calls find a distinct matching predicted call, taken first come first served. */
function countMatched(predicted: readonly Call[], expected: readonly Call[]): number {
  const used = new Set<number>();
  for (const call of expected) {
    const index = predicted.findIndex((p, i) => !used.has(i) && callMatches(p, call));
    if (index !== -1) used.add(index);
  }
  return used.size;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "predicted_calls",
  verify(body) {
    const predicted = functionCalls(body.response.output);
    const expected = body.expected_answers;
    const correct = countMatched(predicted, expected);
    // With nothing expected, making no call is the right answer.
    const reward = correct === expected.length && predicted.length === expected.length ? 1 : 0;
    return { reward, num_expected: expected.length, num_predicted: predicted.length, num_correct: correct, predicted_calls: predicted };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
