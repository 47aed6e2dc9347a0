// Killing the local stack's workerd in the middle of multi-turn blackjack episodes, then starting
// the stack again on the same Durable Object storage: a session's episode continues exactly where
// it was (the same row and actions deal the same cards, so an uninterrupted session says what
// must come), and a rollout that was in flight ends as an infrastructure failure, never a reward.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const AGENT = "blackjack_gymnasium_agent";
// Seed 26 of the bundled rows: basic strategy hits twice, then stands and wins.
const row = readFileSync("workers/resources/blackjack/data/example.jsonl", "utf8").split("\n").map((l) => l && JSON.parse(l)).find((r) => r?.seed === 26);
const HIT = "<action>hit</action>";
const STAND = "<action>stand</action>";
const MODEL_LATENCY_MS = 1000;

const persistPath = mkdtempSync(join(tmpdir(), "edge-gym-persist-"));
const sessionSecret = randomBytes(32).toString("hex");
let running: RunningStack | undefined;

// Always right, and slow enough to be killed mid-rollout.
const up = () => bringUp({ headPort: 0, only: [AGENT], persistPath, sessionSecret, emulatorArgs: ["--p-correct", "1", "--latency-ms", String(MODEL_LATENCY_MS)] });
const urlOf = (name: string) => running!.stack.instances.find((i) => i.name === name)!.url;

afterAll(async () => {
  await running?.stop();
});

/** One episode session against the blackjack server, as an agent keeps it: its cookie. */
function session() {
  let cookie = "";
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${urlOf("blackjack")}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    cookie = response.headers.getSetCookie()[0]?.split(";")[0] ?? cookie;
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  return {
    reset: () => post("/reset", row),
    step: (text: string) => post("/step", { ...row, response: { id: "r", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text }] }] } }),
  };
}

const run = () => fetch(`${urlOf(AGENT)}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(row) });

/** The workerd processes this test process runs (Miniflare's runtime), by pid. */
function workerdChildren(): number[] {
  const children = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return children.split("\n").filter((line) => /workerd/.test(line)).map((line) => Number(line.trim().split(/\s+/)[0]));
}

test("episodes in Durable Object storage survive a killed workerd; a rollout in flight fails, never scored", { timeout: 180_000 }, async () => {
  const others = workerdChildren();
  running = await up();
  // Only the workerd that this stack started is killed.
  const ours = workerdChildren().filter((pid) => !others.includes(pid));
  expect(ours.length).toBeGreaterThan(0);
  // What an uninterrupted episode and an uninterrupted rollout of the row give.
  const control = session();
  expect((await control.reset()).status).toBe(200);
  const expected = [await control.step(HIT), await control.step(HIT), await control.step(STAND)];
  expect(expected.map((s) => s.body.terminated)).toEqual([false, false, true]);
  const scored = (await (await run()).json()) as Record<string, any>;
  expect(scored).toMatchObject({ reward: expected[2]!.body.reward, step_rewards: [0, 0, expected[2]!.body.reward], terminated: true });

  // One episode one step in, and one rollout in the middle of its second model call.
  const interrupted = session();
  await interrupted.reset();
  expect(await interrupted.step(HIT)).toEqual(expected[0]);
  const inFlight = run().then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (err: Error) => ({ error: err.message }),
  );
  await new Promise((r) => setTimeout(r, MODEL_LATENCY_MS * 1.5));
  for (const pid of ours) process.kill(pid, "SIGKILL");
  const outcome = await inFlight;
  // The caller never gets a score: the connection dies, or an error status without a reward.
  if ("status" in outcome) {
    expect(outcome.status).not.toBe(200);
    expect(outcome.body).not.toMatch(/"reward"/);
  }
  await running.stop();

  running = await up();
  // The episode goes on from its stored hand: the same cards as the uninterrupted one.
  expect(await interrupted.step(HIT)).toEqual(expected[1]);
  expect(await interrupted.step(STAND)).toEqual(expected[2]);
  // A rollout of the row after the restart scores as before it.
  const again = (await (await run()).json()) as Record<string, any>;
  expect(again).toMatchObject({ reward: scored.reward, step_rewards: scored.step_rewards, info: scored.info });
});
