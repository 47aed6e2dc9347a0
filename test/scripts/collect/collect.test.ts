// The collector's outputs against a scripted agent (SPEC "Collection outputs"): materialized rows,
// results stamped and appended, bounded retries, failures routed with their class (never a reward
// of 0), input errors before anything runs, and X_aggregate_metrics.json.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../scripts/collect/collect.ts";
import { startFakeAgent } from "./fake_agent.ts";
import { readJsonl } from "../../stack_helpers.ts";
import type { FakeAgent } from "./fake_agent.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-collect-"));
const input = (name: string, rows: (object | string)[]) => {
  const path = join(dir, `${name}.in.jsonl`);
  writeFileSync(path, rows.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n");
  return path;
};
const task = (id: string, extra: object = {}) => ({ responses_create_params: { input: `task ${id}`, temperature: 1 }, id, ...extra });

let agent: FakeAgent;
beforeAll(async () => {
  agent = await startFakeAgent();
});
afterAll(async () => {
  await agent.close();
});

const options = (name: string, inputPath: string, extra: Partial<CollectOptions> = {}): CollectOptions => ({
  headUrl: agent.url,
  input: inputPath,
  output: join(dir, name, "out.jsonl"),
  agent: "fake_agent",
  concurrency: 3,
  numRepeats: 1,
  rolloutTimeoutS: 10,
  progress: false,
  ...extra,
});

describe("collect", () => {
  test("materialized inputs copy each row verbatim, as NeMo Gym does: checked, but not rewritten into the schema's normal form", async () => {
    const row = {
      responses_create_params: { input: [{ role: "user", content: "hi" }, { role: "assistant", content: [{ type: "output_text", text: "yo" }] }] },
      id: "verbatim",
      extra: { nested: [1, "two", null] },
    };
    const summary = await collect(options("verbatim", input("verbatim", [row])));
    const [materialized] = readJsonl(summary.files.materialized);
    expect(materialized.responses_create_params).toEqual(row.responses_create_params);
    expect(materialized.extra).toEqual(row.extra);
  });

  test("materializes aabbcc with indices and overrides, appends stamped results, aggregates per agent", async () => {
    const before = agent.runs.length;
    const rows = [task("a", { score: 1 }), task("b", { score: 0, agent_ref: { name: "other_agent" } }), task("a", { score: 1 }), task("c", { score: 0.5 })];
    const summary = await collect(options("layout", input("layout", rows), { numRepeats: 2, limit: 3, overrides: { temperature: 0.2, max_output_tokens: 64 } }));
    expect(summary).toMatchObject({ total: 6, resumed: 0, succeeded: 6, failed: 0, interrupted: false, missing: 0 });
    expect(summary.meanReward).toBeCloseTo(4 / 6);

    const materialized = readJsonl(summary.files.materialized);
    // The third line repeats the first: NeMo Gym makes identical rows one task, rollouts 2 and 3.
    expect(materialized.map((r) => [r.id, r._ng_task_index, r._ng_rollout_index, r.agent_ref.name])).toEqual([
      ["a", 0, 0, "fake_agent"], ["a", 0, 1, "fake_agent"],
      ["b", 1, 0, "other_agent"], ["b", 1, 1, "other_agent"],
      ["a", 0, 2, "fake_agent"], ["a", 0, 3, "fake_agent"],
    ]);
    expect(materialized[0].responses_create_params).toEqual({ input: "task a", temperature: 0.2, max_output_tokens: 64 });

    // /run gets the row without the collector's indices; results carry them again.
    const sent = agent.runs.slice(before);
    expect(sent).toHaveLength(6);
    expect(sent.every((r) => r._ng_task_index === undefined && r.responses_create_params.temperature === 0.2)).toBe(true);
    const results = readJsonl(summary.files.rollouts);
    expect(results.map((r) => `${r._ng_task_index}/${r._ng_rollout_index}`).sort()).toEqual(["0/0", "0/1", "0/2", "0/3", "1/0", "1/1"]);
    expect(results.find((r) => r.id === "b").agent_ref).toEqual({ name: "other_agent" });

    const aggregate = JSON.parse(readFileSync(summary.files.aggregateMetrics, "utf8"));
    expect(aggregate.map((e: any) => [e.agent_ref.name, e.agent_metrics["mean/reward"]])).toEqual([["fake_agent", 1], ["other_agent", 0]]);
    expect(Object.keys(aggregate[0])).toEqual(["agent_ref", "agent_metrics", "key_metrics", "group_level_metrics"]);
    // What /aggregate_metrics receives: no create params, only usage of the response.
    const stripped = agent.aggregates.at(-1)!.verify_responses[0];
    expect(stripped.responses_create_params).toBeUndefined();
    // Nor the attempt index every line carries: it is no metric.
    expect(stripped._ng_attempt_index).toBeUndefined();
    expect(results.every((r) => r._ng_attempt_index === 0)).toBe(true);
    expect(stripped.response).toEqual({ usage: expect.objectContaining({ total_tokens: 5 }) });
    expect(stripped).toMatchObject({ _ng_task_index: 1, agent_ref: { name: "other_agent" }, reward: 0 });
  });

  test("failures: bounded retries, then the failures file with class and attempts, never a reward", async () => {
    const rows = [
      task("ok"), task("flaky", { behavior: "flaky" }), task("down", { behavior: "down" }),
      task("bad", { behavior: "bad" }), task("judge", { behavior: "judge" }), task("none", { behavior: "no_reward" }),
    ];
    const before = agent.runs.length;
    const summary = await collect(options("failures", input("failures", rows), { maxAttempts: 2 }));
    expect(summary).toMatchObject({ total: 6, succeeded: 2, failed: 4, missing: 4 });
    expect(readJsonl(summary.files.rollouts).map((r) => r.id).sort()).toEqual(["flaky", "ok"]);
    const failures = readJsonl(summary.files.failures);
    expect(Object.fromEntries(failures.map((f) => [f.id, [f._ng_failure_class, f._ng_attempts]]))).toEqual({
      down: ["deadline_exceeded", 2],
      bad: ["invalid_request", 1],
      // A judge that failed (asked again by the server already) is not answered by a new sample.
      judge: ["judge_failed", 1],
      none: ["no_reward", 2],
    });
    expect(failures.every((f) => f.reward === undefined && Number.isInteger(f._ng_rollout_index))).toBe(true);
    expect(failures.find((f) => f.id === "down").error).toMatchObject({ status: 504, hop: "policy_model/v1/responses" });
    // The judge's failure keeps the model's answer for `eval reverify --judge-failed-only`, not its reward.
    expect(failures.find((f) => f.id === "judge")).toMatchObject({ response: { id: "r", output: [] }, error: "judge down" });
    expect(failures.find((f) => f.id === "down").response).toBeUndefined();
    // ok 1 + flaky 2 + down 2 + bad 1 (bad input is not retried) + judge 1 + none 2
    expect(agent.runs.length - before).toBe(9);
  });

  test("--resume does not ask again what failed on bad input (terminal), and numbers each retry's attempt past every earlier one", async () => {
    const rows = [task("bad-input", { behavior: "bad" }), task("down-again", { behavior: "down" })];
    const first = await collect(options("terminal", input("terminal", rows), { maxAttempts: 2 }));
    expect(first).toMatchObject({ failed: 2, notRetried: 0 });
    const asked = () => agent.runs.filter((r) => r.id === "bad-input").length;
    const askedBefore = asked();
    const indexOf = (summary: typeof first) => readJsonl(summary.files.failures).find((f) => f.id === "down-again")._ng_attempt_index;
    expect(indexOf(first)).toBe(1);
    const logged: string[] = [];
    const second = await collect(options("terminal", input("terminal", rows), { maxAttempts: 2, resume: true, log: (line) => logged.push(line) }));
    expect(asked()).toBe(askedBefore);
    expect(second).toMatchObject({ failed: 1, notRetried: 1, missing: 2 });
    expect(logged.join("\n")).toMatch(/0 of 2 rollouts already done, 1 failed on bad input before \(not run again; see .*out_failures\.jsonl\), 1 to run\./);
    // Still listed, by its first run's line: terminal.
    expect(readJsonl(second.files.failures).map((f) => [f.id, f._ng_failure_terminal ?? false])).toEqual([["bad-input", true], ["down-again", false]]);
    expect(indexOf(second)).toBe(3);
    // The pruned file keeps only the latest line, yet a third run goes on past it, never repeating an attempt index.
    const third = await collect(options("terminal", input("terminal", rows), { maxAttempts: 1, resume: true }));
    expect(indexOf(third)).toBe(4);
  });

  test("a run in which no rollout succeeded has no mean reward, not a mean of 0", async () => {
    const summary = await collect(options("none_scored", input("none_scored", [task("none-1", { behavior: "down" }), task("none-2", { behavior: "bad" })]), { maxAttempts: 1 }));
    expect(summary).toMatchObject({ succeeded: 0, failed: 2, meanReward: null });
  });

  test("after --resume the failures file lists only the pairs still failing, each by its latest failure", async () => {
    const rows = [task("resolved", { behavior: "flaky" }), task("still", { behavior: "down" }), task("fine")];
    const first = await collect(options("resolve", input("resolve", rows), { maxAttempts: 1 }));
    expect(first).toMatchObject({ succeeded: 1, failed: 2, resolvedFailures: 0 });
    expect(readJsonl(first.files.failures).map((f) => f.id).sort()).toEqual(["resolved", "still"]);

    const second = await collect(options("resolve", input("resolve", rows), { maxAttempts: 2, resume: true }));
    expect(second).toMatchObject({ resumed: 1, succeeded: 1, failed: 1, missing: 1, resolvedFailures: 1 });
    // "still" failed in both runs: listed once, by this run's line (two attempts).
    expect(readJsonl(second.files.failures).map((f) => [f.id, f._ng_attempts])).toEqual([["still", 2]]);

    const third = await collect(options("resolve", input("resolve", rows), { maxAttempts: 1, resume: true }));
    expect(third).toMatchObject({ resumed: 2, failed: 1, resolvedFailures: 0 });
    expect(readJsonl(third.files.failures).map((f) => [f.id, f._ng_attempts])).toEqual([["still", 1]]);
    expect(existsSync(`${third.files.failures}.partial`)).toBe(false);
  });

  test("bad rows, unknown agents and missing agents are reported before anything runs", async () => {
    const before = agent.runs.length;
    const bad = input("bad_json", [task("1"), "{not json", task("3")]);
    await expect(collect(options("e1", bad))).rejects.toThrow(`${bad}:2: not valid JSON`);
    const unknown = input("unknown", [task("1"), task("2", { agent_ref: { name: "ghost_agent" } })]);
    await expect(collect(options("e2", unknown))).rejects.toThrow(`${unknown}:2: unknown agent "ghost_agent" (running agents: fake_agent, other_agent)`);
    const noAgent = input("no_agent", [task("1")]);
    await expect(collect(options("e3", noAgent, { agent: undefined }))).rejects.toThrow(`${noAgent}:1: the row has no agent_ref and no --agent was given`);
    const badField = input("bad_field", [{ responses_create_params: { input: "x", temperature: 9 } }]);
    await expect(collect(options("e4", badField))).rejects.toThrow(`${badField}:1: responses_create_params.temperature:`);
    expect(agent.runs.length).toBe(before);
    // Lines past --limit are not read, so they cannot be wrong.
    expect((await collect(options("e5", bad, { limit: 1 }))).succeeded).toBe(1);
  });
});

describe("collect against a stack that wants a bearer token", () => {
  let guarded: FakeAgent;
  beforeAll(async () => {
    guarded = await startFakeAgent({ token: "collector-token-0123456789" });
  });
  afterAll(async () => {
    await guarded.close();
  });

  test("without the token it stops at the head with what to pass; with it, /run and /aggregate_metrics get it", async () => {
    const rows = input("guarded", [task("ok")]);
    const run = (name: string, authToken?: string) => collect({ ...options(name, rows), headUrl: guarded.url, authToken });
    await expect(run("guarded-none")).rejects.toThrow(/refused a request without a token \(401\): pass --auth-token/);
    await expect(run("guarded-wrong", "wrong-token-0123456789")).rejects.toThrow(/refused the token/);
    const summary = await run("guarded-right", "collector-token-0123456789");
    expect(summary).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    expect(guarded.aggregates).toHaveLength(1);
  });

  test("a 429 is retried after its Retry-After, not reported as bad input", async () => {
    const began = performance.now();
    const summary = await collect({ ...options("limited", input("limited", [task("limited", { behavior: "limited" })])), headUrl: guarded.url, authToken: "collector-token-0123456789", maxAttempts: 2 });
    expect(summary).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    expect(guarded.runs.filter((r) => r.id === "limited")).toHaveLength(2);
    expect(performance.now() - began).toBeGreaterThanOrEqual(1000);
  });
});
