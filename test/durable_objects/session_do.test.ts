import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { NOTHING, storedIn } from "./stored.ts";

const fresh = () => env.SESSIONS.get(env.SESSIONS.newUniqueId());
const alarmOf = (stub: DurableObjectStub) => runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
const TTL = 60_000;
/** A change that adds `by` to a JSON number (0 when none), after yielding to whatever else is running. */
const add = (by: number) => async (current: string | null) => {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return JSON.stringify(Number(current ?? 0) + by);
};

test("sql: statements run in order in one transaction, and answer each one's rows", async () => {
  const stub = fresh();
  const rows = await stub.sql(
    [{ sql: "CREATE TABLE t (a, b)" }, { sql: "INSERT INTO t VALUES (?, ?), (?, ?)", params: ["00000057", 1, null, 2.5] }, { sql: "SELECT a, b FROM t ORDER BY rowid" }],
    TTL,
    true,
  );
  // Untyped columns keep every value as given.
  expect(rows).toEqual([[], [], [{ a: "00000057", b: 1 }, { a: null, b: 2.5 }]]);
  // Called inside the object, so the failure is this test's to catch.
  const failing = runInDurableObject(stub, (instance) => instance.sql([{ sql: "INSERT INTO t VALUES ('x', 0)" }, { sql: "INSERT INTO nowhere VALUES (1)" }], TTL, false));
  await expect(failing).rejects.toThrow(/nowhere/);
  expect(await stub.sql([{ sql: "SELECT COUNT(*) AS n FROM t" }], TTL, false)).toEqual([[{ n: 2 }]]);
});

test("a session that was never seeded answers not_seeded to every call but the seed, and stores nothing", async () => {
  const stub = fresh();
  expect(await stub.read(["k"], TTL)).toBe("not_seeded");
  expect(await stub.sql([{ sql: "CREATE TABLE t (a)" }], TTL, false)).toBe("not_seeded");
  let asked = 0;
  const change = async () => {
    asked++;
    return "1";
  };
  expect(await stub.update("k", change, TTL)).toBe("not_seeded");
  expect(asked).toBe(0);
  expect(await storedIn(stub)).toEqual(NOTHING);
  // Its seed creates it, even holding nothing.
  await stub.seed({}, TTL);
  expect(await stub.read(["k"], TTL)).toEqual({});
  expect(await stub.update("k", add(2), TTL)).toBe("updated");
  expect(await stub.read(["k"], TTL)).toEqual({ k: "2" });
});

test("concurrent updates of a session run one at a time: none is lost", async () => {
  const stub = fresh();
  await stub.seed({ n: "0" }, TTL);
  const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => stub.update("n", add(i + 1), TTL)));
  expect(outcomes).toEqual(Array(20).fill("updated"));
  expect(await stub.read(["n"], TTL)).toEqual({ n: String((20 * 21) / 2) });
});

test("an update's change answers the new text: null removes the key, undefined (a failed change) stores nothing", async () => {
  const stub = fresh();
  await stub.seed({ a: '"x"', b: '"y"' }, TTL);
  expect(await stub.update("a", async () => null, TTL)).toBe("updated");
  expect(await stub.update("b", async () => undefined, TTL)).toBe("updated");
  // A change that throws (its caller gone) fails its own update only: the next ones still run.
  // Called inside the object, so the failure is this test's to catch.
  const thrown = runInDurableObject(stub, (instance) => instance.update("b", async () => Promise.reject(new Error("a bug in the change")), TTL));
  const after = stub.update("b", async (current) => JSON.stringify(`${JSON.parse(current!)}z`), TTL);
  await expect(thrown).rejects.toThrow(/a bug in the change/);
  expect(await after).toBe("updated");
  expect(await stub.read(["a", "b"], TTL)).toEqual({ b: '"yz"' });
});

