// Cohort scoring through the whole local stack: collect runs each task's repeats through
// simple_agent (genrm_simple_agent, as the reference names it), then sends them to the agent's /compare, where genrm_compare asks genrm_model (the
// emulator as a pairwise GenRM) for one verdict per circular pair. Answers beat non-answers except
// where the emulated GenRM errs. With the GenRM unreachable, every rollout is a judge_failed
// failure and none gets a reward. With num_rollouts_per_prompt, /verify gathers each prompt's
// rollouts itself (a trainer calling /run per rollout), and collect keeps its rewards.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../../../../scripts/collect/collect.ts";
import { defaultConfigPaths } from "../../../../scripts/plan/registry.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { exampleOptions, readJsonl } from "../../../stack_helpers.ts";

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-genrm-compare-"));

// The same environment, judged by a GenRM that nothing serves (port 9, discard, is closed here).
const unreachable = join(dir, "unreachable.yaml");
writeFileSync(
  unreachable,
  `unreachable_genrm:
  responses_api_models:
    genrm_model:
      base_url: http://127.0.0.1:9/v1
      model: genrm
genrm_compare_unreachable:
  resources_servers:
    genrm_compare:
      genrm_model_server: {type: responses_api_models, name: unreachable_genrm}
      genrm_timeout_s: 20
unreachable_agent:
  responses_api_agents:
    simple_agent:
      resources_server: {type: resources_servers, name: genrm_compare_unreachable}
      model_server: {type: responses_api_models, name: policy_model}
genrm_compare_gathering:
  resources_servers:
    genrm_compare:
      genrm_model_server: {type: responses_api_models, name: genrm_model}
      num_rollouts_per_prompt: 4
gathering_agent:
  responses_api_agents:
    simple_agent:
      resources_server: {type: resources_servers, name: genrm_compare_gathering}
      model_server: {type: responses_api_models, name: policy_model}
`,
);

beforeAll(async () => {
  running = await bringUp({ headPort: 0, configPaths: [...defaultConfigPaths(), unreachable], only: ["genrm_simple_agent", "unreachable_agent", "gathering_agent"] });
});
afterAll(async () => {
  await running?.stop();
});

const isAnswer = (row: any) => !row.response.output.at(-1).content[0].text.startsWith("I don't know");

test("collect scores each task's repeats together: per-rollout rewards from pairwise verdicts", async () => {
  const summary = await collect(exampleOptions(running.stack.headUrl, "genrm_compare", join(dir, "scored.jsonl"), { numRepeats: 4, concurrency: 4, agent: "genrm_simple_agent" }));
  expect(summary).toMatchObject({ total: 20, failed: 0, missing: 0 });
  const rows = readJsonl(summary.files.rollouts);
  expect(rows).toHaveLength(20);
  const byTask = new Map<number, any[]>();
  for (const row of rows) byTask.set(row._ng_task_index, [...(byTask.get(row._ng_task_index) ?? []), row]);
  expect(byTask.size).toBe(5);
  for (const cohort of byTask.values()) {
    expect(cohort).toHaveLength(4);
    // Circular pairs over 4: every rollout is in two comparisons, so its reward is a mean of two scores.
    for (const row of cohort) expect(row.cohort_metrics).toEqual(cohort[0].cohort_metrics);
    expect(cohort[0].cohort_metrics).toHaveProperty("tiebreak_usage_rate");
  }
  const mean = (xs: any[]) => xs.reduce((s, r) => s + r.reward, 0) / xs.length;
  const answers = rows.filter(isAnswer);
  const nonAnswers = rows.filter((r) => !isAnswer(r));
  expect(answers.length).toBeGreaterThan(0);
  expect(nonAnswers.length).toBeGreaterThan(0);
  expect(mean(answers)).toBeGreaterThan(mean(nonAnswers) + 1);
  // Rewards are relative, not the neutral default /verify gives every rollout on its own.
  expect(rows.some((r) => r.reward !== 3)).toBe(true);
});

test("a GenRM that cannot be reached fails every cohort: judge_failed failures, no rewards written", async () => {
  const summary = await collect({
    ...exampleOptions(running.stack.headUrl, "genrm_compare", join(dir, "unreachable.jsonl"), { numRepeats: 2, concurrency: 4 }),
    agent: "unreachable_agent",
  });
  expect(summary).toMatchObject({ total: 10, succeeded: 0, failed: 10 });
  expect(readJsonl(summary.files.rollouts)).toHaveLength(0);
  const failures = readJsonl(summary.files.failures);
  expect(failures).toHaveLength(10);
  for (const failure of failures) {
    expect(failure._ng_failure_class).toBe("judge_failed");
    expect(failure.reward).toBeUndefined();
  }
});

test("num_rollouts_per_prompt: /verify gathers a prompt's rollouts and scores them together; collect keeps those rewards", async () => {
  // Every repeat of a task must be in flight at once to meet its cohort: concurrency 4 = the cohort size.
  const summary = await collect({
    ...exampleOptions(running.stack.headUrl, "genrm_compare", join(dir, "gathered.jsonl"), { numRepeats: 4, concurrency: 4 }),
    agent: "gathering_agent",
  });
  expect(summary).toMatchObject({ total: 20, failed: 0, missing: 0 });
  const rows = readJsonl(summary.files.rollouts);
  expect(rows.every((r) => typeof r.cohort_metrics?.tiebreak_usage_rate === "number")).toBe(true);
  // Another instance of genrm_compare, under a name of its own: the emulator still plays
  // genrm_compare's skill for it (it picks skills by implementation), not the generic "I don't know.".
  expect(rows.some(isAnswer)).toBe(true);
});
