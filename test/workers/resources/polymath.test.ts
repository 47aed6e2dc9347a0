// polymath through its app: the symbolic check on the final answer (boxes first, the whole reply
// read), the weight and language echoed (null when absent), the judge fallback when an instance
// turns it on, bad rows, and a long hostile reply.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/polymath/index.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "计算 5 乘以 6 的结果。\n\n请逐步推理，并将最终答案置于 \\boxed{} 内。" }] },
  question: "计算 5 乘以 6 的结果。",
  expected_answer: "30",
  language: "zh",
  weight: 1,
  difficulty: "low",
};
const JUDGE = { judge_model_server: { type: "responses_api_models", name: "policy_model" }, judge_responses_create_params: { input: [], temperature: 0 } };

async function verify(text: string, fields: Record<string, unknown> = {}, config: Record<string, unknown> = {}, bindings: Record<string, unknown> = {}) {
  const env = serverEnv("polymath", { INSTANCE_CONFIG: config, ...bindings });
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output: [assistantMessage(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("polymath: the symbolic check", () => {
  test("an equivalent boxed answer earns 1, with every verify field", async () => {
    expect(await verify("5 × 6 = 30，所以答案是 \\boxed{30}。")).toMatchObject({ ...row, reward: 1, extracted_answer: "30", library_reward: 1, judge_evaluations: null, weight: 1, language: "zh" });
    expect(await verify("\\boxed{30.0}")).toMatchObject({ reward: 1 });
    expect(await verify("\\boxed{\\frac{60}{2}}")).toMatchObject({ reward: 1 });
    expect(await verify("\\boxed{31}")).toMatchObject({ reward: 0, library_reward: 0, extracted_answer: "31" });
  });

  test("without a box the prose is read", async () => {
    expect(await verify("The final answer is 30.")).toMatchObject({ reward: 1, extracted_answer: "30" });
    expect(await verify("no answer")).toMatchObject({ reward: 0, extracted_answer: null, library_reward: 0 });
  });

  test("a wholly boxed expected answer is read as its contents", async () => {
    expect(await verify("\\boxed{30}", { expected_answer: "\\boxed{30}" })).toMatchObject({ reward: 1 });
  });

  test("weight and language are echoed, null when the row has none", async () => {
    expect(await verify("\\boxed{30}", { weight: 8, language: "de" })).toMatchObject({ weight: 8, language: "de" });
    expect(await verify("\\boxed{30}", { weight: undefined, language: undefined })).toMatchObject({ weight: null, language: null });
  });
});

describe("polymath: NeMo Gym's recorded example rollouts", () => {
  // Replies and verify fields as the reference recorded them (its judge off).
  test.each([
    ["What is 2 + 2?", "4", "Adding two and two gives four. \\boxed{4}", "4", 1],
    ["Solve for x: 3x - 7 = 14.", "7", "Add 7: 3x = 21. Divide by 3: x = 7. \\boxed{7}", "7", 1],
    ["Compute the integer value of \\(\\sum_{k=1}^{10} k\\).", "55", "By the formula n(n+1)/2 with n=10 we get 50. \\boxed{50}", "50", 0],
    ["计算 5 乘以 6 的结果。", "30", "五乘以六等于三十。\\boxed{30}", "30", 1],
  ])("%s", async (question, expected_answer, reply, extracted, reward) => {
    expect(await verify(reply, { question, expected_answer })).toMatchObject({ reward, extracted_answer: extracted, library_reward: reward, judge_evaluations: null });
  });
});

describe("polymath: the judge fallback", () => {
  test("off by default (NeMo's config): never asked", async () => {
    const { bindings, seen } = judgeModel([]);
    expect(await verify("\\boxed{29.9999}", {}, JUDGE, bindings)).toMatchObject({ reward: 0, judge_evaluations: null });
    expect(seen).toHaveLength(0);
  });

  test("on: asked twice, answers swapped, only when the library says not equal", async () => {
    const { bindings, seen } = judgeModel(["[[A=B]]", "[[A=B]]"]);
    const body = await verify("\\boxed{29.9999}", {}, { ...JUDGE, should_use_judge: true }, bindings);
    expect(body).toMatchObject({ reward: 1, library_reward: 0, extracted_answer: "29.9999" });
    expect(body.judge_evaluations).toHaveLength(2);
    expect(seen[0].input[1].content).toContain("计算 5 乘以 6 的结果。");
    const none = judgeModel([]);
    expect(await verify("\\boxed{30}", {}, { ...JUDGE, should_use_judge: true }, none.bindings)).toMatchObject({ reward: 1, judge_evaluations: null });
    expect(none.seen).toHaveLength(0);
  });
});

describe("polymath: bad rows, bad config and long replies", () => {
  test("bad rows are 400 with field paths", async () => {
    const bad = await client(server, serverEnv("polymath")).post("/verify", { ...row, question: undefined, weight: "high", language: 3, response: { id: "r", output: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["language", "question", "weight"]);
  });

  test("a judge turned on needs a judge server", async () => {
    const res = await client(server, serverEnv("polymath", { INSTANCE_CONFIG: { should_use_judge: true } })).post("/verify", { ...row, response: { id: "r", output: [assistantMessage("\\boxed{1}")] } });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  test("a 500 KB reply is graded quickly", async () => {
    const started = performance.now();
    expect(await verify("\\boxed{".repeat(70_000) + "\\boxed{30}")).toMatchObject({ reward: 1 });
    await verify("9".repeat(500_000));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("polymath: aggregate metrics", () => {
  test("per-language and difficulty-weighted pass@k beside the pooled ones", async () => {
    const rollout = (task: number, i: number, language: string, weight: number, library: number, answer: string) => ({
      _ng_task_index: task, _ng_rollout_index: i, language, weight, reward: library, library_reward: library, extracted_answer: answer, judge_evaluations: null,
    });
    const verify_responses = [
      rollout(0, 0, "en", 1, 1, "4"), rollout(0, 1, "en", 1, 0, "5"),
      rollout(1, 0, "en", 4, 0, "50"), rollout(1, 1, "en", 4, 0, "50"),
      rollout(2, 0, "zh", 2, 1, "30"), rollout(2, 1, "zh", 2, 1, "30"),
    ];
    const res = await client(server, serverEnv("polymath")).post("/aggregate_metrics", { verify_responses });
    expect(res.status).toBe(200);
    const m = res.body.agent_metrics;
    expect(m["pass@1/symbolic_accuracy"]).toBe(50);
    expect(m["en/pass@2/symbolic_accuracy"]).toBe(50);
    expect(m["zh/pass@1[avg-of-2]/symbolic_accuracy"]).toBe(100);
    expect(m["en/per_sample_aggregate"]).toBeUndefined();
    // (1 × 0.5 + 4 × 0 + 2 × 1) / 7
    expect(m["pass@1[avg-of-2]/symbolic_accuracy_weighted"]).toBe(((1 * 1) / 2 + (2 * 2) / 2) / 7 * 100);
    expect(m["pass@2/symbolic_accuracy_weighted"]).toBe((100 * 3) / 7);
    expect(res.body.key_metrics).toHaveProperty("pass@1[avg-of-2]/symbolic_accuracy_weighted");
  });
});

// Verify responses as the collector strips them: judged and library-only rollouts (judge_accuracy
// only where a judge was asked), weights 1, 4, missing and 8, two languages and an empty one,
// rollouts with no answer, uneven rollouts.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "1", "extracted_answer": "1", "library_reward": 1.0, "judge_evaluations": null, "weight": 1.0, "language": "en", "response": {"usage": {"input_tokens": 250, "output_tokens": 300}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "1", "extracted_answer": "1.0", "library_reward": 0.0, "judge_evaluations": [{"verdict": "x"}], "weight": 1.0, "language": "en", "response": {"usage": {"input_tokens": 250, "output_tokens": 307}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "expected_answer": "1", "extracted_answer": "2", "library_reward": 0.0, "judge_evaluations": [{"verdict": "x"}], "weight": 1.0, "language": "en", "response": {"usage": {"input_tokens": 250, "output_tokens": 314}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 3, "reward": 0.0, "expected_answer": "1", "extracted_answer": null, "library_reward": 0.0, "judge_evaluations": null, "weight": 1.0, "language": "en", "response": {"usage": {"input_tokens": 250, "output_tokens": 321}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "1", "extracted_answer": "7", "library_reward": 0.0, "judge_evaluations": [{"verdict": "x"}], "weight": 4.0, "language": "zh", "response": {"usage": {"input_tokens": 251, "output_tokens": 300}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "1", "extracted_answer": "8", "library_reward": 1.0, "judge_evaluations": null, "weight": 4.0, "language": "zh", "response": {"usage": {"input_tokens": 251, "output_tokens": 307}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "1", "extracted_answer": "x", "library_reward": 0.0, "judge_evaluations": [{"verdict": "x"}], "weight": null, "language": "zh", "response": {"usage": {"input_tokens": 252, "output_tokens": 300}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "1", "extracted_answer": "x", "library_reward": 0.0, "judge_evaluations": [{"verdict": "x"}], "weight": null, "language": "zh", "response": {"usage": {"input_tokens": 252, "output_tokens": 307}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 1.0, "expected_answer": "1", "extracted_answer": "y", "library_reward": 1.0, "judge_evaluations": null, "weight": null, "language": "zh", "response": {"usage": {"input_tokens": 252, "output_tokens": 314}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "1", "extracted_answer": null, "library_reward": 0.0, "judge_evaluations": null, "weight": 8.0, "language": "", "response": {"usage": {"input_tokens": 253, "output_tokens": 300}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/judge_accuracy": 50.0,
  "pass@1[avg-of-1]/judge_accuracy": 50.0,
  "majority@1/judge_accuracy": 25.0,
  "pass@1/no_answer": 31.25,
  "pass@1[avg-of-1]/no_answer": 25.0,
  "majority@1/no_answer": 0.0,
  "pass@1/symbolic_accuracy": 27.083333333333336,
  "pass@1[avg-of-1]/symbolic_accuracy": 25.0,
  "majority@1/symbolic_accuracy": 25.0,
  "pass@2/judge_accuracy": 100.0,
  "pass@1[avg-of-2]/judge_accuracy": 66.66666666666667,
  "majority@2/judge_accuracy": 50.0,
  "pass@2/no_answer": 16.666666666666668,
  "pass@1[avg-of-2]/no_answer": 25.0,
  "majority@2/no_answer": 0.0,
  "pass@2/symbolic_accuracy": 72.22222222222223,
  "pass@1[avg-of-2]/symbolic_accuracy": 25.0,
  "majority@2/symbolic_accuracy": 25.0,
  "pass@1[avg-of-3]/judge_accuracy": 50.0,
  "majority@3/judge_accuracy": 37.5,
  "pass@3/no_answer": 37.5,
  "pass@1[avg-of-3]/no_answer": 25.0,
  "majority@3/no_answer": 0.0,
  "pass@3/symbolic_accuracy": 87.5,
  "pass@1[avg-of-3]/symbolic_accuracy": 29.166666666666664,
  "majority@3/symbolic_accuracy": 20.833333333333332,
  "pass@1[avg-of-4]/judge_accuracy": 50.0,
  "majority@4/judge_accuracy": 37.5,
  "pass@4/no_answer": 100.0,
  "pass@1[avg-of-4]/no_answer": 31.25,
  "majority@4/no_answer": 0.0,
  "pass@4/symbolic_accuracy": 100.0,
  "pass@1[avg-of-4]/symbolic_accuracy": 27.083333333333332,
  "majority@4/symbolic_accuracy": 20.833333333333332,
  "en/pass@1/judge_accuracy": 50.0,
  "en/majority@1/judge_accuracy": 0.0,
  "en/pass@1/no_answer": 25.0,
  "en/pass@1[avg-of-1]/no_answer": 0.0,
  "en/majority@1/no_answer": 0.0,
  "en/pass@1/symbolic_accuracy": 25.0,
  "en/pass@1[avg-of-1]/symbolic_accuracy": 100.0,
  "en/majority@1/symbolic_accuracy": 100.0,
  "en/pass@2/judge_accuracy": 100.0,
  "en/pass@1[avg-of-2]/judge_accuracy": 100.0,
  "en/majority@2/judge_accuracy": 100.0,
  "en/pass@2/no_answer": 50.0,
  "en/pass@1[avg-of-2]/no_answer": 0.0,
  "en/majority@2/no_answer": 0.0,
  "en/pass@2/symbolic_accuracy": 50.0,
  "en/pass@1[avg-of-2]/symbolic_accuracy": 50.0,
  "en/majority@2/symbolic_accuracy": 50.0,
  "en/pass@1[avg-of-3]/judge_accuracy": 50.0,
  "en/majority@3/judge_accuracy": 50.0,
  "en/pass@3/no_answer": 75.0,
  "en/pass@1[avg-of-3]/no_answer": 0.0,
  "en/majority@3/no_answer": 0.0,
  "en/pass@3/symbolic_accuracy": 75.0,
  "en/pass@1[avg-of-3]/symbolic_accuracy": 33.33333333333333,
  "en/majority@3/symbolic_accuracy": 33.33333333333333,
  "en/pass@1[avg-of-4]/judge_accuracy": 50.0,
  "en/majority@4/judge_accuracy": 50.0,
  "en/pass@4/no_answer": 100.0,
  "en/pass@1[avg-of-4]/no_answer": 25.0,
  "en/majority@4/no_answer": 0.0,
  "en/pass@4/symbolic_accuracy": 100.0,
  "en/pass@1[avg-of-4]/symbolic_accuracy": 25.0,
  "en/majority@4/symbolic_accuracy": 33.33333333333333,
  "zh/pass@1/judge_accuracy": 50.0,
  "zh/pass@1[avg-of-1]/judge_accuracy": 50.0,
  "zh/majority@1/judge_accuracy": 50.0,
  "zh/pass@1/no_answer": 0.0,
  "zh/pass@1[avg-of-1]/no_answer": 0.0,
  "zh/majority@1/no_answer": 0.0,
  "zh/pass@1/symbolic_accuracy": 41.66666666666667,
  "zh/pass@1[avg-of-1]/symbolic_accuracy": 0.0,
  "zh/majority@1/symbolic_accuracy": 0.0,
  "zh/pass@2/judge_accuracy": 100.0,
  "zh/pass@1[avg-of-2]/judge_accuracy": 50.0,
  "zh/majority@2/judge_accuracy": 50.0,
  "zh/pass@2/no_answer": 0.0,
  "zh/pass@1[avg-of-2]/no_answer": 0.0,
  "zh/majority@2/no_answer": 0.0,
  "zh/pass@2/symbolic_accuracy": 83.33333333333334,
  "zh/pass@1[avg-of-2]/symbolic_accuracy": 25.0,
  "zh/majority@2/symbolic_accuracy": 25.0,
  "zh/pass@1[avg-of-3]/judge_accuracy": 50.0,
  "zh/majority@3/judge_accuracy": 50.0,
  "zh/pass@3/no_answer": 0.0,
  "zh/pass@1[avg-of-3]/no_answer": 0.0,
  "zh/majority@3/no_answer": 0.0,
  "zh/pass@3/symbolic_accuracy": 100.0,
  "zh/pass@1[avg-of-3]/symbolic_accuracy": 41.666666666666664,
  "zh/majority@3/symbolic_accuracy": 25.0,
  "pass@1/judge_accuracy_weighted": 25.0,
  "pass@1[avg-of-1]/judge_accuracy_weighted": 33.333333333333336,
  "pass@1/symbolic_accuracy_weighted": 18.452380952380956,
  "pass@1[avg-of-1]/symbolic_accuracy_weighted": 7.142857142857143,
  "pass@2/judge_accuracy_weighted": 100.0,
  "pass@1[avg-of-2]/judge_accuracy_weighted": 75.0,
  "majority@2/judge_accuracy_weighted": 75.0,
  "pass@2/symbolic_accuracy_weighted": 86.11111111111113,
  "pass@1[avg-of-2]/symbolic_accuracy_weighted": 41.666666666666664,
  "majority@2/symbolic_accuracy_weighted": 41.666666666666664,
  "pass@3/symbolic_accuracy_weighted": 87.5,
  "pass@1[avg-of-3]/symbolic_accuracy_weighted": 33.33333333333333,
  "majority@3/symbolic_accuracy_weighted": 16.666666666666664,
  "pass@4/symbolic_accuracy_weighted": 100.0,
  "pass@1[avg-of-4]/symbolic_accuracy_weighted": 25.0,
  "majority@4/symbolic_accuracy_weighted": 33.33333333333333
};
const expectedKeyMetrics = {
  "mean/input_tokens": 251.1,
  "mean/output_tokens": 307.0,
  "pass@1[avg-of-4]/judge_accuracy": 50.0,
  "pass@1[avg-of-4]/no_answer": 31.25,
  "pass@1[avg-of-4]/symbolic_accuracy": 27.083333333333332,
  "pass@1[avg-of-4]/symbolic_accuracy_weighted": 25.0,
  "pass@4/symbolic_accuracy": 100.0,
  "pass@4/symbolic_accuracy_weighted": 100.0,
  "majority@4/judge_accuracy": 37.5,
  "majority@4/symbolic_accuracy": 20.833333333333332,
  "majority@4/symbolic_accuracy_weighted": 33.33333333333333
};

describe("aggregate metrics", () => {
  test("NeMo Gym's pooled, per-language and weighted pass@k and majority@k, and its key metrics", async () => {
    const res = await client(server, serverEnv("polymath")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@") && !key.endsWith("_across_runs") && !(key in expectedMetrics))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
