// workplace_assistant, NeMo Gym's contract: 27 tools over a workplace (mail, calendar, analytics,
// project tasks, customers), each session with its own copy of the world in its SessionDO. Verify
// replays the model's tool calls and the row's expected ones on fresh copies of the world (scratch
// sessions of its own) and earns 1 when they leave the same state.
import declaration, { Action } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import type { HandlerContext } from "../../../shared/resources/define.ts";
import { actionsOf, replay } from "../../../shared/resources/world/replay.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { scratchSession } from "../../../shared/session/session.ts";
import { z } from "../../../shared/zod.ts";
import { tools } from "./tools/all.ts";
import { bundledRows } from "./world_data.ts";
import { rowsFromFiles } from "./world_files.ts";
import { sameState, seedData, world } from "./world.ts";
import type { Workplace } from "./world.ts";

export { SessionDO } from "../../../durable_objects/session_do.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

let bundled: Workplace | undefined;

/** The world a row plays on: the reference's, when the row brings its files (checked: a 400 names the field), else ours. */
function worldOf(row: { world_files?: Record<string, string> }): Workplace {
  if (row.world_files) return world.parse(seedData(rowsFromFiles(row.world_files)), ["world_files"]);
  bundled ??= world.parse(seedData(bundledRows()));
  return bundled;
}

type Actions = z.infer<typeof Action>[];

/** The expected calls, from wherever the row keeps them. */
function groundTruth(row: { ground_truth?: Actions | string; verifier_metadata?: { ground_truth?: Actions | string } }): Actions {
  const [path, given] = row.ground_truth !== undefined ? ["ground_truth", row.ground_truth] : ["verifier_metadata.ground_truth", row.verifier_metadata?.ground_truth];
  if (given === undefined) throw invalidRequest([{ path: "ground_truth", message: "required: the expected tool calls (or verifier_metadata.ground_truth)" }]);
  if (Array.isArray(given)) return given;
  let parsed: unknown;
  try {
    parsed = JSON.parse(given);
  } catch {
    parsed = undefined;
  }
  const actions = z.array(Action).safeParse(parsed);
  if (!actions.success) throw invalidRequest([{ path, message: "a string must be the JSON text of a list of {name, arguments} calls" }]);
  return actions.data;
}

/** The state a list of calls leaves on a fresh copy of the world (in `scratch`'s SQLite). */
async function stateAfter(actions: readonly { name?: string; arguments?: string }[], start: Workplace, scratch: HandlerContext): Promise<Workplace> {
  await world.reset(scratch.session.state, start);
  // A ground-truth entry without a name or arguments is skipped, as a call the reference cannot run.
  await replay(tools, actions.flatMap(({ name, arguments: args }) => (name !== undefined && args !== undefined ? [{ name, arguments: args }] : [])), scratch);
  return world.read(scratch.session.state);
}

const server = defineResourcesServer({
  declaration,
  tools,
  async seedSession(row, { session }) {
    await world.reset(session.state, worldOf(row));
  },
  async verify(body, { env }) {
    const expected = groundTruth(body);
    const start = worldOf(body);
    // Replayed in a scratch session of its own, never the rollout's: a verify scores the response,
    // so it neither needs that session (seeded, closed or none) nor changes it, and no tool call
    // sent meanwhile can interleave with a replay.
    const scratch = { session: scratchSession(env), env };
    try {
      const predicted = await stateAfter(actionsOf(body.response.output), start, scratch);
      const reference = await stateAfter(expected, start, scratch);
      return { reward: sameState(predicted, reference) ? 1 : 0 };
    } finally {
      await scratch.session.state.release();
    }
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
