// A stateful resources server for tests of the server base: a per-session counter seeded from the
// row's `start`, a `bump` tool, and verify paying 1 when the counter ends at 5.
import { resourcesServer } from "../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../shared/resources/define.ts";
import { z } from "../../shared/zod.ts";

export const counter = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({ start: z.number().int() }), stateful: true }),
  seedFields: ["start"],
  async seedSession(r, { session }) {
    await session.state.seed({ n: r.start });
  },
  tools: {
    bump: tool({
      input: z.strictObject({ by: z.number().int() }),
      async run({ by }, { session }) {
        return { n: await session.state.update<number>("n", (n = 0) => n + by) };
      },
    }),
  },
  async verify(_body, { session }) {
    return { reward: (await session.state.get<number>("n")) === 5 ? 1 : 0, seen: await session.state.get("n") };
  },
});
