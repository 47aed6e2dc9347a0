// Kill and resume, for real: an `edge-gym collect` process against a real local stack is killed
// with SIGKILL mid-run, a torn line is left at the end of its output as a mid-write kill would,
// and `--resume` completes exactly the missing (task, rollout) pairs, with no duplicates.
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const CLI = "scripts/edge-gym.ts";
const dir = mkdtempSync(join(tmpdir(), "edge-gym-resume-"));
const lines = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : []);
const pair = (row: { _ng_task_index: number; _ng_rollout_index: number }) => `${row._ng_task_index}/${row._ng_rollout_index}`;

let running: RunningStack;
beforeAll(async () => {
  // A little model latency keeps the run going long enough to be killed in the middle.
  running = await bringUp({ headPort: 0, emulatorArgs: ["--seed", "3", "--p-correct", "0.5", "--latency-ms", "15"] });
});
afterAll(async () => {
  await running?.stop();
});

function cli(args: string[]) {
  const child = spawn(process.execPath, [CLI, "collect", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  return { child, exited, stdout: () => stdout };
}

describe("kill and resume", () => {
  test("SIGKILL mid-run, then --resume completes exactly the missing pairs", async () => {
    const output = join(dir, "counter.jsonl");
    const args = [
      "--head-url", running.stack.headUrl, "--agent", "example_session_state_mgmt_simple_agent",
      "--input", "workers/resources/example_session_state_mgmt/data/example.jsonl",
      "--output", output, "--num-repeats", "40", "--concurrency", "8",
    ];
    const first = cli(args);
    while (lines(output).length < 40) {
      expect(first.child.exitCode).toBeNull();
      await new Promise((r) => setTimeout(r, 10));
    }
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    const materializedPath = join(dir, "counter_materialized_inputs.jsonl");
    const materialized = lines(materializedPath);
    expect(materialized).toHaveLength(200);
    const before = lines(output);
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(before.length).toBeLessThan(200);
    // What a kill in the middle of a write leaves behind.
    appendFileSync(output, '{"_ng_task_index": 4, "_ng_rollout_index": 39, "respo');

    const second = cli([...args, "--resume"]);
    expect(await second.exited).toBe(0);
    expect(second.stdout()).toContain(`Cut a torn last line off ${output}`);
    expect(second.stdout()).toContain(`${before.length} of 200 rollouts already done, ${200 - before.length} to run.`);
    expect(second.stdout()).toContain(`200/200 rollouts (${before.length} from before)`);

    expect(lines(materializedPath)).toEqual(materialized);
    const after = lines(output).map((l) => JSON.parse(l));
    expect(after).toHaveLength(200);
    expect(new Set(after.map(pair))).toEqual(new Set(materialized.map((l) => pair(JSON.parse(l)))));
    // The first run's results are kept as they were; the rest were appended.
    expect(after.slice(0, before.length).map((r) => JSON.stringify(r))).toEqual(before);
    for (const r of after) expect([0, 1]).toContain(r.reward);
    expect(lines(join(dir, "counter_failures.jsonl"))).toEqual([]);

    const aggregate = JSON.parse(readFileSync(join(dir, "counter_aggregate_metrics.json"), "utf8"));
    const mean = after.reduce((sum, r) => sum + r.reward, 0) / 200;
    expect(aggregate).toHaveLength(1);
    expect(aggregate[0].agent_metrics["mean/reward"]).toBeCloseTo(mean);
    expect(aggregate[0].group_level_metrics.map((g: { num_rollouts: number }) => g.num_rollouts)).toEqual([40, 40, 40, 40, 40]);
    // Every k up to n, as NeMo Gym reports: pass@40 too, which powers of two left out.
    expect(aggregate[0].agent_metrics).toHaveProperty(["pass@40/accuracy"]);
    expect(aggregate[0].key_metrics).toHaveProperty(["mean/reward"]);
  });
});