test("an update that was waiting on its change when the session was released writes nothing: the session stays closed", async () => {
  const stub = fresh();
  await stub.seed({ n: "1" }, TTL);
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const update = stub.update(
    "n",
    async () => {
      started();
      await held;
      return "2";
    },
    TTL,
  );
  await running;
  await stub.release();
  letGo();
  expect(await update).toBe("not_seeded");
  expect(await storedIn(stub)).toEqual(NOTHING);
  expect(await stub.read(["n"], TTL)).toBe("not_seeded");
});

test("release drops a world's tables and gives its storage back; the session is then closed", async () => {
  const stub = fresh();
  const empty = await stub.databaseSize();
  await stub.sql([{ sql: "CREATE TABLE t (a)" }, { sql: "INSERT INTO t SELECT value FROM json_each(?)", params: [JSON.stringify(Array.from({ length: 2000 }, (_, i) => `row ${i}`))] }], TTL, true);
  expect(await stub.databaseSize()).toBeGreaterThan(empty);
  await stub.release();
  expect(await stub.databaseSize()).toBe(empty);
  expect(await stub.sql([{ sql: "SELECT * FROM t" }], TTL, false)).toBe("not_seeded");
  expect(await stub.read(["k"], TTL)).toBe("not_seeded");
  expect(await storedIn(stub)).toEqual(NOTHING);
});

test("a release leaves nothing stored, and nothing is written after it until the session is seeded again", async () => {
  const stub = fresh();
  await stub.seed({ k: "1" }, TTL);
  expect(await storedIn(stub)).toEqual({ tables: ["state"], alarm: expect.any(Number) });
  await stub.release();
  expect(await storedIn(stub)).toEqual(NOTHING);
  // Calls on what is not there create nothing, not even an alarm to expire it.
  expect(await stub.read(["k"], TTL)).toBe("not_seeded");
  expect(await stub.update("k", add(1), TTL)).toBe("not_seeded");
  expect(await storedIn(stub)).toEqual(NOTHING);
  // The same instance stores again once seeded.
  await stub.seed({ k: "2" }, TTL);
  expect(await stub.read(["k"], TTL)).toEqual({ k: "2" });
});

test("a never-used session, read or released (twice), stores nothing", async () => {
  const stub = fresh();
  const empty = await stub.databaseSize();
  expect(await stub.read(["k"], TTL)).toBe("not_seeded");
  await stub.release();
  await stub.release();
  expect(await storedIn(stub)).toEqual(NOTHING);
  expect(await stub.databaseSize()).toBe(empty);
});

test("the expiry alarm slides forward, but not on every call", async () => {
  const stub = fresh();
  await stub.seed({ k: "0" }, TTL);
  const first = await alarmOf(stub);
  expect(first).toBeGreaterThan(Date.now() + 50_000);
  await stub.update("k", add(1), TTL);
  // Within a tenth of the TTL of the deadline set: no new alarm write.
  expect(await alarmOf(stub)).toBe(first);
  await stub.read(["k"], 2 * TTL);
  expect(await alarmOf(stub)).toBeGreaterThan(first! + 50_000);
  await stub.release();
  expect(await alarmOf(stub)).toBeNull();
});

test("a release ends the instance once its reply is out, unless the session is used again first", async () => {
  const instanceOf = (stub: DurableObjectStub) => runInDurableObject(stub, (instance) => instance);
  const id = env.SESSIONS.newUniqueId();
  const stub = env.SESSIONS.get(id);
  await stub.seed({ k: "1" }, TTL);
  const first = await instanceOf(stub);
  await stub.release();
  let now = first;
  for (let probe = 0; probe < 100 && now === first; probe++) {
    await new Promise((r) => setTimeout(r, 10));
    now = await instanceOf(env.SESSIONS.get(id));
  }
  expect(now).not.toBe(first);
  // Used again before the release's turn ends: the instance stays, and so does what it stores.
  const again = env.SESSIONS.get(id);
  await again.release();
  await again.seed({ k: "2" }, TTL);
  const kept = await instanceOf(again);
  await new Promise((r) => setTimeout(r, 50));
  expect(await instanceOf(again)).toBe(kept);
  expect(await again.read(["k"], TTL)).toEqual({ k: "2" });
});
