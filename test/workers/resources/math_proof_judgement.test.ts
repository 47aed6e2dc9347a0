import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/math_proof_judgement/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Judge this proof. End with <judgement>Judgement: Yes</judgement> or No." }] },
  problem_id: "sum_evens",
  problem: "Prove that the sum of two even integers is even.",
  proof: "a = 2k, b = 2m, so a + b = 2(k + m). QED.",
  expected_judgement: "Judgement: Yes",
  metadata: { expert_rating: 7 },
};

const answer = (...texts: string[]) => ({
  id: "r1",
  output: [
    { type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "Judgement: No" }] },
    ...texts.map((text) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] })),
  ],
});

async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("math_proof_judgement")).post("/verify", { ...row, ...fields, response: answer(...[text].flat()) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("math_proof_judgement", () => {
  test("a matching verdict earns 1; the row is echoed with the verdict and its confusion counts", async () => {
    expect(await verify("The algebra is right.\n<judgement>Judgement: Yes</judgement>")).toMatchObject({ ...row, reward: 1, extracted_judgement: "Yes", tp: 1, fp: 0, fn: 0, tn: 0 });
    expect(await verify("Judgement: No")).toMatchObject({ reward: 0, extracted_judgement: "No", tp: 0, fp: 0, fn: 1, tn: 0 });
    expect(await verify("Judgement: Yes", { expected_judgement: "Judgement: No" })).toMatchObject({ reward: 0, fp: 1 });
    expect(await verify("Judgement: No", { expected_judgement: "judgement:no" })).toMatchObject({ reward: 1, tn: 1 });
  });

  test.each([
    ["bold label and verdict", "**Judgement**: **Yes**", "Yes"],
    ["any case, no space", "JUDGEMENT:yes, clearly", "Yes"],
    ["space before the colon", "Judgement \t: No", "No"],
    ["a word starting with the verdict", "Judgement: Nope", "No"],
    ["the first label, not the last", "Judgement: No\n...on reflection, Judgement: Yes", "No"],
    ["a verdict on the next line", "Judgement:\n\n  Yes", "Yes"],
    ["a label inside another word", "Misjudgement: yes", "Yes"],
  ])("reads %s", async (_name, text, verdict) => {
    expect((await verify(text)).extracted_judgement).toBe(verdict);
  });

  test.each([
    ["no label", "Yes, the proof is correct."],
    ["the American spelling", "Judgment: Yes"],
    ["a first label with no verdict (later ones are not read)", "Judgement: maybe\nJudgement: Yes"],
    ["three asterisks before the label's colon", "Judgement***: Yes"],
    ["an empty reply", ""],
  ])("reads no verdict from %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 0, extracted_judgement: null, tp: 0, fp: 0, fn: 0, tn: 0 });
  });

  test("messages are read joined by newlines; reasoning items are not read", async () => {
    expect(await verify(["Judgement:", "Yes"])).toMatchObject({ reward: 1, extracted_judgement: "Yes" });
  });

  test("a gold without a readable verdict scores 0 and counts nothing", async () => {
    expect(await verify("Judgement: Yes", { expected_judgement: "Yes" })).toMatchObject({ reward: 0, extracted_judgement: "Yes", tp: 0, fp: 0, fn: 0, tn: 0 });
  });

  test("the optional row fields come back null when absent", async () => {
    const res = await client(server, serverEnv("math_proof_judgement")).post("/verify", { responses_create_params: row.responses_create_params, response: answer("Judgement: Yes") });
    expect(res.body).toMatchObject({ reward: 0, expected_judgement: null, problem_id: null, problem: null, proof: null, extracted_judgement: "Yes" });
  });

  test("bad rows are 400 with field paths", async () => {
    const bad = await client(server, serverEnv("math_proof_judgement")).post("/verify", { ...row, expected_judgement: 1, problem_id: ["x"], response: answer("Judgement: Yes") });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_judgement", "problem_id"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const hostile = "Judgement" + " ".repeat(250_000) + "*".repeat(250_000);
    const started = performance.now();
    expect(await verify([hostile, "**Judgement: yes"])).toMatchObject({ reward: 1 });
    expect(await verify("*".repeat(500_000))).toMatchObject({ extracted_judgement: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

// Verify responses as the collector strips them: uneven rollouts, a rollout without a verdict, a
// Yes/No tie, and a task whose gold cannot be read (it counts in no confusion table).
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "expected_judgement": "Judgement: Yes", "problem_id": "p0", "problem": null, "proof": null, "extracted_judgement": "Yes", "tp": 1.0, "fp": 0.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 900, "output_tokens": 40}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "expected_judgement": "Judgement: Yes", "problem_id": "p0", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 1.0, "tn": 0.0, "response": {"usage": {"input_tokens": 900, "output_tokens": 41}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "expected_judgement": "Judgement: Yes", "problem_id": "p0", "problem": null, "proof": null, "extracted_judgement": null, "tp": 0.0, "fp": 0.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 900, "output_tokens": 42}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1.0, "expected_judgement": "Judgement: No", "problem_id": "p1", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 0.0, "tn": 1.0, "response": {"usage": {"input_tokens": 901, "output_tokens": 40}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0.0, "expected_judgement": "Judgement: No", "problem_id": "p1", "problem": null, "proof": null, "extracted_judgement": "Yes", "tp": 0.0, "fp": 1.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 901, "output_tokens": 41}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "expected_judgement": "Judgement: Yes", "problem_id": "p2", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 1.0, "tn": 0.0, "response": {"usage": {"input_tokens": 902, "output_tokens": 40}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0.0, "expected_judgement": "Judgement: Yes", "problem_id": "p2", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 1.0, "tn": 0.0, "response": {"usage": {"input_tokens": 902, "output_tokens": 41}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 1.0, "expected_judgement": "Judgement: Yes", "problem_id": "p2", "problem": null, "proof": null, "extracted_judgement": "Yes", "tp": 1.0, "fp": 0.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 902, "output_tokens": 42}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0.0, "expected_judgement": "Judgement: No", "problem_id": "p3", "problem": null, "proof": null, "extracted_judgement": "Yes", "tp": 0.0, "fp": 1.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 903, "output_tokens": 40}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 0.0, "expected_judgement": "Judgement: Yes", "problem_id": "p4", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 1.0, "tn": 0.0, "response": {"usage": {"input_tokens": 904, "output_tokens": 40}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 1, "reward": 1.0, "expected_judgement": "Judgement: Yes", "problem_id": "p4", "problem": null, "proof": null, "extracted_judgement": "Yes", "tp": 1.0, "fp": 0.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 904, "output_tokens": 41}}},
  {"_ng_task_index": 5, "_ng_rollout_index": 0, "reward": 0.0, "expected_judgement": "Judgement: maybe", "problem_id": "p5", "problem": null, "proof": null, "extracted_judgement": "Yes", "tp": 0.0, "fp": 0.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 905, "output_tokens": 40}}},
  {"_ng_task_index": 5, "_ng_rollout_index": 1, "reward": 0.0, "expected_judgement": "Judgement: maybe", "problem_id": "p5", "problem": null, "proof": null, "extracted_judgement": null, "tp": 0.0, "fp": 0.0, "fn": 0.0, "tn": 0.0, "response": {"usage": {"input_tokens": 905, "output_tokens": 41}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/accuracy": 27.777777777777782,
  "pass@1[avg-of-1]/accuracy": 33.333333333333336,
  "majority@1/accuracy": 33.333333333333336,
  "pass@1/false_negative": 25.0,
  "pass@1[avg-of-1]/false_negative": 33.333333333333336,
  "majority@1/false_negative": 33.333333333333336,
  "pass@1/false_positive": 25.0,
  "pass@1[avg-of-1]/false_positive": 16.666666666666668,
  "majority@1/false_positive": 16.666666666666668,
  "pass@1/no_answer": 13.888888888888891,
  "pass@1[avg-of-1]/no_answer": 0.0,
  "majority@1/no_answer": 0.0,
  "pass@1/true_negative": 8.333333333333334,
  "pass@1[avg-of-1]/true_negative": 16.666666666666668,
  "majority@1/true_negative": 16.666666666666668,
  "pass@1/true_positive": 19.444444444444446,
  "pass@1[avg-of-1]/true_positive": 16.666666666666668,
  "majority@1/true_positive": 16.666666666666668,
  "pass@2/accuracy": 66.66666666666667,
  "pass@1[avg-of-2]/accuracy": 25.0,
  "majority@2/accuracy": 25.0,
  "pass@2/false_negative": 53.333333333333336,
  "pass@1[avg-of-2]/false_negative": 33.333333333333336,
  "majority@2/false_negative": 33.333333333333336,
  "pass@2/false_positive": 20.0,
  "pass@1[avg-of-2]/false_positive": 25.0,
  "majority@2/false_positive": 25.0,
  "pass@2/no_answer": 33.333333333333336,
  "pass@1[avg-of-2]/no_answer": 8.333333333333334,
  "majority@2/no_answer": 0.0,
  "pass@2/true_negative": 20.0,
  "pass@1[avg-of-2]/true_negative": 8.333333333333334,
  "majority@2/true_negative": 8.333333333333334,
  "pass@2/true_positive": 46.66666666666667,
  "pass@1[avg-of-2]/true_positive": 16.666666666666668,
  "majority@2/true_positive": 16.666666666666668,
  "pass@3/accuracy": 100.0,
  "pass@1[avg-of-3]/accuracy": 27.777777777777775,
  "majority@3/accuracy": 25.0,
  "pass@3/false_negative": 100.0,
  "pass@1[avg-of-3]/false_negative": 25.0,
  "majority@3/false_negative": 33.333333333333336,
  "pass@3/false_positive": 0.0,
  "pass@1[avg-of-3]/false_positive": 25.0,
  "majority@3/false_positive": 25.0,
  "pass@3/no_answer": 50.0,
  "pass@1[avg-of-3]/no_answer": 13.888888888888888,
  "majority@3/no_answer": 0.0,
  "pass@3/true_negative": 0.0,
  "pass@1[avg-of-3]/true_negative": 8.333333333333334,
  "majority@3/true_negative": 8.333333333333334,
  "pass@3/true_positive": 100.0,
  "pass@1[avg-of-3]/true_positive": 19.444444444444443,
  "majority@3/true_positive": 16.666666666666668,
  "per_sample_aggregate": {
    "accuracy": [
      33.333333333333336,
      20.0,
      50.0
    ],
    "false_negative": [
      33.333333333333336,
      40.0,
      0.0
    ],
    "false_positive": [
      16.666666666666668,
      20.0,
      0.0
    ],
    "no_answer": [
      0.0,
      20.0,
      50.0
    ],
    "true_negative": [
      16.666666666666668,
      0.0,
      0.0
    ],
    "true_positive": [
      16.666666666666668,
      20.0,
      50.0
    ]
  },
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 9.428090415820636,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 6.666666666666668,
  "pass@1[avg-of-2]/false_negative/std_dev_across_runs": 4.714045207910315,
  "pass@1[avg-of-2]/false_negative/std_err_across_runs": 3.333333333333332,
  "pass@1[avg-of-2]/false_positive/std_dev_across_runs": 2.3570226039551576,
  "pass@1[avg-of-2]/false_positive/std_err_across_runs": 1.666666666666666,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 14.142135623730951,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 10.0,
  "pass@1[avg-of-2]/true_negative/std_dev_across_runs": 11.785113019775793,
  "pass@1[avg-of-2]/true_negative/std_err_across_runs": 8.333333333333334,
  "pass@1[avg-of-2]/true_positive/std_dev_across_runs": 2.3570226039551576,
  "pass@1[avg-of-2]/true_positive/std_err_across_runs": 1.666666666666666,
  "pass@1[avg-of-3]/accuracy/std_dev_across_runs": 15.030832509409647,
  "pass@1[avg-of-3]/accuracy/std_err_across_runs": 8.678055195451838,
  "pass@1[avg-of-3]/false_negative/std_dev_across_runs": 21.43033502442879,
  "pass@1[avg-of-3]/false_negative/std_err_across_runs": 12.372809695177827,
  "pass@1[avg-of-3]/false_positive/std_dev_across_runs": 10.715167512214395,
  "pass@1[avg-of-3]/false_positive/std_err_across_runs": 6.186404847588913,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 25.16611478423583,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 14.529663145135578,
  "pass@1[avg-of-3]/true_negative/std_dev_across_runs": 9.622504486493764,
  "pass@1[avg-of-3]/true_negative/std_err_across_runs": 5.555555555555556,
  "pass@1[avg-of-3]/true_positive/std_dev_across_runs": 18.358568490953672,
  "pass@1[avg-of-3]/true_positive/std_err_across_runs": 10.599324460188285,
  "pass@1[avg-of-1]/precision": 50.0,
  "pass@1[avg-of-1]/recall": 33.33333333333333,
  "pass@1[avg-of-1]/f1": 40.0,
  "pass@1[avg-of-2]/precision": 50.0,
  "pass@1[avg-of-2]/recall": 33.33333333333333,
  "pass@1[avg-of-2]/f1": 40.0,
  "pass@1[avg-of-3]/precision": 66.66666666666667,
  "pass@1[avg-of-3]/recall": 33.333333333333336,
  "pass@1[avg-of-3]/f1": 43.333333333333336,
  "pass@1/precision": 50.0,
  "pass@1/recall": 33.33333333333333,
  "pass@1/f1": 40.0,
  "pass@2/precision": 66.66666666666666,
  "pass@2/recall": 66.66666666666666,
  "pass@2/f1": 66.66666666666666,
  "pass@3/precision": 75.0,
  "pass@3/recall": 100.0,
  "pass@3/f1": 85.71428571428571,
  "majority@1/precision": 50.0,
  "majority@1/recall": 33.33333333333333,
  "majority@1/f1": 40.0,
  "majority@2/precision": 50.0,
  "majority@2/recall": 33.33333333333333,
  "majority@2/f1": 40.0,
  "majority@3/precision": 50.0,
  "majority@3/recall": 33.33333333333333,
  "majority@3/f1": 40.0,
  "total_positives": 3.0
};
const expectedKeyMetrics = {
  "mean/reward": 0.3076923076923077,
  "pass@1[avg-of-3]/accuracy": 27.777777777777775,
  "pass@1[avg-of-3]/no_answer": 13.888888888888888,
  "pass@1[avg-of-3]/precision": 66.66666666666667,
  "pass@1[avg-of-3]/recall": 33.333333333333336,
  "pass@1[avg-of-3]/f1": 43.333333333333336,
  "pass@3/accuracy": 100.0,
  "pass@3/no_answer": 50.0,
  "pass@3/f1": 85.71428571428571,
  "majority@3/accuracy": 25.0,
  "majority@3/f1": 40.0
};

// No gold Yes and no Yes verdict (every precision and recall denominator is 0), and a rollout
// without its confusion counts (they score 0).
const noPositives = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "expected_judgement": "Judgement: No", "problem_id": "p0", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 0.0, "tn": 1.0, "response": {"usage": {"input_tokens": 900, "output_tokens": 40}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "expected_judgement": "Judgement: No", "problem_id": "p0", "problem": null, "proof": null, "extracted_judgement": null, "response": {"usage": {"input_tokens": 900, "output_tokens": 41}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1.0, "expected_judgement": "Judgement: No", "problem_id": "p1", "problem": null, "proof": null, "extracted_judgement": "No", "tp": 0.0, "fp": 0.0, "fn": 0.0, "tn": 1.0, "response": {"usage": {"input_tokens": 901, "output_tokens": 40}}},
];
const expectedNoPositives = {
  "pass@1/accuracy": 75.0,
  "pass@1[avg-of-1]/accuracy": 100.0,
  "majority@1/accuracy": 100.0,
  "pass@1/false_negative": 0.0,
  "pass@1[avg-of-1]/false_negative": 0.0,
  "majority@1/false_negative": 0.0,
  "pass@1/false_positive": 0.0,
  "pass@1[avg-of-1]/false_positive": 0.0,
  "majority@1/false_positive": 0.0,
  "pass@1/no_answer": 25.0,
  "pass@1[avg-of-1]/no_answer": 0.0,
  "majority@1/no_answer": 0.0,
  "pass@1/true_negative": 75.0,
  "pass@1[avg-of-1]/true_negative": 100.0,
  "majority@1/true_negative": 100.0,
  "pass@1/true_positive": 0.0,
  "pass@1[avg-of-1]/true_positive": 0.0,
  "majority@1/true_positive": 0.0,
  "pass@2/accuracy": 100.0,
  "pass@1[avg-of-2]/accuracy": 75.0,
  "majority@2/accuracy": 100.0,
  "pass@2/false_negative": 0.0,
  "pass@1[avg-of-2]/false_negative": 0.0,
  "majority@2/false_negative": 0.0,
  "pass@2/false_positive": 0.0,
  "pass@1[avg-of-2]/false_positive": 0.0,
  "majority@2/false_positive": 0.0,
  "pass@2/no_answer": 100.0,
  "pass@1[avg-of-2]/no_answer": 25.0,
  "majority@2/no_answer": 0.0,
  "pass@2/true_negative": 100.0,
  "pass@1[avg-of-2]/true_negative": 75.0,
  "majority@2/true_negative": 100.0,
  "pass@2/true_positive": 0.0,
  "pass@1[avg-of-2]/true_positive": 0.0,
  "majority@2/true_positive": 0.0,
  "per_sample_aggregate": {
    "accuracy": [
      100.0,
      0.0
    ],
    "false_negative": [
      0.0,
      0.0
    ],
    "false_positive": [
      0.0,
      0.0
    ],
    "no_answer": [
      0.0,
      100.0
    ],
    "true_negative": [
      100.0,
      0.0
    ],
    "true_positive": [
      0.0,
      0.0
    ]
  },
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "pass@1[avg-of-2]/false_negative/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/false_negative/std_err_across_runs": 0.0,
  "pass@1[avg-of-2]/false_positive/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/false_positive/std_err_across_runs": 0.0,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 70.71067811865476,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 50.0,
  "pass@1[avg-of-2]/true_negative/std_dev_across_runs": 70.71067811865476,
  "pass@1[avg-of-2]/true_negative/std_err_across_runs": 50.0,
  "pass@1[avg-of-2]/true_positive/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/true_positive/std_err_across_runs": 0.0,
  "pass@1[avg-of-1]/precision": 100.0,
  "pass@1[avg-of-1]/recall": 100.0,
  "pass@1[avg-of-1]/f1": 100.0,
  "pass@1[avg-of-2]/precision": 100.0,
  "pass@1[avg-of-2]/recall": 100.0,
  "pass@1[avg-of-2]/f1": 100.0,
  "pass@1/precision": 100.0,
  "pass@1/recall": 100.0,
  "pass@1/f1": 100.0,
  "pass@2/precision": 100.0,
  "pass@2/recall": 100.0,
  "pass@2/f1": 100.0,
  "majority@1/precision": 100.0,
  "majority@1/recall": 100.0,
  "majority@1/f1": 100.0,
  "majority@2/precision": 100.0,
  "majority@2/recall": 100.0,
  "majority@2/f1": 100.0,
  "total_positives": 0.0
};

describe("aggregate metrics", () => {
  const aggregate = (verify_responses: unknown[]) => client(server, serverEnv("math_proof_judgement")).post("/aggregate_metrics", { verify_responses });

  test("pass@k and majority@k per score, precision / recall / F1 per k, total_positives, NeMo Gym's key metrics", async () => {
    const res = await aggregate(rollouts);
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@") && !(key in expectedMetrics))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });

  test("no positives anywhere: Skills' convention makes precision and recall 100; missing counts score 0", async () => {
    const res = await aggregate(noPositives);
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedNoPositives);
  });
});
