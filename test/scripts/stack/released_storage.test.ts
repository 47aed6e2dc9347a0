// What rollouts leave on disk in a persisted local stack. A released session (simple_agent closes
// it after /verify) and an expired async rollout store nothing; workerd still keeps a one-page
// SQLite file (4 KiB) for every object it has started. A released session's instance ends at once,
// so the running stack's sweep removes its file; an expired rollout's instance lives until idle
// eviction, so its file goes once the stack stops. So after N rollouts the Durable Object
// directories go back to what still holds data: a session left open, which survives the pruning
// and a restart, and goes too once closed.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const ENV = "example_session_state_mgmt";
const AGENT = `${ENV}_simple_agent`;
const ROLLOUTS = 6;
const PAGE = 4096;
const rows = readFileSync(`workers/resources/${ENV}/data/example.jsonl`, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

const persistPath = mkdtempSync(join(tmpdir(), "edge-gym-persist-"));
const sessionSecret = randomBytes(32).toString("hex");
let running: RunningStack | undefined;

const up = () => bringUp({ headPort: 0, only: [AGENT], persistPath, sessionSecret, pruneIntervalMs: 200, overrides: [`++${AGENT}.responses_api_agents.simple_agent.async_result_ttl_s=1`] });
const urlOf = (name: string) => running!.stack.urls.get(name)!;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

afterAll(async () => {
  await running?.stop();
});

/** The SQLite files of one Durable Object class's namespace, each as its size and its log's. */
function objectFiles(className: string): { size: number; wal: number }[] {
  const root = join(persistPath, "do");
  const namespace = existsSync(root) ? readdirSync(root).find((name) => name.endsWith(`-${className}`)) : undefined;
  if (!namespace) return [];
  const dir = join(root, namespace);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    .map((name) => ({ size: statSync(join(dir, name)).size, wal: existsSync(join(dir, `${name}-wal`)) ? statSync(join(dir, `${name}-wal`)).size : 0 }));
}
/** A database holding nothing: its one page, the schema's, and no log. */
const holdingNothing = (files: { size: number; wal: number }[]) => files.filter((f) => f.size <= PAGE && f.wal === 0).length;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}: not within 200 probes`);
}

test("released sessions and expired rollouts store nothing; released sessions leave no file while running, nothing is left once stopped", { timeout: 180_000 }, async () => {
  running = await up();
  const answers = await Promise.all(Array.from({ length: ROLLOUTS }, (_, i) => post(`${urlOf(AGENT)}/run`, rows[i % rows.length])));
  expect(answers.map((a) => a.status)).toEqual(Array(ROLLOUTS).fill(200));
  for (const answer of answers) expect(typeof ((await answer.json()) as { reward: unknown }).reward).toBe("number");

  // One async rollout, kept for 1 s after it completes, then deleted by its alarm.
  const submitted = await post(`${urlOf(AGENT)}/run`, rows[0], { prefer: "respond-async" });
  const { rollout_id: id } = (await submitted.json()) as { rollout_id: string };
  await until("the async rollout completes", async () => (((await (await fetch(`${urlOf(AGENT)}/rollouts/${id}`)).json()) as { status?: string }).status === "completed" ? true : undefined));
  await until("the async rollout expires", async () => ((await fetch(`${urlOf(AGENT)}/rollouts/${id}`)).status === 404 ? true : undefined));

  // One session seeded and never closed: its state must stay.
  const seeded = await post(`${urlOf(ENV)}/seed_session`, rows[1]);
  expect(seeded.status).toBe(200);
  const cookie = seeded.headers.getSetCookie()[0]!.split(";")[0]!;

  // Running: the released sessions' files (the rollouts' and the async one's) are swept; the open
  // session's stays, holding its state.
  await until("the released sessions' files are swept", async () => (objectFiles("SessionDO").length === 1 ? true : undefined));
  expect(holdingNothing(objectFiles("SessionDO"))).toBe(0);
  await until("the expired rollout's storage is deleted", async () => (holdingNothing(objectFiles("RolloutDO")) === 1 ? true : undefined));
  expect(objectFiles("RolloutDO")).toHaveLength(1);

  // Stopped: only the open session's file is left.
  await running.stop();
  running = undefined;
  expect(objectFiles("SessionDO")).toHaveLength(1);
  expect(holdingNothing(objectFiles("SessionDO"))).toBe(0);
  expect(objectFiles("RolloutDO")).toHaveLength(0);

  // Restarted on the same storage, the open session still has its counter; closed, it goes too.
  running = await up();
  const count = await post(`${urlOf(ENV)}/get_counter_value`, {}, { cookie });
  expect(await count.json()).toEqual({ count: rows[1].initial_count });
  expect((await post(`${urlOf(ENV)}/close_session`, {}, { cookie })).status).toBe(200);
  await running.stop();
  running = undefined;
  expect(objectFiles("SessionDO")).toHaveLength(0);
});
