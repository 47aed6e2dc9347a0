// key_metrics per environment, as each NeMo Gym environment defines them (resources_servers/<env>/
// app.py get_key_metrics; without one, the base class: every mean/ entry). mcqa and math_with_judge
// define their own.
import { describe, expect, test } from "vitest";
import arcAgi from "../../../workers/resources/arc_agi/index.ts";
import equivalenceLlmJudge from "../../../workers/resources/equivalence_llm_judge/index.ts";
import exampleMultiStep from "../../../workers/resources/example_multi_step/index.ts";
import exampleSessionStateMgmt from "../../../workers/resources/example_session_state_mgmt/index.ts";
import exampleSingleToolCall from "../../../workers/resources/example_single_tool_call/index.ts";
import exampleToolCallMultireward from "../../../workers/resources/example_tool_call_multireward/index.ts";
import instructionFollowing from "../../../workers/resources/instruction_following/index.ts";
import mathWithJudge from "../../../workers/resources/math_with_judge/index.ts";
import mcqa from "../../../workers/resources/mcqa/index.ts";
import stringMatch from "../../../workers/resources/string_match/index.ts";
import xlamFc from "../../../workers/resources/xlam_fc/index.ts";
import { keyMetrics } from "../../../shared/metrics/key_metrics.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import type { FetchApp } from "../../workerd/helpers.ts";

const usage = (input: number, output: number) => ({ input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output });
// Two tasks of three rollouts, with the fields `extra` gives each rollout.
const responses = (extra: (task: number, rollout: number) => Record<string, unknown>) =>
  [0, 1].flatMap((task) => [0, 1, 2].map((rollout) => ({ _ng_task_index: task, _ng_rollout_index: rollout, reward: (task + rollout) % 2, response: { usage: usage(10, 4 + rollout) }, ...extra(task, rollout) })));

async function aggregate(app: FetchApp, instance: string, verifyResponses: object[]) {
  const res = await client(app, serverEnv(instance)).post("/aggregate_metrics", { verify_responses: verifyResponses });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { agent_metrics: Record<string, unknown>; key_metrics: Record<string, unknown> };
}

const meanEntries = (metrics: Record<string, unknown>) => Object.fromEntries(Object.entries(metrics).filter(([k]) => k.startsWith("mean/")));

describe("key_metrics of environments without their own (NeMo Gym's base class: every mean/ entry)", () => {
  const DEFAULT_ENVIRONMENTS: [string, FetchApp, (task: number, rollout: number) => Record<string, unknown>][] = [
    ["arc_agi", arcAgi, (t, r) => ({ predicted_output: [[t, r]], extraction_successful: true })],
    ["equivalence_llm_judge", equivalenceLlmJudge, (t, r) => ({ extracted_answer: `${r % 2}`, judge_evaluations: [] })],
    ["example_multi_step", exampleMultiStep, () => ({})],
    ["example_session_state_mgmt", exampleSessionStateMgmt, () => ({})],
    ["example_single_tool_call", exampleSingleToolCall, () => ({})],
    ["example_tool_call_multireward", exampleToolCallMultireward, (t, r) => ({ correctness: r % 2, schema_valid: 1, format: 1, predicted_calls: [] })],
    ["instruction_following", instructionFollowing, (t, r) => ({ follow_all_instructions: r > 0, follow_instruction_list: [true, r > 0] })],
    ["string_match", stringMatch, (t, r) => ({ extracted_answer: r ? "yes" : null })],
  ];

  test.each(DEFAULT_ENVIRONMENTS)("%s", async (instance, app, extra) => {
    const { agent_metrics: agent, key_metrics: key } = await aggregate(app, instance, responses(extra));
    expect(key).toEqual(meanEntries(agent));
    expect(Object.keys(key)).toContain("mean/reward");
    expect(Object.keys(key).some((k) => k.includes("@"))).toBe(false);
  });

  test("xlam_fc: mean/reward, mean/num_expected, mean/num_predicted, mean/num_correct and the token means", async () => {
    const { key_metrics: key } = await aggregate(xlamFc, "xlam_fc", responses((t, r) => ({ num_expected: 2, num_predicted: r, num_correct: Math.min(r, 2), predicted_calls: [] })));
    expect(Object.keys(key)).toEqual(["mean/reward", "mean/num_expected", "mean/num_predicted", "mean/num_correct", "mean/input_tokens", "mean/output_tokens", "mean/total_tokens"]);
    expect(key).toMatchObject({ "mean/reward": 0.5, "mean/num_expected": 2, "mean/num_predicted": 1, "mean/num_correct": 1, "mean/output_tokens": 5 });
  });
});

