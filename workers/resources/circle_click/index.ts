// Visual grounding by clicking (NeMo Gym's circle_click): the image shows coloured circles and the
// model must call the `click` tool inside the one of the target colour. The click read is the
// first `click` call's (click.ts); it hits when its distance from that circle's centre is at most
// the radius (the edge counts). Only the first circle of the target colour is tried, as in the
// reference. Verify adds clicked_x, clicked_y (null when unreadable) and hit; reward 1 on a hit.
import { z } from "../../../shared/zod.ts";
import declaration from "./declaration.ts";
import type { Circle } from "./declaration.ts";
import { clickOf } from "./click.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

function inside(x: number, y: number, circle: Circle): boolean {
  const dx = x - circle.x;
  const dy = y - circle.y;
  return Math.sqrt(dx * dx + dy * dy) <= circle.radius;
}

const server = defineResourcesServer({
  declaration,
  tools: {
    // The click does nothing but say where it landed: whatever the model sent, as the reference echoes it.
    click: tool({ input: z.object({ x: z.unknown(), y: z.unknown() }), run: ({ x, y }) => ({ x, y }) }),
  },
  verify(body) {
    const { x, y } = clickOf(body.response.output);
    const target = body.circles.find((circle) => circle.color === body.target_color);
    const hit = x !== null && y !== null && target !== undefined && inside(Number(x), Number(y), target);
    return { reward: hit ? 1 : 0, clicked_x: x, clicked_y: y, hit };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
