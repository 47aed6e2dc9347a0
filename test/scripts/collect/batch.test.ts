// With 16 or more rollouts in flight, first attempts go in /run_batch requests: what the collector
// writes must be what one /run per rollout gives, for every kind of answer, and nothing may be lost
// when a batch is refused, unknown to the agent, or cut off.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../scripts/collect/collect.ts";
import { readJsonl } from "../../stack_helpers.ts";
import { startFakeAgent } from "./fake_agent.ts";
import type { FakeAgent } from "./fake_agent.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-batch-"));
const BEHAVIORS = ["ok", "flaky", "down", "bad", "judge", "no_reward", "nested", "limited"];
const rows = BEHAVIORS.flatMap((behavior, i) => [0, 1].map((n) => ({ responses_create_params: { input: `task ${i}` }, id: `${behavior}-${n}`, behavior, score: (i % 3) / 2 })));

const agents: FakeAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});
async function agent(options: Parameters<typeof startFakeAgent>[0] = {}) {
  const started = await startFakeAgent(options);
  agents.push(started);
  return started;
}

function run(name: string, headUrl: string, data: object[], extra: Partial<CollectOptions> = {}) {
  const input = join(dir, `${name}.in.jsonl`);
  writeFileSync(input, data.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return collect({ headUrl, input, output: join(dir, name, "out.jsonl"), agent: "fake_agent", concurrency: 16, numRepeats: 2, rolloutTimeoutS: 10, maxAttempts: 3, progress: false, ...extra });
}

/** A run's lines, in pair order, without what differs from run to run (wall times). */
function lines(path: string) {
  return readJsonl(path)
    .map(({ _eg_duration_ms: _ms, ...line }) => line)
    .sort((a, b) => a._ng_task_index - b._ng_task_index || a._ng_rollout_index - b._ng_rollout_index);
}

describe("collect over /run_batch", () => {
  test("writes what one /run per rollout writes, for every kind of answer, with every attempt's index", async () => {
    const batched = await agent();
    const single = await agent();
    // One rollout per row: a flaky row fails the first time its id is seen, whichever rollout that is.
    const viaBatch = await run("batched", batched.url, rows, { numRepeats: 1 });
    const viaRun = await run("single", single.url, rows, { numRepeats: 1, concurrency: 2 });
    expect(batched.batches.length).toBeGreaterThan(0);
    expect(single.batches).toHaveLength(0);
    // The same summary; classes as frequent as each other may come in another order.
    const comparable = ({ files: _files, failureClasses, ...summary }: typeof viaRun) => ({ ...summary, failureClasses: [...failureClasses].sort((a, b) => a.failureClass.localeCompare(b.failureClass)) });
    expect(comparable(viaBatch)).toEqual(comparable(viaRun));
    expect(viaBatch).toMatchObject({ total: 16, succeeded: 6, failed: 10 });
    expect(lines(viaBatch.files.rollouts)).toEqual(lines(viaRun.files.rollouts));
    expect(lines(viaBatch.files.failures)).toEqual(lines(viaRun.files.failures));
    // First attempts went in batches, retries through /run: flaky rows twice, down ones three times, bad ones once.
    const asked = (id: string) => batched.runs.filter((r) => r.id === id).length;
    expect([asked("flaky-0"), asked("down-0"), asked("bad-0"), asked("judge-0")]).toEqual([2, 3, 1, 1]);
    expect(batched.batches.flat().length).toBe(16);
  });

  test("a batch the agent refuses (busy) goes row by row, each refusal waited out, and later batches still go", async () => {
    const busy = await agent();
    const data = [...Array.from({ length: 8 }, (_, i) => ({ responses_create_params: { input: "t" }, id: `ok-${i}` })), { responses_create_params: { input: "t" }, id: "busy-0", behavior: "busy" }];
    const summary = await run("busy", busy.url, data, { numRepeats: 4 });
    expect(summary).toMatchObject({ total: 36, succeeded: 36, failed: 0 });
    expect(busy.batches.length).toBeGreaterThan(1);
  });

  test("an agent without /run_batch gets /run for every rollout, after one try", async () => {
    const old = await agent({ batches: false });
    const summary = await run("old", old.url, rows.filter((r) => r.behavior === "ok"), { numRepeats: 10 });
    expect(summary).toMatchObject({ total: 20, succeeded: 20, failed: 0 });
    expect(old.runs).toHaveLength(20);
  });

  test("a batch cut off mid-way: rows without a line go on through /run, none is lost or scored twice", async () => {
    const cut = await agent();
    const data = [...Array.from({ length: 6 }, (_, i) => ({ responses_create_params: { input: "t" }, id: `ok-${i}` })), { responses_create_params: { input: "t" }, id: "hangup-0", behavior: "hangup" }];
    const summary = await run("cut", cut.url, data, { numRepeats: 2, maxAttempts: 2 });
    expect(summary).toMatchObject({ total: 14, succeeded: 12, failed: 2 });
    const written = readJsonl(summary.files.rollouts);
    expect(new Set(written.map((l) => `${l._ng_task_index}-${l._ng_rollout_index}`)).size).toBe(12);
    // Its first attempt cut off in the batch, its second hung up on through /run: as /run reports it.
    for (const failure of readJsonl(summary.files.failures)) expect(failure).toMatchObject({ id: "hangup-0", _ng_failure_class: "upstream_unavailable", _ng_attempt_index: 1 });
  });
});
