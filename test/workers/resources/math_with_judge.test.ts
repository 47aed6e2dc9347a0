// math_with_judge through its app: the last \boxed{} against expected_answer by the math
// library, the operation budget, and the judge fallback behind the POLICY_MODEL binding (the
// swap rule, failures that mark the row instead of scoring it 0, the judge's deadline).
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/math_with_judge/index.ts";
import { assistantMessage, client, judgeModel, judgeReply, serverEnv } from "../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../workerd/helpers.ts";

const question = "Write the fraction \\( \\frac{18}{24} \\) in lowest terms.";
const row = {
  responses_create_params: { input: [{ role: "user", content: `Put the answer in \\boxed{}.\n\n${question}` }] },
  question,
  expected_answer: "\\(\\frac{3}{4}\\)",
};
const JUDGE = { judge_model_server: { type: "responses_api_models", name: "policy_model" }, judge_responses_create_params: { input: [], temperature: 0 } };

const message = assistantMessage;

async function verify(text: string | string[], config: Record<string, unknown> = {}, bindings: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  const env = serverEnv("math_with_judge", { INSTANCE_CONFIG: config, ...bindings });
  const output = (Array.isArray(text) ? text : [text]).map(message);
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("math_with_judge: the library", () => {
  test("an equivalent boxed answer scores 1; the row is echoed with the library's fields", async () => {
    expect(await verify("Divide both by 6: \\(\\boxed{0.75}\\)")).toMatchObject({
      ...row,
      reward: 1,
      extracted_answer: "0.75",
      library_reward: 1,
      library_budget_exhausted: false,
      judge_evaluations: null,
    });
    expect((await verify("\\boxed{\\dfrac{3}{4}}")).reward).toBe(1);
    expect((await verify("\\boxed{75\\%}")).reward).toBe(1);
  });

  test("a different answer scores 0 with the library reward 0", async () => {
    expect(await verify("\\boxed{\\frac{2}{3}}")).toMatchObject({ reward: 0, library_reward: 0, extracted_answer: "\\frac{2}{3}", judge_evaluations: null });
  });

  test("the final run of boxes counts, across every assistant message; \\text{} and units are dropped", async () => {
    expect((await verify(["\\boxed{1/2} is wrong.", "Checking the work again from the start gives \\boxed{\\text{3/4}}"])).reward).toBe(1);
    expect(await verify("\\boxed{3/4} is what I first thought, but checking the arithmetic once more shows it is really \\boxed{2/3}")).toMatchObject({ reward: 0, extracted_answer: "2/3" });
    expect((await verify("\\boxed{5 \\text{ cm}}", {}, {}, { expected_answer: "5" })).reward).toBe(1);
  });

  test("boxes that sit together form one answer, as Math-Verify joins them", async () => {
    const pair = { expected_answer: "\\(1, 2\\)" };
    expect(await verify("x = \\boxed{1} and \\boxed{2}", {}, {}, pair)).toMatchObject({ reward: 1, extracted_answer: "1, 2" });
    expect(await verify("\\boxed{3/4} or rather \\boxed{2/3}")).toMatchObject({ reward: 0, extracted_answer: "3/4, 2/3" });
  });

  test("an answer without a box is read from the prose", async () => {
    expect(await verify("Dividing both by 6, the answer is 3/4.")).toMatchObject({ reward: 1, library_reward: 1, extracted_answer: "3/4" });
    expect(await verify("So the final answer is $\\frac{3}{4}$.")).toMatchObject({ reward: 1, extracted_answer: "\\frac{3}{4}" });
    expect(await verify("I get $\\frac{2}{3}$ in the end.")).toMatchObject({ reward: 0, extracted_answer: "\\frac{2}{3}" });
  });

  test("no answer at all, or an empty box, is reward 0 and no judge; a last box cut off leaves the one before", async () => {
    const { bindings, seen } = judgeModel([]);
    for (const text of ["I could not solve it.", "\\boxed{ }"]) {
      expect(await verify(text, { ...JUDGE, should_use_judge: true }, bindings)).toMatchObject({
        reward: 0,
        extracted_answer: null,
        library_reward: 0,
        judge_evaluations: null,
      });
    }
    expect(seen).toHaveLength(0);
    expect(await verify("\\boxed{3/4} then \\boxed{3/")).toMatchObject({ reward: 1, extracted_answer: "3/4" });
  });

  test("a check that runs out of its operation budget is not equivalent, and says so", async () => {
    const huge = { expected_answer: "100000!" };
    expect(await verify("\\boxed{100000 \\cdot 99999!}", {}, {}, huge)).toMatchObject({ reward: 0, library_reward: 0, library_budget_exhausted: true });
    expect(await verify("\\boxed{\\frac{6}{8}}", { library_budget: 5 })).toMatchObject({ reward: 0, library_budget_exhausted: true });
  });

  test("huge exponents are decided within budget", async () => {
    const expected = "\\(\\frac{(3-\\sqrt{3})(2-\\sqrt{3})^{2016}+(3+\\sqrt{3})(2+\\sqrt{3})^{2016}}{6}\\)";
    const given = "\\boxed{\\dfrac{(1+\\sqrt{3})^{4033}-(1-\\sqrt{3})^{4033}}{2^{2017}\\sqrt{3}}}";
    expect(await verify(given, {}, {}, { expected_answer: expected })).toMatchObject({ reward: 1, library_budget_exhausted: false });
  });
});

describe("math_with_judge: the judge fallback", () => {
  test("asked only when the library says not equal; both orders must say equal, the second swapped", async () => {
    const { bindings, seen } = judgeModel(["Same. [[A=B]]", "Same again. [[A=B]]"]);
    const body = await verify("Simplified: \\boxed{0.74999}", { ...JUDGE, should_use_judge: true }, bindings);
    expect(body).toMatchObject({ reward: 1, library_reward: 0, extracted_answer: "0.74999" });
    expect(body.judge_evaluations).toHaveLength(2);
    expect(body.judge_evaluations[0]).toMatchObject({ responses_create_params: seen[0], response: { id: "resp_judge" } });
    const user = (i: number): string => seen[i].input[1].content;
    expect(seen[0].input[0]).toMatchObject({ role: "system" });
    expect(seen[0].input[0].content).toContain("[[A!=B]]");
    expect(user(0)).toBe(
      `<|Problem|>\n${question}\n\n<|Start of Assistant A's Answer|>\n\\(\\frac{3}{4}\\)\n<|End of Assistant A's Answer|>\n\n` +
        "<|Start of Assistant B's Answer|>\n0.74999\n<|End of Assistant B's Answer|>",
    );
    expect(user(1)).toContain("<|Start of Assistant A's Answer|>\n0.74999\n<|End of Assistant A's Answer|>");
    expect(user(1)).toContain("<|Start of Assistant B's Answer|>\n\\(\\frac{3}{4}\\)\n<|End of Assistant B's Answer|>");
    // The instance's create params reach the judge; the prompt replaces their input.
    expect(seen[0]).toMatchObject({ temperature: 0 });
  });

  test("a first 'different' stops after one call; a swapped 'different' overrules a first 'equal'", async () => {
    const once = judgeModel(["[[A!=B]]"]);
    expect(await verify("\\boxed{2/3}", { ...JUDGE, should_use_judge: true }, once.bindings)).toMatchObject({ reward: 0, library_reward: 0 });
    expect(once.seen).toHaveLength(1);
    const flipped = judgeModel(["[[A=B]]", "[[A!=B]]"]);
    const body = await verify("\\boxed{2/3}", { ...JUDGE, should_use_judge: true }, flipped.bindings);
    expect(body).toMatchObject({ reward: 0 });
    expect(body.judge_evaluations).toHaveLength(2);
  });

  test("not asked when the library says equal, nor when the instance leaves the judge off", async () => {
    const { bindings, seen } = judgeModel([]);
    expect(await verify("\\boxed{3/4}", { ...JUDGE, should_use_judge: true }, bindings)).toMatchObject({ reward: 1, judge_evaluations: null });
    expect(await verify("\\boxed{2/3}", JUDGE, bindings)).toMatchObject({ reward: 0, judge_evaluations: null });
    expect(seen).toHaveLength(0);
  });

  test.each([
    ["answers 500", () => new Response("down", { status: 500 })],
    ["gives no verdict", () => Response.json(judgeReply("Hard to say."))],
  ])("a judge that %s marks the row judge_failed with no reward", async (_name, answer) => {
    const { bindings } = judgeModel([answer]);
    const body = await verify("\\boxed{2/3}", { ...JUDGE, should_use_judge: true }, bindings);
    expect(body).toMatchObject({ ...row, _ng_failure_class: "judge_failed", error: { type: "judge_failed" } });
    expect(body).not.toHaveProperty("reward");
  });

  test("a judge past judge_timeout_s marks the row judge_failed", async () => {
    const hang = (request: Request) => new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const { bindings } = judgeModel([hang]);
    const started = Date.now();
    const body = await verify("\\boxed{2/3}", { ...JUDGE, should_use_judge: true, judge_timeout_s: 0.05 }, bindings);
    expect(body).toMatchObject({ _ng_failure_class: "judge_failed" });
    expect(body).not.toHaveProperty("reward");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("should_use_judge without a judge_model_server is a config error naming the field", async () => {
    const env = serverEnv("math_with_judge", { INSTANCE_CONFIG: { should_use_judge: true } });
    const res = await client(server, env).post("/verify", { ...row, response: { id: "r1", output: [message("\\boxed{2/3}")] } });
    expect(res.status).toBe(500);
    expect(res.body.error.message).toMatch(/judge_model_server/);
  });
});

describe("math_with_judge: wire", () => {
  test("bad rows are 400 with field paths", async () => {
    const s = client(server, serverEnv("math_with_judge"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const bad = await s.post("/seed_session", { responses_create_params: row.responses_create_params, question: 3, expected_answer: ["3/4"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_answer", "question"]);
  });

  test("majority@k is over extracted_answer", async () => {
    const s = client(server, serverEnv("math_with_judge"));
    const res = await s.post("/aggregate_metrics", {
      verify_responses: [
        { ...row, _ng_task_index: 0, reward: 1, library_reward: 1, extracted_answer: "3/4" },
        { ...row, _ng_task_index: 0, reward: 1, library_reward: 1, extracted_answer: "3/4" },
        { ...row, _ng_task_index: 0, reward: 0, library_reward: 0, extracted_answer: "2/3" },
      ],
    });
    expect(res.status).toBe(200);
    // Two of three rollouts agree on 3/4, which scored 1. As in NeMo Gym, math's scores are the
    // library's verdict (symbolic_accuracy) and the judge's; it has no plain accuracy.
    expect(res.body.agent_metrics["majority@2/symbolic_accuracy"]).toBe(100);
    expect(res.body.agent_metrics["majority@2/accuracy"]).toBeUndefined();
  });
});

// Verify responses (tasks and rollouts out of order, uneven k) and what NeMo Gym's own
// compute_metrics and get_key_metrics return for them (run on these rollouts, pinned).
const ROLLOUTS = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1, "library_reward": 1, "judge_evaluations": null, "extracted_answer": "3/4", "response": {"usage": {"input_tokens": 10, "output_tokens": 5}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 1, "library_reward": 0, "judge_evaluations": [{"verdict": "A"}], "extracted_answer": "0.75", "response": {"usage": {"input_tokens": 12, "output_tokens": 7}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0, "library_reward": 0, "judge_evaluations": [{"verdict": "A"}], "extracted_answer": null, "response": {"usage": {"input_tokens": 11, "output_tokens": 6}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0, "library_reward": 0, "judge_evaluations": [{"verdict": "A"}], "extracted_answer": "2", "response": {"usage": {"input_tokens": 20, "output_tokens": 9}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1, "library_reward": 1, "judge_evaluations": null, "extracted_answer": "3", "response": {"usage": {"input_tokens": 21, "output_tokens": 8}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0, "extracted_answer": "x", "response": {"usage": {"input_tokens": 30, "output_tokens": 1}}},
];
const NEMO_METRICS: Record<string, unknown> = {
  "majority@1/judge_accuracy": 0.0,
  "majority@1/no_answer": 0.0,
  "majority@1/symbolic_accuracy": 66.66666666666667,
  "majority@2/judge_accuracy": 33.333333333333336,
  "majority@2/no_answer": 0.0,
  "majority@2/symbolic_accuracy": 33.333333333333336,
  "majority@3/judge_accuracy": 33.333333333333336,
  "majority@3/no_answer": 0.0,
  "majority@3/symbolic_accuracy": 33.333333333333336,
  "pass@1/judge_accuracy": 25.0,
  "pass@1/no_answer": 11.111111111111112,
  "pass@1/symbolic_accuracy": 41.66666666666667,
  "pass@1[avg-of-1]/no_answer": 0.0,
  "pass@1[avg-of-1]/symbolic_accuracy": 100.0,
  "pass@1[avg-of-2]/judge_accuracy": 50.0,
  "pass@1[avg-of-2]/judge_accuracy/std_dev_across_runs": 35.35533905932738,
  "pass@1[avg-of-2]/judge_accuracy/std_err_across_runs": 25.0,
  "pass@1[avg-of-2]/no_answer": 0.0,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 0.0,
  "pass@1[avg-of-2]/symbolic_accuracy": 50.0,
  "pass@1[avg-of-2]/symbolic_accuracy/std_dev_across_runs": 70.71067811865476,
  "pass@1[avg-of-2]/symbolic_accuracy/std_err_across_runs": 50.0,
  "pass@1[avg-of-3]/judge_accuracy": 25.0,
  "pass@1[avg-of-3]/judge_accuracy/std_dev_across_runs": 35.35533905932738,
  "pass@1[avg-of-3]/judge_accuracy/std_err_across_runs": 25.0,
  "pass@1[avg-of-3]/no_answer": 11.111111111111109,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 57.735026918962575,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 33.333333333333336,
  "pass@1[avg-of-3]/symbolic_accuracy": 41.666666666666664,
  "pass@1[avg-of-3]/symbolic_accuracy/std_dev_across_runs": 57.735026918962575,
  "pass@1[avg-of-3]/symbolic_accuracy/std_err_across_runs": 33.333333333333336,
  "pass@2/judge_accuracy": 100.0,
  "pass@2/no_answer": 33.333333333333336,
  "pass@2/symbolic_accuracy": 83.33333333333334,
  "pass@3/no_answer": 100.0,
  "pass@3/symbolic_accuracy": 100.0,
  "per_sample_aggregate": {"judge_accuracy": [50.0, 0.0], "no_answer": [0.0, 0.0, 100.0], "symbolic_accuracy": [100.0, 0.0, 0.0]},
};
const NEMO_KEY_METRICS = {
  "majority@3/judge_accuracy": 33.333333333333336,
  "majority@3/symbolic_accuracy": 33.333333333333336,
  "mean/input_tokens": 17.333333333333332,
  "mean/output_tokens": 6.0,
  "pass@1[avg-of-3]/judge_accuracy": 25.0,
  "pass@1[avg-of-3]/no_answer": 11.111111111111109,
  "pass@1[avg-of-3]/symbolic_accuracy": 41.666666666666664,
  "pass@3/symbolic_accuracy": 100.0,
};
// agent_metrics less the reward profile's statistics of every numeric field: what compute_metrics adds.
const computed = (agent: Record<string, unknown>) => Object.fromEntries(Object.entries(agent).filter(([k]) => !/^(mean|max|min|median|std)\//.test(k)));

describe("aggregate metrics", () => {
  test("pass@k, majority@k over extracted_answer and no_answer for symbolic_accuracy and, where the judge was asked, judge_accuracy; NeMo Gym's headline", async () => {
    const res = await client(server, serverEnv("math_with_judge")).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    expect(computed(res.body.agent_metrics)).toEqual(NEMO_METRICS);
    expect(res.body.key_metrics).toEqual(NEMO_KEY_METRICS);
  });
});