describe("key_metrics of environments that define their own", () => {
  test("mcqa: mean/reward, pass@1[avg-of-n] with no_answer, pass@n/no_answer, majority@n/accuracy, pass@1/accuracy", async () => {
    // Task 0: rewards 0 1 0, answers A B A; task 1: rewards 1 0 1, answers C none C.
    const rows = responses((t, r) => ({ extracted_answer: t === 0 ? "ABA"[r] : r === 1 ? null : "C" }));
    const { agent_metrics: agent, key_metrics: key } = await aggregate(mcqa, "mcqa", rows);
    expect(key).toEqual({
      "mean/reward": 0.5,
      "pass@1[avg-of-3]/accuracy": 50, // (1/3 + 2/3) / 2
      "pass@1[avg-of-3]/no_answer": expect.closeTo(100 / 6), // (0 + 1/3) / 2
      "pass@3/no_answer": 50,
      "majority@3/accuracy": 50, // A (0) wins task 0, C (1) wins task 1
      "pass@1/accuracy": 50,
    });
    expect(Object.keys(key)).toEqual(["mean/reward", "pass@1[avg-of-3]/accuracy", "pass@1[avg-of-3]/no_answer", "pass@3/no_answer", "majority@3/accuracy", "pass@1/accuracy"]);
    expect(agent["pass@3/accuracy"]).toBe(100);
  });

  test("math_with_judge: token means and, at the highest k, pass@1[avg-of-k] of every score, pass@k and majority@k without no_answer", async () => {
    // The judge is asked only where the library said no: rollouts with reward 0 here.
    const rows = responses((t, r) => ({ extracted_answer: `${r}`, library_reward: (t + r) % 2, judge_evaluations: (t + r) % 2 ? null : [{}] }));
    const { agent_metrics: agent, key_metrics: key } = await aggregate(mathWithJudge, "math_with_judge", rows);
    expect(agent["pass@1/accuracy"]).toBeUndefined();
    expect(Object.keys(key)).toEqual([
      "mean/input_tokens",
      "mean/output_tokens",
      "pass@1[avg-of-3]/judge_accuracy",
      "pass@1[avg-of-3]/no_answer",
      "pass@1[avg-of-3]/symbolic_accuracy",
      "pass@3/symbolic_accuracy",
      "majority@3/judge_accuracy",
      "majority@3/symbolic_accuracy",
    ]);
    // judge_accuracy exists on 2 rollouts of task 0 and 1 of task 1: its pass@k stops at k = 2,
    // below the highest k, so key_metrics has no pass@k of it.
    expect(agent["pass@2/judge_accuracy"]).toBe(0);
    expect(agent["pass@3/judge_accuracy"]).toBeUndefined();
    expect(key["pass@1[avg-of-3]/symbolic_accuracy"]).toBe(50);
  });
});

describe("selectors", () => {
  test("a prefix with a suffix keeps the metrics with both (ragtruth's every `/f1` and `/accuracy`)", () => {
    const metrics = { f1: 0.5, "task_type/QA/f1": 1, "task_type/QA/count": 2, "task_type/Data2txt/accuracy": 0.25, "pass@1/accuracy": 50, "f1x/y": 3 };
    expect(keyMetrics(metrics, ["f1", { prefix: "", suffix: "/f1" }, { prefix: "task_type/", suffix: "/accuracy" }])).toEqual({ f1: 0.5, "task_type/QA/f1": 1, "task_type/Data2txt/accuracy": 0.25 });
    expect(keyMetrics(metrics, [{ prefix: "task_type/QA/" }])).toEqual({ "task_type/QA/f1": 1, "task_type/QA/count": 2 });
  });

  test("a function stands for the selectors when an environment renames (NeMo Gym's get_key_metrics itself)", () => {
    expect(keyMetrics({ "corpus_wer@k=2": 12.5, "mean/reward": 1 }, (metrics) => ({ wer: metrics["corpus_wer@k=2"] }))).toEqual({ wer: 12.5 });
  });

  test("eachSubset: a pattern at its highest k under every subset found among the metrics (a lowercase name before /pass@)", () => {
    const metrics = {
      "pass@1[avg-of-2]/accuracy": 50,
      "easy/pass@1[avg-of-1]/accuracy": 100,
      "easy/pass@1[avg-of-2]/accuracy": 75,
      "easy/pass@2/accuracy": 100,
      "hard/pass@1[avg-of-2]/accuracy": 25,
      "hard/pass@1[avg-of-2]/no_answer": 10,
      "Upper/pass@1[avg-of-2]/accuracy": 5,
    };
    expect(keyMetrics(metrics, [{ eachSubset: "pass@1[avg-of-{k}]", scores: ["accuracy"] }])).toEqual({ "easy/pass@1[avg-of-2]/accuracy": 75, "hard/pass@1[avg-of-2]/accuracy": 25 });
  });
});
