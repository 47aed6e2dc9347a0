// Visual counting (NeMo Gym's circle_count): the image shows coloured circles and the reply must
// give the number of the target colour in \boxed{N} (the first boxed number counts). The reply is
// the output_text of the response as the reference reads it: its message texts joined with
// nothing between them. Verify adds predicted_count (null when there is none), expected_count
// (the row's circles of that colour) and correct; reward 1 when correct.
import declaration from "./declaration.ts";
import { boxedCount } from "./count.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body) {
    const predicted = boxedCount(joinedOutputText(body.response.output));
    const expected = body.circles.filter((circle) => circle.color === body.target_color).length;
    const correct = predicted === BigInt(expected);
    // An exact count past a double's range stays a BigInt, which JSON writes digit for digit.
    const predictedCount = predicted === undefined ? null : predicted <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(predicted) : predicted;
    return { reward: correct ? 1 : 0, predicted_count: predictedCount, expected_count: expected, correct };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
