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
    await session.state.set(COUNT, row.initial_count);
  },
  tools: {
    increment_counter: tool({
      input: z.strictObject({ count: z.number().int() }),
      async run({ count }, { session }) {
        // An unseeded session counts from 0, as the reference does.
        await session.state.set(COUNT, ((await session.state.get<number>(COUNT)) ?? 0) + count);
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
    // A request without a session has no counter; reading it would only create an empty object.
    const count = session.fresh ? undefined : await session.state.get<number>(COUNT);
    return { reward: count === body.expected_count ? 1.0 : 0.0 };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
