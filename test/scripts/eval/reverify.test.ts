// `eval reverify` against NeMo Gym's documented behaviour: stored responses go through /verify only,
// results keep their identity, failures are never scored, --judge-failed-only re-asks only judge failures.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { startFakeStack, response } from "./fake_stack.ts";
import type { FakeStack } from "./fake_stack.ts";
import { cli, jsonl, readJsonlFile } from "./cli.ts";

let stack: FakeStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const agent_ref = { name: "math_agent" };
const input = (task: number, rollout: number, expected: string, extra: object = {}) => ({ _ng_task_index: task, _ng_rollout_index: rollout, agent_ref, responses_create_params: { input: [{ role: "user", content: `q${task}` }] }, expected, ...extra });

/** A run folder: 2 tasks x 2 rollouts, stored with rewards an older verifier gave. */
function run(): string {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-reverify-"));
  const inputs = [input(0, 0, "4"), input(0, 1, "4"), input(1, 0, "9"), input(1, 1, "9", { judge: "down" })];
  writeFileSync(join(dir, "rollouts_materialized_inputs.jsonl"), jsonl(inputs));
  const answers = ["4", "5", "9", "9"];
  const rollouts = inputs.map((row, i) => ({ ...row, response: response(answers[i]!), reward: 0, _ng_rollout_id: `r-${i}`, _ng_attempt_index: 1 }));
  writeFileSync(join(dir, "rollouts.jsonl"), jsonl(rollouts));
  return dir;
}

const args = (dir: string, output: string) => ["eval", "reverify", "--inputs", join(dir, "rollouts_materialized_inputs.jsonl"), "--rollouts", join(dir, "rollouts.jsonl"), "--output", join(dir, output), "--head-url", stack!.url];

