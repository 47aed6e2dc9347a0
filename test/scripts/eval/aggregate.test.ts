// `eval aggregate` against NeMo Gym's documented behaviour: globbed shards merged in task/rollout
// order, one aggregate-metrics file over all of them, then the automatic health check.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { expandInputGlob } from "../../../scripts/eval/aggregate.ts";
import { startFakeStack, response } from "./fake_stack.ts";
import type { FakeStack } from "./fake_stack.ts";
import { cli, jsonl, readJsonlFile } from "./cli.ts";

let stack: FakeStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const rollout = (task: number, rollout: number, reward: number) => ({ _ng_task_index: task, _ng_rollout_index: rollout, agent_ref: { name: "math_agent" }, responses_create_params: { input: [] }, response: response("x"), reward });

function shards(): string {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-aggregate-"));
  mkdirSync(join(dir, "a"));
  mkdirSync(join(dir, "b"));
  writeFileSync(join(dir, "a", "rollouts-chunk1.jsonl"), jsonl([rollout(1, 1, 0), rollout(0, 0, 1)]));
  writeFileSync(join(dir, "a", "rollouts-chunk0.jsonl"), jsonl([rollout(1, 0, 1)]));
  writeFileSync(join(dir, "b", "rollouts.jsonl"), jsonl([rollout(0, 1, 1)]));
  return dir;
}

describe("eval aggregate", () => {
  test("comma-separated globs: each pattern's matches sorted, a path matched twice kept once", () => {
    const dir = shards();
    expect(expandInputGlob(` ${dir}/a/*.jsonl , ${dir}/a/rollouts-chunk0.jsonl,${dir}/b/*.jsonl`)).toEqual([join(dir, "a/rollouts-chunk0.jsonl"), join(dir, "a/rollouts-chunk1.jsonl"), join(dir, "b/rollouts.jsonl")]);
  });

  test("merges the shards in task and rollout order, computes one metrics file over all of them, and checks their health", async () => {
    stack = await startFakeStack();
    const dir = shards();
    const output = join(dir, "merged", "rollouts.jsonl");
    const result = await cli("eval", "aggregate", "--input-glob", `${dir}/a/*.jsonl,${dir}/b/*.jsonl`, "--output", output, "--head-url", stack.url);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Aggregating 3 shard\(s\)/);
    expect(result.stdout).toMatch(/Loaded 4 rollout record\(s\) from 3 shard\(s\)/);
    const merged = readJsonlFile(readFileSync(output, "utf8"));
    expect(merged.map((r) => [r._ng_task_index, r._ng_rollout_index])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(stack.aggregated).toHaveLength(4);
    const metrics = JSON.parse(readFileSync(join(dir, "merged", "rollouts_aggregate_metrics.json"), "utf8"));
    expect(metrics.map((m: any) => [m.agent_ref.name, m.agent_metrics["mean/reward"]])).toEqual([["math_agent", 0.75]]);
    expect(result.stdout).toMatch(/Rollout health: 4 checked/);
    expect(readJsonlFile(readFileSync(join(dir, "merged", "rollout_verdicts.jsonl"), "utf8"))).toHaveLength(4);
    expect(existsSync(join(dir, "merged", "quality_summary.json"))).toBe(true);
  });

  test("NeMo's +merge_shards=false writes the metrics without the merged file; --no-health-check writes no report", async () => {
    stack = await startFakeStack();
    const dir = shards();
    const output = join(dir, "out", "all.jsonl");
    const result = await cli("eval", "aggregate", `+input_glob=${dir}/*/*.jsonl`, `+output_jsonl_fpath=${output}`, "+merge_shards=false", "--no-health-check", "--head-url", stack.url);
    expect(result.code).toBe(0);
    expect(existsSync(output)).toBe(false);
    expect(existsSync(join(dir, "out", "all_aggregate_metrics.json"))).toBe(true);
    expect(existsSync(join(dir, "out", "quality_summary.json"))).toBe(false);
  });

  test("bad input is one line and exit 2", async () => {
    const dir = shards();
    const cases: [string[], RegExp][] = [
      [["eval", "aggregate", "--output", join(dir, "o.jsonl")], /needs --input-glob/],
      [["eval", "aggregate", "--input-glob", `${dir}/none*.jsonl`, "--output", join(dir, "o.jsonl")], /no shards matched/],
      [["eval", "aggregate", "--input-glob", `${dir}/a/*.jsonl`, "--output", join(dir, "o.jsonl"), "--health-check-ignore", "bogus"], /unknown or not ignorable health check "bogus"/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });
});
