// `edge-gym profile` against small fixtures whose statistics are computed by hand in the comments.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { everyK, passAtK, passMajorityMetrics } from "../../../shared/metrics/pass_at_k.ts";
import { describe as describeValues } from "../../../shared/metrics/stats.ts";
import { profile } from "../../../scripts/profile/profile.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-profile-"));
const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const readJsonl = (path: string) => readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));

// Agent A, three tasks of four rollouts; agent B, a task of one rollout and a task with one of
// its two rollouts missing (it failed), plus a task with no result at all.
const A = { name: "agent_a" };
const B = { name: "agent_b" };
const usage = (input: number, output: number) => ({
  input_tokens: input,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: output,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: input + output,
});
const inputRow = (task: number, rollout: number, agent: { name: string }) => ({
  responses_create_params: { input: `question ${task}` },
  question: `q${task}`,
  agent_ref: agent,
  _ng_task_index: task,
  _ng_rollout_index: rollout,
});
const result = (task: number, rollout: number, agent: { name: string }, reward: number, answer: string | null, tokens: [number, number], extra = {}) => ({
  ...inputRow(task, rollout, agent),
  response: { id: `r${task}.${rollout}`, output: [], usage: usage(...tokens) },
  reward,
  extracted_answer: answer,
  ...extra,
});

const inputs = [
  ...[0, 1, 2].flatMap((t) => [0, 1, 2, 3].map((r) => inputRow(t, r, A))),
  inputRow(3, 0, B),
  inputRow(4, 0, B),
  inputRow(4, 1, B),
  inputRow(5, 0, B),
];
const rollouts = [
  result(0, 0, A, 1, "A", [10, 5], { correct: true }),
  result(0, 1, A, 0, "B", [12, 7], { correct: false }),
  result(0, 2, A, 1, "A", [10, 5], { correct: true }),
  result(0, 3, A, 1, "A", [14, 3], { correct: true }),
  result(1, 0, A, 0, "C", [10, 5]),
  result(1, 1, A, 0, "C", [10, 5]),
  result(1, 2, A, 1, "D", [10, 5]),
  result(1, 3, A, 0, null, [10, 5]),
  ...[0, 1, 2, 3].map((r) => result(2, r, A, 0, null, [10, 5])),
  result(3, 0, B, 0.5, "x", [20, 10]),
  result(4, 1, B, 0.25, "y", [20, 10]),
];

function writeFixture(name: string, rows: object[] = rollouts) {
  const inputsPath = join(dir, `${name}_materialized_inputs.jsonl`);
  const rolloutsPath = join(dir, `${name}.jsonl`);
  writeFileSync(inputsPath, jsonl(inputs));
  // Results arrive out of order.
  writeFileSync(rolloutsPath, jsonl([...rows].reverse()));
  return { inputs: inputsPath, rollouts: rolloutsPath };
}

