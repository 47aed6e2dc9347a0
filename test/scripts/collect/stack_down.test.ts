// A stack that stops answering mid-run: the collector notices, stops dispatching, and leaves the
// rows it never tried (and those that failed only because nothing answered) missing, not failed,
// so --resume against a stack that is back completes them. Connection failures from an agent that
// still answers are ordinary failures.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../scripts/collect/collect.ts";
import { startFakeAgent } from "./fake_agent.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-stack-down-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const readJsonl = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)) : []);
const pair = (row: { _ng_task_index: number; _ng_rollout_index: number }) => `${row._ng_task_index}/${row._ng_rollout_index}`;

function inputFile(name: string, rows: object[]) {
  const path = join(dir, `${name}.in.jsonl`);
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n"));
  return path;
}
const task = (id: string, extra: object = {}) => ({ responses_create_params: { input: `task ${id}` }, id, ...extra });

const options = (name: string, headUrl: string, input: string, extra: Partial<CollectOptions> = {}): CollectOptions => ({
  headUrl,
  input,
  output: join(dir, name, "out.jsonl"),
  agent: "fake_agent",
  concurrency: 3,
  numRepeats: 1,
  rolloutTimeoutS: 10,
  maxAttempts: 2,
  progress: false,
  ...extra,
});

describe("collect when the stack stops answering", () => {
  test("stops early, records nothing for untried rows, and --resume against a fresh stack completes them", async () => {
    const first = await startFakeAgent({ delayMs: 30 });
    const input = inputFile("down", Array.from({ length: 30 }, (_, i) => task(`t${i}`)));
    const run = collect(options("down", first.url, input));
    while (first.answered() < 6) await new Promise((r) => setTimeout(r, 5));
    await first.close();
    const summary = await run;

    expect(summary.stackDown).toBeDefined();
    const { connectionFailures, notTried } = summary.stackDown!;
    expect(connectionFailures).toBeGreaterThanOrEqual(3);
    expect(notTried).toBeGreaterThan(0);
    expect(notTried + connectionFailures).toBeLessThanOrEqual(summary.missing);
    expect(summary).toMatchObject({ total: 30, failed: 0, interrupted: false, missing: 30 - summary.succeeded });
    // The failure was the stack's: no row of it is a failure, and no aggregate was asked of a dead stack.
    expect(readJsonl(summary.files.failures)).toEqual([]);
    expect(existsSync(summary.files.aggregateMetrics)).toBe(false);
    const before = readJsonl(summary.files.rollouts);
    expect(before).toHaveLength(summary.succeeded);

    const second = await startFakeAgent();
    try {
      const resumed = await collect(options("down", second.url, input, { resume: true }));
      expect(resumed).toMatchObject({ total: 30, resumed: before.length, succeeded: 30 - before.length, failed: 0, missing: 0 });
      expect(resumed.stackDown).toBeUndefined();
      expect(second.runs).toHaveLength(30 - before.length);
      const after = readJsonl(resumed.files.rollouts);
      expect(after).toHaveLength(30);
      expect(new Set(after.map(pair)).size).toBe(30);
      expect(readJsonl(resumed.files.failures)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  test("connection failures from an agent that still answers are failures, each written once", async () => {
    const agent = await startFakeAgent();
    try {
      // One at a time: a streak long enough to probe, one cut short by a success, one left at the end.
      const rows = [...["h1", "h2", "h3", "h4"].map((id) => task(id, { behavior: "hangup" })), task("ok1"), task("ok2"), task("h5", { behavior: "hangup" })];
      const summary = await collect(options("hangup", agent.url, inputFile("hangup", rows), { concurrency: 1, maxAttempts: 1 }));
      expect(summary).toMatchObject({ total: 7, succeeded: 2, failed: 5, missing: 5 });
      expect(summary.stackDown).toBeUndefined();
      const failures = readJsonl(summary.files.failures);
      expect(failures.map((f) => f.id).sort()).toEqual(["h1", "h2", "h3", "h4", "h5"]);
      expect(failures.every((f) => f._ng_failure_class === "upstream_unavailable" && f.reward === undefined)).toBe(true);
      expect(summary.aggregate).toHaveLength(1);
    } finally {
      await agent.close();
    }
  });
});