describe("eval reverify", () => {
  test("re-scores stored responses through /verify alone, keeping each rollout's identity; a judge failure goes to the failures file", async () => {
    stack = await startFakeStack({ reverifyMode: "stateless" });
    const dir = run();
    const result = await cli(...args(dir, "reverified.jsonl"));
    expect(result.stderr).toBe("");
    // One rollout's judge failed: the run says so in its exit code.
    expect(result.code).toBe(1);
    expect(stack.modelCalls).toBe(0);
    expect(stack.verified.map((r) => r.response.output[0].content[0].text).sort()).toEqual(["4", "5", "9", "9"]);
    const out = readJsonlFile(readFileSync(join(dir, "reverified.jsonl"), "utf8")).sort((a, b) => a._ng_task_index - b._ng_task_index || a._ng_rollout_index - b._ng_rollout_index);
    expect(out.map((r) => [r._ng_task_index, r._ng_rollout_index, r.reward, r._ng_rollout_id, r._ng_attempt_index, r.agent_ref.name])).toEqual([
      [0, 0, 1, "r-0", 1, "math_agent"],
      [0, 1, 0, "r-1", 1, "math_agent"],
      [1, 0, 1, "r-2", 1, "math_agent"],
    ]);
    const [failure] = readJsonlFile(readFileSync(join(dir, "reverified_failures.jsonl"), "utf8"));
    expect(failure).toMatchObject({ _ng_task_index: 1, _ng_rollout_index: 1, _ng_failure_class: "judge_failed", _ng_rollout_id: "r-3" });
    expect(failure.reward).toBeUndefined();
    const metrics = JSON.parse(readFileSync(join(dir, "reverified_aggregate_metrics.json"), "utf8"));
    expect(metrics).toHaveLength(1);
    expect(Object.keys(metrics[0]).sort()).toEqual(["agent_metrics", "agent_ref", "group_level_metrics", "key_metrics"]);
    expect(metrics[0].agent_ref).toEqual(agent_ref);
    // The failure is not a 0 in the metrics: three scored rollouts, two right.
    expect(metrics[0].agent_metrics).toEqual({ "mean/reward": 2 / 3, rollouts: 3 });
    expect(stack.aggregated.every((r) => r.responses_create_params === undefined && Object.keys(r.response).join() === "usage")).toBe(true);
  });

  test("refuses a server that does not declare reverify_mode stateless unless forced, and then names the outputs unsafe_", async () => {
    stack = await startFakeStack();
    const dir = run();
    const refused = await cli(...args(dir, "out.jsonl"));
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/math.*reverify_mode.*--force/);
    expect(stack.verified).toHaveLength(0);
    const forced = await cli(...args(dir, "out.jsonl"), "--force", "--disable-aggregation");
    expect(forced.stdout).toMatch(/WARNING/);
    expect(existsSync(join(dir, "unsafe_out.jsonl"))).toBe(true);
    expect(existsSync(join(dir, "out.jsonl"))).toBe(false);
    expect(existsSync(join(dir, "unsafe_out_aggregate_metrics.json"))).toBe(false);
  });

  test("--judge-failed-only carries the successes over and re-asks only judge failures that hold their response", async () => {
    stack = await startFakeStack();
    const dir = run();
    const successes = readJsonlFile(readFileSync(join(dir, "rollouts.jsonl"), "utf8")).slice(0, 2).map((r) => ({ ...r, reward: 1 }));
    writeFileSync(join(dir, "rollouts.jsonl"), jsonl(successes));
    const recoverable = { ...input(1, 0, "9"), response: response("9"), _ng_failure_class: "judge_failed", error: { type: "judge_failed" }, _ng_rollout_id: "r-2" };
    // Twice in the failures file (two attempts): re-asked once.
    const failures = [recoverable, recoverable, { ...input(1, 1, "9"), _ng_failure_class: "judge_failed", error: null }, { ...input(2, 0, "1"), _ng_failure_class: "deadline_exceeded", error: null }];
    writeFileSync(join(dir, "rollouts_failures.jsonl"), jsonl(failures));
    // No guard in recovery mode: the fake server declares no reverify_mode, and no --force is needed.
    const result = await cli(...args(dir, "recovered.jsonl"), "--judge-failed-only");
    expect(result.stdout).toMatch(/seeded 2 successful/);
    expect(stack.verified.map((r) => [r._ng_task_index, r._ng_rollout_index])).toEqual([[1, 0]]);
    const out = readJsonlFile(readFileSync(join(dir, "recovered.jsonl"), "utf8"));
    expect(out.map((r) => [r._ng_task_index, r._ng_rollout_index, r.reward])).toEqual([
      [0, 0, 1],
      [0, 1, 1],
      [1, 0, 1],
    ]);
    expect(out[2]._ng_rollout_id).toBe("r-2");
    // The judge failure kept without a response cannot be replayed: still a failure, never a 0.
    const left = readJsonlFile(readFileSync(join(dir, "recovered_failures.jsonl"), "utf8"));
    expect(left.map((r) => [r._ng_task_index, r._ng_rollout_index, r._ng_failure_class])).toEqual([[1, 1, "judge_failed"]]);
    expect(result.code).toBe(1);
  });

  test("--resume verifies only what the output lacks; --append adds recovered judge failures to an existing file", async () => {
    stack = await startFakeStack({ reverifyMode: "stateless" });
    const dir = run();
    expect((await cli(...args(dir, "y.jsonl"), "--limit", "2", "--disable-aggregation")).code).toBe(0);
    expect(stack.verified).toHaveLength(2);
    await cli(...args(dir, "y.jsonl"), "--resume");
    // Two left: (1, 0) and the judge failure (1, 1).
    expect(stack.verified.slice(2).map((r) => [r._ng_task_index, r._ng_rollout_index]).sort()).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(readJsonlFile(readFileSync(join(dir, "y.jsonl"), "utf8"))).toHaveLength(3);
    // The judge answers now (the fake reads its mood from the input): the judge failure is recovered straight into y.jsonl.
    const inputs = join(dir, "rollouts_materialized_inputs.jsonl");
    writeFileSync(inputs, readFileSync(inputs, "utf8").replace('"judge":"down"', '"judge":"up"'));
    const recovered = await cli("eval", "reverify", "--inputs", join(dir, "rollouts_materialized_inputs.jsonl"), "--rollouts", join(dir, "y.jsonl"), "--output", join(dir, "y.jsonl"), "--head-url", stack.url, "--judge-failed-only", "--append", "--disable-aggregation");
    expect(recovered.code).toBe(0);
    expect(readJsonlFile(readFileSync(join(dir, "y.jsonl"), "utf8")).map((r) => [r._ng_task_index, r._ng_rollout_index]).sort()).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
  });

  test("bad input is one line and exit 2", async () => {
    stack = await startFakeStack({ reverifyMode: "stateless" });
    const dir = run();
    const cases: [string[], RegExp][] = [
      [["eval", "reverify", "--rollouts", join(dir, "rollouts.jsonl"), "--output", join(dir, "o.jsonl")], /needs --inputs/],
      [[...args(dir, "o.jsonl"), "--append"], /--append is only valid together with --judge-failed-only/],
      [[...args(dir, "o.jsonl"), "--concurrency", "0"], /--concurrency expects a positive integer/],
      [["eval", "reverify", "--inputs", join(dir, "nope.jsonl"), "--rollouts", join(dir, "rollouts.jsonl"), "--output", join(dir, "o.jsonl")], /--inputs: file not found/],
      [args(dir, "rollouts.jsonl"), /already exists.*--overwrite/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
    expect(stack.verified).toHaveLength(0);
  });

  test("without --head-url, a local stack starts for the rollouts' agents: a real mcqa verifier scores the stored answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "edge-gym-reverify-local-"));
    const row = (task: number) => ({ _ng_task_index: task, _ng_rollout_index: 0, agent_ref: { name: "mcqa_simple_agent" }, responses_create_params: { input: [{ role: "user", content: "Put only the letter of your final choice inside \\boxed{}. What is 27 + 58?\nA: 75\nB: 95\nC: 85\nD: 86" }] }, options: [{ A: "75" }, { B: "95" }, { C: "85" }, { D: "86" }], expected_answer: "C", grading_mode: "strict_single_letter_boxed" });
    const usage = { input_tokens: 5, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 7 };
    const stored = (task: number, answer: string) => ({ ...row(task), response: { ...response(answer), usage, output: [{ type: "message", id: `m${task}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: answer, annotations: [] }] }] }, reward: 0.5 });
    writeFileSync(join(dir, "x_materialized_inputs.jsonl"), jsonl([row(0), row(1)]));
    writeFileSync(join(dir, "x.jsonl"), jsonl([stored(0, "\\boxed{C}"), stored(1, "\\boxed{A}")]));
    // mcqa's /reverify_mode answers stateless (its verdict reads only the request): no --force, no unsafe_ names.
    const result = await cli("eval", "reverify", "--inputs", join(dir, "x_materialized_inputs.jsonl"), "--rollouts", join(dir, "x.jsonl"), "--output", join(dir, "y.jsonl"));
    expect(result.code, result.stderr).toBe(0);
    // Written as they come back: in any order.
    expect(readJsonlFile(readFileSync(join(dir, "y.jsonl"), "utf8")).map((r) => [r._ng_task_index, r.reward]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    const [metrics] = JSON.parse(readFileSync(join(dir, "y_aggregate_metrics.json"), "utf8"));
    expect(metrics.agent_ref).toEqual({ name: "mcqa_simple_agent" });
    expect(metrics.agent_metrics["mean/reward"]).toBe(0.5);
  }, 120_000);

  test("NeMo's spellings work as the flags", async () => {
    stack = await startFakeStack({ reverifyMode: "stateless" });
    const dir = run();
    const result = await cli("eval", "reverify", `+materialized_inputs_jsonl_fpath=${join(dir, "rollouts_materialized_inputs.jsonl")}`, `+rollouts_jsonl_fpath=${join(dir, "rollouts.jsonl")}`, `+output_jsonl_fpath=${join(dir, "n.jsonl")}`, "+limit=2", "+disable_aggregation=true", "--head-url", stack.url);
    expect(result.code).toBe(0);
    expect(readJsonlFile(readFileSync(join(dir, "n.jsonl"), "utf8"))).toHaveLength(2);
  });
});
