// GUI grounding by pointing (NeMo Gym's gui_coordinate): the reply names a point of the image as
// <point>(x, y)</point> in thousandths (point.ts), scored against the row's "x,y" fractions by
// Euclidean distance: (1 - distance / max_dist)² inside max_dist, 0 at or past it. The reply is
// the text of the response's assistant messages joined by newlines. Verify adds extracted_x,
// extracted_y (fractions) and distance, all null unless both points were read.
import declaration from "./declaration.ts";
import { expectedPoint, replyPoint } from "./point.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body) {
    const expected = expectedPoint(body.expected_answer);
    const predicted = replyPoint(assistantText(body.response.output));
    const unread = { reward: 0, metadata: body.metadata ?? null, extracted_x: null, extracted_y: null, distance: null };
    if (!expected || !predicted) return unread;
    const dx = predicted.x - expected.x;
    const dy = predicted.y - expected.y;
    const distance = Math.sqrt(dx * dx + dy * dy);
    const closeness = 1 - distance / body.max_dist;
    const reward = distance >= body.max_dist ? 0 : closeness * closeness;
    return { ...unread, reward, extracted_x: predicted.x, extracted_y: predicted.y, distance };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
