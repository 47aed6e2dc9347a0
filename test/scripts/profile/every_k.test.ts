// `edge-gym profile` with rollout counts that are not powers of two (3, 5, 6) and a missing
// rollout: every k up to n in X_agent_metrics.json, NeMo Gym's group fields in
// X_reward_profiling.jsonl, and the table's readable subset of k.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { profile } from "../../../scripts/profile/profile.ts";
import { passAtKTable } from "../../../scripts/profile/table.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-profile-every-k-"));
const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const readJsonl = (path: string) => readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));

const agent = { name: "agent_x" };
const input = (task: number, rollout: number) => ({ responses_create_params: { input: `q${task}` }, agent_ref: agent, _ng_task_index: task, _ng_rollout_index: rollout });
// Tasks of 3, 5 and 6 rollouts; rollout 4 of task 1 failed. Rollout r is right when r < correct.
const SIZES = [3, 5, 6];
const CORRECT = [1, 2, 0];
const inputs = SIZES.flatMap((n, t) => Array.from({ length: n }, (_, r) => input(t, r)));
const results = inputs
  .filter((row) => !(row._ng_task_index === 1 && row._ng_rollout_index === 4))
  .map((row) => ({ ...row, response: { output: [], usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } }, reward: row._ng_rollout_index < CORRECT[row._ng_task_index]! ? 1 : 0 }));

async function run() {
  const files = { inputs: join(dir, "x_materialized_inputs.jsonl"), rollouts: join(dir, "x.jsonl") };
  writeFileSync(files.inputs, jsonl(inputs));
  writeFileSync(files.rollouts, jsonl([...results].reverse()));
  return profile(files);
}

describe("edge-gym profile with 3, 5 and 6 rollouts per task", () => {
  test("X_agent_metrics.json has pass@k and pass@1[avg-of-k] at every k up to 6", async () => {
    const result = await run();
    const [metrics] = JSON.parse(readFileSync(result.files.agentMetrics, "utf8"));
    for (let k = 1; k <= 6; k++) {
      expect(metrics, `k = ${k}`).toHaveProperty([`pass@${k}/accuracy`]);
      expect(metrics, `k = ${k}`).toHaveProperty([`pass@1[avg-of-${k}]/accuracy`]);
    }
    expect(metrics).not.toHaveProperty(["pass@7/accuracy"]);
    // pass@3 over all three tasks: task 0 (1 of 3 right) 1, task 1 (2 of 4 right) 1 - C(2,3)/C(4,3) = 1, task 2 0
    expect(metrics["pass@3/accuracy"]).toBeCloseTo(200 / 3);
    // pass@5 and pass@6: only task 2 has that many completed rollouts, all wrong
    expect(metrics["pass@5/accuracy"]).toBe(0);
    expect(metrics["pass@6/accuracy"]).toBe(0);
    expect(metrics.agent_ref).toEqual(agent);
  });

  test("X_reward_profiling.jsonl counts expected and missing rollouts per task", async () => {
    const lines = readJsonl((await run()).files.profile);
    expect(lines.map((l) => [l._ng_task_index, l.num_rollouts, l.expected_num_rollouts, l.missing_num_rollouts, l.reward_profile_completion_pct])).toEqual([
      [0, 3, 3, 0, 100],
      [1, 4, 5, 1, 80],
      [2, 6, 6, 0, 100],
    ]);
    expect(lines[1].rollout_infos.map((r: any) => r._ng_rollout_index)).toEqual([0, 1, 2, 3]);
    expect(lines[1].sample).toEqual({ responses_create_params: { input: "q1" }, agent_ref: agent });
  });

  test("the terminal table shows the powers of two below n and n itself", async () => {
    const [header, , row] = passAtKTable((await run()).agents).split("\n");
    expect(header!.split(/\s{2,}/)).toEqual(["agent", "tasks", "rollouts", "mean reward", "pass@1", "pass@2", "pass@4", "pass@6"]);
    // pass@1 (1/3 + 2/4 + 0) / 3; pass@2 (1 - 1/3 + 1 - 1/6 + 0) / 3; pass@4 tasks 1 and 2: (1 + 0) / 2; pass@6 task 2
    expect(row!.split(/\s{2,}/)).toEqual(["agent_x", "3", "13", "0.231", "27.8", "50.0", "50.0", "0.0"]);
  });
});
