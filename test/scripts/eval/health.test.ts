// `eval health-check` against NeMo Gym's documented report schema: rollout_verdicts.jsonl and
// quality_summary.json, their fields, verdict priority, duplicates, unreadable lines and ignores.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CHECKS, runHealthChecks } from "../../../scripts/eval/health.ts";
import { cli, jsonl, readJsonlFile } from "./cli.ts";

const record = (task: number, rollout: number, extra: object = {}) => ({ _ng_task_index: task, _ng_rollout_index: rollout, reward: 1, response: { usage: { input_tokens: 10, output_tokens: 4 } }, ...extra });

function runDir(lines: string): string {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-health-"));
  writeFileSync(join(dir, "rollouts.jsonl"), lines);
  return dir;
}

describe("rollout health checks", () => {
  test("one verdict row per non-empty line, sorted by task then rollout, with NeMo's fields", async () => {
    const dir = runDir(jsonl([record(2, 0, { _ng_rollout_id: "abc" }), record(0, 1), record(0, 0)]) + "\n");
    const report = await runHealthChecks(join(dir, "rollouts.jsonl"), dir);
    const rows = readJsonlFile(readFileSync(join(dir, "rollout_verdicts.jsonl"), "utf8"));
    expect(rows.map((r) => [r._ng_task_index, r._ng_rollout_index, r.rollout_id])).toEqual([
      [0, 0, "0-0"],
      [0, 1, "0-1"],
      [2, 0, "abc"],
    ]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["_ng_rollout_index", "_ng_task_index", "findings", "rollout_id", "unobserved", "verdict"]);
    // No ng_trajectory: the checks that read it lack their evidence, so no rollout can be `healthy`.
    expect(rows.every((r) => r.verdict === "unobserved" && r.unobserved.includes("agent_turn_hollow") && r.findings.length === 0)).toBe(true);
    const summary = JSON.parse(readFileSync(report.summaryPath, "utf8"));
    expect(Object.keys(summary).sort()).toEqual(["run", "tasks"]);
    expect(Object.keys(summary.run).sort()).toEqual(["artifacts", "ignored_checks", "issues", "stats", "verdicts"]);
    expect(Object.keys(summary.run.issues).sort()).toEqual(CHECKS.map((c) => c.id).sort());
    expect(summary.run.verdicts).toEqual({ healthy: 0, unhealthy: 0, unobserved: 3 });
    expect(summary.run.artifacts.records).toBe(3);
    expect(summary.run.artifacts.coverage.agent_turn_hollow).toEqual({ evaluated: 0, unobserved: 3, ignored: 0 });
    expect(summary.run.stats.tokens).toMatchObject({ prompt: 30, completion: 12 });
    expect(summary.tasks["0"]).toEqual({ repeats: 2, healthy: 0, unhealthy: 0, unobserved: 2, flags: [] });
  });

  test("a finding makes a rollout unhealthy over unobserved checks; duplicates count once per task; an unreadable line gets a synthetic identity", async () => {
    // Task 5's two repeats each stored twice: both repeats unhealthy, so the task is flagged.
    const lines = jsonl([record(5, 0), record(5, 0), record(5, 1), record(5, 1), record(6, 0)]) + "{not json\n";
    const dir = runDir(lines);
    const { summary, verdicts } = await runHealthChecks(join(dir, "rollouts.jsonl"), dir);
    expect(verdicts.filter((v) => v._ng_task_index === 5).every((v) => v.verdict === "unhealthy" && v.findings[0]!.check === "rollout_duplicate_identity")).toBe(true);
    const run = summary.run as any;
    expect(run.issues.rollout_duplicate_identity).toBe(4);
    expect(run.issues.task_consistently_unhealthy).toBe(1);
    expect((summary.tasks as any)["5"]).toEqual({ repeats: 2, healthy: 0, unhealthy: 2, unobserved: 0, flags: ["task_consistently_unhealthy"] });
    const unreadable = verdicts.at(-1)!;
    expect(unreadable).toMatchObject({ _ng_task_index: "__unreadable_record__:input-0:line-6", _ng_rollout_index: 0, verdict: "unhealthy" });
    expect(unreadable.findings[0]).toMatchObject({ check: "record_unreadable", locator: { line: 6 } });
    expect(run.verdicts).toEqual({ healthy: 0, unhealthy: 5, unobserved: 1 });
  });

  test("an ignored check runs nowhere and the summary says so", async () => {
    const dir = runDir(jsonl([record(1, 0), record(1, 0)]));
    const { summary, verdicts } = await runHealthChecks(join(dir, "rollouts.jsonl"), dir, ["rollout_duplicate_identity"]);
    expect(verdicts.every((v) => v.verdict === "unobserved" && !v.unobserved.includes("rollout_duplicate_identity"))).toBe(true);
    const run = summary.run as any;
    expect(run.ignored_checks).toEqual(["rollout_duplicate_identity"]);
    expect(run.artifacts.coverage.rollout_duplicate_identity).toEqual({ evaluated: 0, unobserved: 0, ignored: 2 });
  });

  test("the command: a relative --rollouts-file is under the run directory; bad input is one line and exit 2", async () => {
    const dir = runDir("");
    writeFileSync(join(dir, "evaluator_rollouts.jsonl"), jsonl([record(0, 0)]));
    const ok = await cli("eval", "health-check", dir, "--rollouts-file", "evaluator_rollouts.jsonl", "--workers", "8", "--ignore", "agent_turn_hollow");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("Rollout health: 1 checked, 0 healthy, 0 unhealthy, 1 unobserved");
    expect(JSON.parse(readFileSync(join(dir, "quality_summary.json"), "utf8")).run.ignored_checks).toEqual(["agent_turn_hollow"]);
    const cases: [string[], RegExp][] = [
      [["eval", "health-check"], /expects one run directory/],
      [["eval", "health-check", join(dir, "nope")], /run directory not found/],
      [["eval", "health-check", dir, "--rollouts-file", "missing.jsonl"], /rollouts file not found/],
      [["eval", "health-check", dir, "--rollouts-file", "evaluator_rollouts.jsonl", "--ignore-checks", "nope"], /unknown or not ignorable health check "nope"/],
      [["eval", "health-check", dir, "--bogus"], /Unknown option '--bogus'/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });
});
