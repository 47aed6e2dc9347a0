import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/imo_gradingbench/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Grade the solution; end with one word: incorrect, partial, almost or correct." }] },
  grading_id: "example_1_correct",
  problem_id: "sum_arith",
  expected_answer: "correct",
};

const answer = (...texts: string[]) => ({
  id: "r1",
  output: [
    ...texts.map((text) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] })),
    { type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "incorrect" }] },
  ],
});

async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("imo_gradingbench")).post("/verify", { ...row, ...fields, response: answer(...[text].flat()) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("imo_gradingbench", () => {
  test("the gold grade as the last word earns 1; the row is echoed with grade, bucket and points", async () => {
    expect(await verify("Fully justified.\n\ncorrect")).toMatchObject({ ...row, reward: 1, extracted_grade: "correct", binary_match: true, score_diff: 0 });
  });

  test.each([
    ["almost for correct: same bucket, 1 point", "almost", "correct", { reward: 0, binary_match: true, score_diff: 1 }],
    ["partial for correct: other bucket, 6 points", "partial", "correct", { reward: 0, binary_match: false, score_diff: 6 }],
    ["incorrect for partial: same bucket, 1 point", "incorrect", "partial", { reward: 0, binary_match: true, score_diff: 1 }],
    ["almost for partial: other bucket, 5 points", "almost", "partial", { reward: 0, binary_match: false, score_diff: 5 }],
    ["the gold in any case with spaces", "almost", "  ALMOST\n", { reward: 1, binary_match: true, score_diff: 0 }],
  ])("%s", async (_name, reply, gold, expected) => {
    expect(await verify(reply, { expected_answer: gold })).toMatchObject(expected);
  });

  test.each([
    ["bold and a full stop", "Grade: **Correct**.", "correct"],
    ["brackets and backticks", "[`partial`]", "partial"],
    ["a trailing newline run", "almost\n\n\n", "almost"],
    ["punctuation inside the word", "in.cor_rect", "incorrect"],
    ["a non-breaking space before it", "Final grade:\u00a0correct", "correct"],
    ["the last message's last word", ["partial", "correct"], "correct"],
  ])("reads %s", async (_name, text, grade) => {
    expect((await verify(text)).extracted_grade).toBe(grade);
  });

  test.each([
    ["a grade before the last word", "correct, I think"],
    ["a word joined by a hyphen", "almost-correct"],
    ["quotes, which are not stripped", '"correct"'],
    ["a grade followed by a full-width stop", "correct\u3002x"],
    ["an empty reply", "   "],
  ])("reads no grade from %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 0, extracted_grade: null, binary_match: false, score_diff: null });
  });

  test("a gold outside the four grades scores 0 with no bucket or points", async () => {
    expect(await verify("correct", { expected_answer: "7" })).toMatchObject({ reward: 0, extracted_grade: "correct", binary_match: false, score_diff: null });
  });

  test("the optional row fields come back null when absent", async () => {
    const res = await client(server, serverEnv("imo_gradingbench")).post("/verify", { responses_create_params: row.responses_create_params, response: answer("correct") });
    expect(res.body).toMatchObject({ reward: 0, expected_answer: null, grading_id: null, problem_id: null, extracted_grade: "correct", score_diff: null });
  });

  test("bad rows are 400 with field paths", async () => {
    const bad = await client(server, serverEnv("imo_gradingbench")).post("/verify", { ...row, expected_answer: 7, grading_id: 3, response: answer("correct") });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_answer", "grading_id"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const started = performance.now();
    expect(await verify("x".repeat(500_000) + " correct")).toMatchObject({ reward: 1 });
    expect(await verify(" \n".repeat(250_000))).toMatchObject({ extracted_grade: null });
    expect(await verify("*".repeat(500_000))).toMatchObject({ extracted_grade: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

// Verify responses as the collector strips them: uneven rollouts, unread grades (no score_diff, no
// answer), a task with no score_diff in its first two rollouts, and one without binary_match.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "correct", "grading_id": "g0", "problem_id": null, "extracted_grade": "almost", "binary_match": true, "score_diff": 1.0, "response": {"usage": {"input_tokens": 2000, "output_tokens": 100}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "correct", "grading_id": "g0", "problem_id": null, "extracted_grade": "correct", "binary_match": true, "score_diff": 0.0, "response": {"usage": {"input_tokens": 2000, "output_tokens": 101}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "expected_answer": "correct", "grading_id": "g0", "problem_id": null, "extracted_grade": null, "binary_match": false, "score_diff": null, "response": {"usage": {"input_tokens": 2000, "output_tokens": 102}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "partial", "grading_id": "g1", "problem_id": null, "extracted_grade": "incorrect", "binary_match": true, "score_diff": 1.0, "response": {"usage": {"input_tokens": 2001, "output_tokens": 100}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0.0, "expected_answer": "partial", "grading_id": "g1", "problem_id": null, "extracted_grade": "almost", "score_diff": 5.0, "response": {"usage": {"input_tokens": 2001, "output_tokens": 101}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "incorrect", "grading_id": "g2", "problem_id": null, "extracted_grade": null, "binary_match": false, "score_diff": null, "response": {"usage": {"input_tokens": 2002, "output_tokens": 100}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0.0, "expected_answer": "incorrect", "grading_id": "g2", "problem_id": null, "extracted_grade": null, "binary_match": false, "score_diff": null, "response": {"usage": {"input_tokens": 2002, "output_tokens": 101}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 0.0, "expected_answer": "incorrect", "grading_id": "g2", "problem_id": null, "extracted_grade": "correct", "binary_match": false, "score_diff": 7.0, "response": {"usage": {"input_tokens": 2002, "output_tokens": 102}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "almost", "grading_id": "g3", "problem_id": null, "extracted_grade": "almost", "binary_match": true, "score_diff": 0.0, "response": {"usage": {"input_tokens": 2003, "output_tokens": 100}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/binarized_accuracy": 54.16666666666667,
  "pass@1[avg-of-1]/binarized_accuracy": 75.0,
  "majority@1/binarized_accuracy": 75.0,
  "pass@1/exact_accuracy": 33.333333333333336,
  "pass@1[avg-of-1]/exact_accuracy": 25.0,
  "majority@1/exact_accuracy": 25.0,
  "pass@1/no_answer": 25.0,
  "pass@1[avg-of-1]/no_answer": 25.0,
  "majority@1/no_answer": 0.0,
  "pass@2/binarized_accuracy": 66.66666666666667,
  "pass@1[avg-of-2]/binarized_accuracy": 62.5,
  "majority@2/binarized_accuracy": 62.5,
  "pass@2/exact_accuracy": 22.222222222222225,
  "pass@1[avg-of-2]/exact_accuracy": 37.5,
  "majority@2/exact_accuracy": 37.5,
  "pass@2/no_answer": 55.555555555555564,
  "pass@1[avg-of-2]/no_answer": 25.0,
  "majority@2/no_answer": 0.0,
  "pass@3/binarized_accuracy": 50.0,
  "pass@1[avg-of-3]/binarized_accuracy": 54.166666666666664,
  "majority@3/binarized_accuracy": 62.5,
  "pass@3/exact_accuracy": 50.0,
  "pass@1[avg-of-3]/exact_accuracy": 33.33333333333333,
  "majority@3/exact_accuracy": 37.5,
  "pass@3/no_answer": 100.0,
  "pass@1[avg-of-3]/no_answer": 25.0,
  "majority@3/no_answer": 0.0,
  "per_sample_aggregate": {
    "binarized_accuracy": [
      75.0,
      33.333333333333336,
      0.0
    ],
    "exact_accuracy": [
      25.0,
      33.333333333333336,
      0.0
    ],
    "no_answer": [
      25.0,
      33.333333333333336,
      50.0
    ]
  },
  "pass@1[avg-of-2]/binarized_accuracy/std_dev_across_runs": 29.462782549439478,
  "pass@1[avg-of-2]/binarized_accuracy/std_err_across_runs": 20.83333333333333,
  "pass@1[avg-of-2]/exact_accuracy/std_dev_across_runs": 5.892556509887898,
  "pass@1[avg-of-2]/exact_accuracy/std_err_across_runs": 4.166666666666668,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 5.892556509887898,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 4.166666666666668,
  "pass@1[avg-of-3]/binarized_accuracy/std_dev_across_runs": 37.577081273524115,
  "pass@1[avg-of-3]/binarized_accuracy/std_err_across_runs": 21.695137988629593,
  "pass@1[avg-of-3]/exact_accuracy/std_dev_across_runs": 17.347216662217775,
  "pass@1[avg-of-3]/exact_accuracy/std_err_across_runs": 10.015420209622194,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 12.729376930432888,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 7.349309197401641,
  "pass@1[avg-of-1]/mae": 0.6666666666666666,
  "pass@1[avg-of-1]/mae_count": 3.0,
  "pass@1/mae": 0.6666666666666666,
  "pass@1/mae_count": 3.0,
  "pass@1[avg-of-2]/mae": 1.4,
  "pass@1[avg-of-2]/mae_count": 5.0,
  "pass@2/mae": 0.3333333333333333,
  "pass@2/mae_count": 3.0,
  "pass@1[avg-of-3]/mae": 2.3333333333333335,
  "pass@1[avg-of-3]/mae_count": 6.0,
  "pass@3/mae": 2.0,
  "pass@3/mae_count": 4.0,
  "mae": 2.3333333333333335,
  "mae_count": 6.0
};
const expectedKeyMetrics = {
  "mean/reward": 0.2222222222222222,
  "pass@1[avg-of-3]/binarized_accuracy": 54.166666666666664,
  "pass@1[avg-of-3]/exact_accuracy": 33.33333333333333,
  "pass@1[avg-of-3]/no_answer": 25.0,
  "pass@1[avg-of-3]/mae": 2.3333333333333335,
  "pass@3/binarized_accuracy": 50.0,
  "pass@3/exact_accuracy": 50.0,
  "pass@3/mae": 2.0,
  "majority@3/binarized_accuracy": 62.5,
  "majority@3/exact_accuracy": 37.5,
  "mae": 2.3333333333333335,
  "mae_count": 6.0
};

describe("aggregate metrics", () => {
  test("pass@k and majority@k of exact and binarized accuracy, MAE of the grade points per k, NeMo Gym's key metrics", async () => {
    const res = await client(server, serverEnv("imo_gradingbench")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@") && !(key in expectedMetrics))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
