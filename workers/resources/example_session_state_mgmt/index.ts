// A per-session counter: seeded from the row, changed by tools, rewarded when it ends at expected_count.
import { z } from "../../../shared/zod.ts";
import declaration from "./declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";

export { SessionDO } from "../../../durable_objects/session_do.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const COUNT = "count";

const server = defineResourcesServer({
  declaration,
  // NeMo Gym's seed request for this server carries initial_count; expected_count is for /verify.
  seedFields: ["initial_count"],
  async seedSession(row, { session }) {
    await session.state.seed({ [COUNT]: row.initial_count });
  },
  tools: {
    increment_counter: tool({
      input: z.strictObject({ count: z.number().int() }),
      async run({ count }, { session }) {
        // One update: concurrent increments all count. A session never seeded (or closed) has no
        // counter: a 400 session_not_seeded, where the reference would start one at 0.
        await session.state.update<number>(COUNT, (current = 0) => current + count);
        return { success: true };
      },
    }),
    get_counter_value: tool({
      input: z.strictObject({}),
      async run(_args, { session }) {
        return { count: (await session.state.get<number>(COUNT)) ?? 0 };
      },
    }),
  },
  async verify(body, { session }) {
    // A session never seeded, closed or expired has no counter to score: a 400 session_not_seeded, never a 0.
    const count = await session.state.get<number>(COUNT);
    return { reward: count === body.expected_count ? 1.0 : 0.0 };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