describe("pass@k and majority@k", () => {
  test("the unbiased estimator on hand-computed cases", () => {
    expect(passAtK(4, 3, 1)).toBeCloseTo(0.75); // 1 - C(1,1)/C(4,1)
    expect(passAtK(4, 1, 2)).toBeCloseTo(0.5); // 1 - C(3,2)/C(4,2) = 1 - 3/6
    expect(passAtK(10, 2, 3)).toBeCloseTo(1 - 56 / 120); // 1 - C(8,3)/C(10,3)
    expect(passAtK(4, 0, 4)).toBe(0);
    expect(passAtK(4, 1, 4)).toBe(1);
    expect(passAtK(1000, 1, 1)).toBeCloseTo(0.001, 12);
    expect(() => passAtK(2, 1, 4)).toThrow(/at least 4/);
  });

  // Was powers of two only (5 -> 1, 2, 4), which drops pass@n whenever n is not one; NeMo Gym
  // reports every k from 1 to n.
  test("every k from 1 to n", () => {
    expect(everyK(1)).toEqual([1]);
    expect(everyK(5)).toEqual([1, 2, 3, 4, 5]);
    expect(everyK(6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test("agent metrics over three tasks of four rollouts, by hand", () => {
    const tasks = [
      [1, 0, 1, 1].map((reward, i) => ({ scores: { accuracy: reward }, answer: ["A", "B", "A", "A"][i]! })),
      [0, 0, 1, 0].map((reward, i) => ({ scores: { accuracy: reward }, answer: ["C", "C", "D", null][i]! })),
      [0, 0, 0, 0].map((reward) => ({ scores: { accuracy: reward }, answer: null })),
    ];
    const m = passMajorityMetrics(tasks, true);
    // pass@1: (0.75 + 0.25 + 0) / 3; pass@2: (1 + 0.5 + 0) / 3; pass@4: (1 + 1 + 0) / 3
    expect(m["pass@1/accuracy"]).toBeCloseTo(100 / 3);
    expect(m["pass@2/accuracy"]).toBeCloseTo(50);
    expect(m["pass@4/accuracy"]).toBeCloseTo(200 / 3);
    // first k rollouts averaged: k=2: (0.5 + 0 + 0) / 3; k=4: (0.75 + 0.25 + 0) / 3
    expect(m["pass@1[avg-of-1]/accuracy"]).toBeCloseTo(100 / 3);
    expect(m["pass@1[avg-of-2]/accuracy"]).toBeCloseTo(50 / 3);
    expect(m["pass@1[avg-of-4]/accuracy"]).toBeCloseTo(100 / 3);
    // majority@2: task 0 ties A(1) and B(0) -> 0.5; majority@4: A wins task 0, C (wrong) wins task 1
    expect(m["majority@1/accuracy"]).toBeCloseTo(100 / 3);
    expect(m["majority@2/accuracy"]).toBeCloseTo(50 / 3);
    expect(m["majority@4/accuracy"]).toBeCloseTo(100 / 3);
    // no_answer is scored like accuracy: pass@1 = (0 + 0.25 + 1) / 3
    expect(m["pass@1/no_answer"]).toBeCloseTo(125 / 3);
    expect(m["pass@1[avg-of-4]/no_answer"]).toBeCloseTo(125 / 3);
    // runs (rollout i of every task): 33.3, 0, 66.7, 33.3
    expect((m.per_sample_aggregate as Record<string, number[]>).accuracy!.map((v) => Number(v.toFixed(2)))).toEqual([33.33, 0, 66.67, 33.33]);
    expect(m["pass@1[avg-of-2]/accuracy/std_dev_across_runs"]).toBeCloseTo(Math.SQRT2 * (100 / 6), 6);
    expect(m["pass@1[avg-of-4]/accuracy/std_dev_across_runs"]).toBeCloseTo(Math.sqrt((2 * (100 / 3) ** 2) / 3), 6);
    expect(m["pass@1[avg-of-4]/accuracy/std_err_across_runs"]).toBeCloseTo(Math.sqrt((2 * (100 / 3) ** 2) / 3) / 2, 6);
    // Was expected absent (3 is not a power of two): pass@3 = (1 + (1 - C(3,3)/C(4,3)) + 0) / 3
    expect(m["pass@3/accuracy"]).toBeCloseTo(175 / 3);
    expect(m["pass@1[avg-of-3]/accuracy"]).toBeCloseTo(100 / 3); // (2/3 + 1/3 + 0) / 3
    expect(m["majority@3/accuracy"]).toBeCloseTo(100 / 3); // A wins task 0; C and D tie in task 1 -> 0
  });

  test("continuous rewards take the best of the first k; no answer key, no majority", () => {
    const m = passMajorityMetrics([[0.2, 0.9], [0.5, 0.1]].map((task) => task.map((accuracy) => ({ scores: { accuracy } }))), false);
    expect(m["pass@1/accuracy"]).toBeCloseTo(35); // (0.2 + 0.5) / 2
    expect(m["pass@2/accuracy"]).toBeCloseTo(70); // (0.9 + 0.5) / 2
    expect(Object.keys(m).some((k) => k.startsWith("majority@") || k.endsWith("no_answer"))).toBe(false);
  });

  test("descriptive statistics use the sample std, and 0 for a group of one", () => {
    expect(describeValues([1, 0, 1, 1], 4)).toEqual({ mean: 0.75, max: 1, min: 0, median: 1, std: 0.5 });
    expect(describeValues([10, 12, 10, 14], 4).std).toBeCloseTo(Math.sqrt(11 / 3));
    expect(describeValues([10, 12, 10, 14], 4).median).toBe(11);
    expect(describeValues([7], 1)).toEqual({ mean: 7, max: 7, min: 7, median: 7, std: 0 });
    expect(describeValues([7], 2).std).toBeUndefined();
  });
});

describe("edge-gym profile", () => {
  test("writes per-task lines and agent metrics matching hand-computed values", async () => {
    const files = writeFixture("hand");
    const result = await profile(files);
    expect(result.answerKey).toBe("extracted_answer");
    expect(result.missing).toBe(2);

    const lines = readJsonl(result.files.profile);
    expect(lines.map((l) => l._ng_task_index)).toEqual([0, 1, 2, 3, 4]);
    const [t0, , , t3, t4] = lines;
    expect(t0).toMatchObject({
      "mean/reward": 0.75, "max/reward": 1, "min/reward": 0, "median/reward": 1, "std/reward": 0.5,
      "mean/correct": 0.75,
      "mean/input_tokens": 11.5, "median/input_tokens": 11, "max/total_tokens": 19, "min/output_tokens": 3,
      num_rollouts: 4, expected_num_rollouts: 4, missing_num_rollouts: 0, reward_profile_completion_pct: 100,
      sample: { responses_create_params: { input: "question 0" }, question: "q0", agent_ref: A },
    });
    expect(t0["std/input_tokens"]).toBeCloseTo(Math.sqrt(11 / 3));
    expect(t0.sample._ng_task_index).toBeUndefined();
    expect(t0.rollout_infos.map((r: any) => r.rollout_id)).toEqual(["0:0", "0:1", "0:2", "0:3"]);
    expect(t0.rollout_infos[1]).toEqual({
      rollout_id: "0:1", _ng_task_index: 0, _ng_rollout_index: 1, reward: 0,
      input_tokens: 12, output_tokens: 7, total_tokens: 19, correct: 0,
    });
    // Stat-major, as NeMo Gym writes them: every mean/ before any max/.
    const keys = Object.keys(t0);
    expect(keys.indexOf("mean/total_tokens")).toBeLessThan(keys.indexOf("max/reward"));
    expect(t3).toMatchObject({ "mean/reward": 0.5, "std/reward": 0, num_rollouts: 1 });
    expect(t4).toMatchObject({ num_rollouts: 1, expected_num_rollouts: 2, missing_num_rollouts: 1, reward_profile_completion_pct: 50 });
    // The sample of a partial task is its first completed rollout's row.
    expect(t4.sample).toMatchObject({ question: "q4" });
    // Statistics cover completed rollouts: one here, so std is 0.
    expect(t4["std/reward"]).toBe(0);

    const agents = JSON.parse(readFileSync(result.files.agentMetrics, "utf8"));
    expect(agents.map((a: any) => a.agent_ref)).toEqual([A, B]);
    const [a, b] = agents;
    expect(a["mean/reward"]).toBeCloseTo(4 / 12);
    expect(a["pass@1/accuracy"]).toBeCloseTo(100 / 3);
    expect(a["pass@4/accuracy"]).toBeCloseTo(200 / 3);
    expect(a["majority@4/accuracy"]).toBeCloseTo(100 / 3);
    expect(a["mean/input_tokens"]).toBeCloseTo((10 + 12 + 10 + 14 + 80) / 12);
    // B: one continuous-reward task of one rollout (0.5) and one of one completed rollout (0.25)
    expect(b["mean/reward"]).toBeCloseTo(0.375);
    expect(b["pass@1/accuracy"]).toBeCloseTo(37.5);
    expect(b["majority@1/accuracy"]).toBeCloseTo(37.5);
    expect(b["pass@2/accuracy"]).toBeUndefined();
  });

  test("rollouts that are not this run's, or twice in the file, are refused", async () => {
    const extra = writeFixture("extra", [...rollouts, result(9, 0, A, 1, null, [1, 1])]);
    await expect(profile(extra)).rejects.toThrow(/1 rollouts have no materialized input row, e.g. \(9, 0\)/);
    const twice = writeFixture("twice", [...rollouts, rollouts[0]!]);
    await expect(profile(twice)).rejects.toThrow(/\(0, 0\) appears twice/);
  });

  test("the CLI takes NeMo Gym's spellings and prints the pass@k table", () => {
    const files = writeFixture("cli");
    const run = spawnSync(process.execPath, ["scripts/edge-gym.ts", "profile", `+materialized_inputs_jsonl_fpath=${files.inputs}`, `+rollouts_jsonl_fpath=${files.rollouts}`], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const [header, , rowA, rowB] = run.stdout.split("\n");
    expect(header!.split(/\s{2,}/)).toEqual(["agent", "tasks", "rollouts", "mean reward", "pass@1", "pass@2", "pass@4", "majority@4"]);
    expect(rowA!.split(/\s{2,}/)).toEqual(["agent_a", "3", "12", "0.333", "33.3", "50.0", "66.7", "33.3"]);
    expect(rowB!.split(/\s{2,}/)).toEqual(["agent_b", "2", "2", "0.375", "37.5", "-", "-", "-"]);
    expect(run.stdout).toContain("2 materialized rollouts have no result");
    expect(run.stdout).toContain(`${dir}/cli_report.html`);

    // NeMo's completion summary, in its words: 14 of 16 rollouts; t4 partial, one task with none.
    expect(run.stdout).toContain("Reward profile completion: 14/16 rollout rows (87.50%)\n");
    expect(run.stdout).toContain("Input rows: 6 total; 4 complete; 1 partial; 1 without rollouts dropped from output.\n");

    // `gym eval profile`, with NeMo's flag for partial runs: the same command.
    const nemo = spawnSync(process.execPath, ["scripts/edge-gym.ts", "eval", "profile", "--inputs", files.inputs, "--rollouts", files.rollouts, "+allow_partial_rollouts=true"], { encoding: "utf8" });
    expect(nemo.status).toBe(0);
    expect(nemo.stdout).toBe(run.stdout);

    const missing = spawnSync(process.execPath, ["scripts/edge-gym.ts", "profile", "--rollouts", files.rollouts], { encoding: "utf8" });
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toBe("edge-gym: profile needs --inputs X_materialized_inputs.jsonl");
  });
});
