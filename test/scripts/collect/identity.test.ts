// Rollout identity in collect, with NeMo Gym's keys (nemo_gym/global_config.py): every result and
// failure line carries `_ng_rollout_id` (the row's own, else "<task>-<rollout>") and
// `_ng_attempt_index` (0 first; a retry keeps the id and takes the next index, a resumed run's
// attempts follow the earlier runs'); bad input is flagged `_ng_failure_terminal`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../scripts/collect/collect.ts";
import { startFakeAgent } from "./fake_agent.ts";
import type { FakeAgent } from "./fake_agent.ts";
import { readJsonl } from "../../stack_helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-identity-"));
let agent: FakeAgent;
beforeAll(async () => {
  agent = await startFakeAgent();
});
afterAll(async () => {
  await agent.close();
});

const run = (name: string, rows: object[], extra: Partial<CollectOptions> = {}) => {
  const input = join(dir, `${name}.in.jsonl`);
  writeFileSync(input, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const options: CollectOptions = { headUrl: agent.url, input, output: join(dir, name, "out.jsonl"), agent: "fake_agent", concurrency: 2, numRepeats: 1, rolloutTimeoutS: 10, progress: false, checkEndpoints: false, ...extra };
  return { options, go: () => collect(options) };
};
const row = (id: string, extra: object = {}) => ({ responses_create_params: { input: `task ${id}` }, id, ...extra });
const sent = (id: string) => agent.runs.filter((r) => r.id === id).map((r) => [r._ng_rollout_id, r._ng_attempt_index]);

test("results carry the row's id or <task>-<rollout>, and the attempt that produced them", async () => {
  const { options, go } = run("ids", [row("id-a"), row("id-b", { _ng_rollout_id: "prompt-9.sib" }), row("id-flaky", { behavior: "flaky" })], { numRepeats: 2 });
  const summary = await go();
  expect(summary.succeeded).toBe(6);
  const results = readJsonl(options.output);
  const ids = results.map((r) => [r.id, r._ng_task_index, r._ng_rollout_index, r._ng_rollout_id]).sort();
  expect(ids).toEqual(
    [
      ["id-a", 0, 0, "0-0"],
      ["id-a", 0, 1, "0-1"],
      ["id-b", 1, 0, "prompt-9.sib"],
      ["id-b", 1, 1, "prompt-9.sib"],
      ["id-flaky", 2, 0, "2-0"],
      ["id-flaky", 2, 1, "2-1"],
    ].sort(),
  );
  // The flaky row's first /run failed (503) and was asked again: same id, the next attempt.
  expect(sent("id-flaky").filter(([rid]) => rid === "2-0")).toEqual([
    ["2-0", 0],
    ["2-0", 1],
  ]);
  const retried = results.find((r) => r._ng_rollout_id === "2-0")!;
  expect(retried._ng_attempt_index).toBe(1);
  expect(results.find((r) => r._ng_rollout_id === "0-0")!._ng_attempt_index).toBe(0);
});

test("failure lines carry id, last attempt and attempts; bad input is terminal; a resumed run numbers on", async () => {
  const { options, go } = run("failures", [row("f-down", { behavior: "down" }), row("f-bad", { behavior: "bad" })], { maxAttempts: 2 });
  await go();
  const failures = readJsonl(options.output.replace(/\.jsonl$/, "_failures.jsonl"));
  const down = failures.find((f) => f.id === "f-down")!;
  expect(down).toMatchObject({ _ng_failure_class: "deadline_exceeded", _ng_rollout_id: "0-0", _ng_attempt_index: 1, _ng_attempts: 2 });
  expect(down._ng_failure_terminal).toBeUndefined();
  const bad = failures.find((f) => f.id === "f-bad")!;
  expect(bad).toMatchObject({ _ng_failure_class: "invalid_request", _ng_failure_terminal: true, _ng_rollout_id: "1-0", _ng_attempt_index: 0, _ng_attempts: 1 });

  await collect({ ...options, resume: true });
  expect(sent("f-down")).toEqual([
    ["0-0", 0],
    ["0-0", 1],
    ["0-0", 2],
    ["0-0", 3],
  ]);
  const after = readJsonl(options.output.replace(/\.jsonl$/, "_failures.jsonl")).find((f) => f.id === "f-down")!;
  expect(after).toMatchObject({ _ng_rollout_id: "0-0", _ng_attempt_index: 3 });
});

test("a malformed _ng_rollout_id in the input is reported before anything runs", async () => {
  const before = agent.runs.length;
  await expect(run("badid", [row("x", { _ng_rollout_id: ".hidden" })]).go()).rejects.toThrow(/_ng_rollout_id/);
  expect(agent.runs.length).toBe(before);
});
