import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { NOTHING, storedIn } from "./stored.ts";

const fresh = () => env.SESSIONS.get(env.SESSIONS.newUniqueId());
const alarmOf = (stub: DurableObjectStub) => runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());

test("sql: statements run in order in one transaction, and answer each one's rows", async () => {
  const stub = fresh();
  const rows = await stub.sql(
    [{ sql: "CREATE TABLE t (a, b)" }, { sql: "INSERT INTO t VALUES (?, ?), (?, ?)", params: ["00000057", 1, null, 2.5] }, { sql: "SELECT a, b FROM t ORDER BY rowid" }],
    60_000,
  );
  // Untyped columns keep every value as given.
  expect(rows).toEqual([[], [], [{ a: "00000057", b: 1 }, { a: null, b: 2.5 }]]);
  // Called inside the object, so the failure is this test's to catch.
  const failing = runInDurableObject(stub, (instance) => instance.sql([{ sql: "INSERT INTO t VALUES ('x', 0)" }, { sql: "INSERT INTO nowhere VALUES (1)" }], 60_000));
  await expect(failing).rejects.toThrow(/nowhere/);
  expect(await stub.sql([{ sql: "SELECT COUNT(*) AS n FROM t" }], 60_000)).toEqual([[{ n: 2 }]]);
});

test("release drops a world's tables and gives its storage back", async () => {
  const stub = fresh();
  const empty = await stub.databaseSize();
  await stub.sql([{ sql: "CREATE TABLE t (a)" }, { sql: "INSERT INTO t SELECT value FROM json_each(?)", params: [JSON.stringify(Array.from({ length: 2000 }, (_, i) => `row ${i}`))] }], 60_000);
  expect(await stub.databaseSize()).toBeGreaterThan(empty);
  await stub.release();
  expect(await stub.databaseSize()).toBe(empty);
  await expect(runInDurableObject(stub, (instance) => instance.sql([{ sql: "SELECT * FROM t" }], 60_000))).rejects.toThrow(/no such table/);
  expect(await stub.read(["k"], 60_000)).toEqual({});
});

test("a release leaves nothing stored, and nothing is written after it until the session is used again", async () => {
  const stub = fresh();
  await stub.write({ k: 1 }, 60_000);
  expect(await storedIn(stub)).toEqual({ tables: ["state"], alarm: expect.any(Number) });
  await stub.release();
  expect(await storedIn(stub)).toEqual(NOTHING);
  // Reading what is not there creates nothing, not even an alarm to expire it.
  expect(await stub.read(["k"], 60_000)).toEqual({});
  expect(await storedIn(stub)).toEqual(NOTHING);
  // The same instance stores again on the next write.
  await stub.write({ k: 2 }, 60_000);
  expect(await stub.read(["k"], 60_000)).toEqual({ k: 2 });
});

test("a never-used session, read or released (twice), stores nothing", async () => {
  const stub = fresh();
  const empty = await stub.databaseSize();
  expect(await stub.read(["k"], 60_000)).toEqual({});
  await stub.release();
  await stub.release();
  expect(await storedIn(stub)).toEqual(NOTHING);
  expect(await stub.databaseSize()).toBe(empty);
});

test("the expiry alarm slides forward, but not on every call", async () => {
  const stub = fresh();
  await stub.write({ k: 0 }, 60_000);
  const first = await alarmOf(stub);
  expect(first).toBeGreaterThan(Date.now() + 50_000);
  await stub.write({ k: 1 }, 60_000);
  // Within a tenth of the TTL of the deadline set: no new alarm write.
  expect(await alarmOf(stub)).toBe(first);
  await stub.read(["k"], 120_000);
  expect(await alarmOf(stub)).toBeGreaterThan(first! + 50_000);
  await stub.release();
  expect(await alarmOf(stub)).toBeNull();
});

test("a release ends the instance once its reply is out, unless the session is used again first", async () => {
  const instanceOf = (stub: DurableObjectStub) => runInDurableObject(stub, (instance) => instance);
  const id = env.SESSIONS.newUniqueId();
  const stub = env.SESSIONS.get(id);
  await stub.write({ k: 1 }, 60_000);
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
  await again.write({ k: 2 }, 60_000);
  const kept = await instanceOf(again);
  await new Promise((r) => setTimeout(r, 50));
  expect(await instanceOf(again)).toBe(kept);
  expect(await again.read(["k"], 60_000)).toEqual({ k: 2 });
});
