// A rollout object stores nothing until a rollout is submitted: asking about an id never
// submitted (GET /rollouts/:id of an unknown id) or a stray alarm leaves the object empty.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { NOTHING, storedIn } from "./stored.ts";

test("an id never submitted has no state, and asking creates none", async () => {
  const stub = env.ROLLOUTS.get(env.ROLLOUTS.newUniqueId());
  expect(await stub.state()).toBeNull();
  expect(await storedIn(stub)).toEqual(NOTHING);
  // No alarm is set, so none runs.
  expect(await runDurableObjectAlarm(stub)).toBe(false);
  expect(await storedIn(stub)).toEqual(NOTHING);
});
