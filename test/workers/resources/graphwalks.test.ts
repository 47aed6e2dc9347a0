import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/graphwalks/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Adjacency list:\na -> b, c\nb -> d\nc -> d\n\nOperation: Find the parents of node d." }] },
  expected_answer: '["b", "c"]',
  problem_type: "parents",
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

const verify = (texts: string[], fields: Record<string, unknown> = {}) =>
  client(server, serverEnv("graphwalks")).post("/verify", { ...row, ...fields, response: { id: "r1", output: texts.map(message) } });

describe("graphwalks: the final line", () => {
  test("every field; the optional counts default to null", async () => {
    const res = await verify(["Both b and c point to d.\n\nFinal Answer: [c, b]\n"]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...row, n_tokens: null, prompt_chars: null, reward: 1, f1: 1, parse_failed: false, predicted_nodes: ["c", "b"] });
  });

  test("only the last non-empty line counts", async () => {
    expect((await verify(["Final Answer: [b, c]\nI am not sure."])).body).toMatchObject({ reward: 0, parse_failed: true, predicted_nodes: [] });
  });

  test("partial credit is F1; duplicates count once; quotes are kept (graphwalks does not strip them)", async () => {
    expect((await verify(["Final Answer: [b, e]"])).body.f1).toBe(0.5);
    expect((await verify(["Final Answer: [b, b, c]"])).body).toMatchObject({ f1: 1, predicted_nodes: ["b", "b", "c"] });
    expect((await verify(['Final Answer: ["b", "c"]'])).body).toMatchObject({ f1: 0, predicted_nodes: ['"b"', '"c"'] });
  });

  test("the capture runs to the line's last ]; a label without [ is skipped", async () => {
    expect((await verify(["Final Answer: maybe. Final Answer: [b, c] (see [1])"])).body.predicted_nodes).toEqual(["b", "c] (see [1"]);
  });

  test("an explicit [] is an answer: 1 against an empty set, 0 against a non-empty one", async () => {
    expect((await verify(["Final Answer: []"], { expected_answer: "[]" })).body).toMatchObject({ reward: 1, parse_failed: false });
    expect((await verify(["Final Answer: [ ]"])).body).toMatchObject({ reward: 0, parse_failed: false });
  });

  test("an expected answer that is not a JSON list: a string is its characters, junk is the empty set", async () => {
    expect((await verify(["Final Answer: [b, c]"], { expected_answer: '"bc"' })).body.reward).toBe(1);
    expect((await verify(["Final Answer: []"], { expected_answer: "not json" })).body.reward).toBe(1);
    expect((await verify(["Final Answer: [1]"], { expected_answer: "[1]" })).body.reward).toBe(0);
  });
});

describe("graphwalks: bad rows and long replies", () => {
  test("a row without problem_type is a 400 naming the field", async () => {
    const res = await client(server, serverEnv("graphwalks")).post("/verify", { ...row, problem_type: undefined, response: { id: "r1", output: [message("x")] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("problem_type");
  });

  test.each([
    ["unclosed labels", "Final Answer: [".repeat(35_000)],
    ["spaces", " ".repeat(500_000) + "x"],
    ["a huge list", `Final Answer: [${"n, ".repeat(160_000)}b, c]`],
  ])("a 500 KB reply of %s is graded fast", async (_name, text) => {
    const started = performance.now();
    const res = await verify([text]);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

// Verify responses as the collector strips them: F1 rewards next to exact ones, uneven rollouts per
// task, and an empty problem_type (no subset).
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "f1": 1.0, "parse_failed": false, "predicted_nodes": [], "problem_type": "parents", "response": {"usage": {"input_tokens": 200, "output_tokens": 7}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "f1": 0.0, "parse_failed": true, "predicted_nodes": [], "problem_type": "parents", "response": {"usage": {"input_tokens": 200, "output_tokens": 8}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 1.0, "f1": 1.0, "parse_failed": false, "predicted_nodes": [], "problem_type": "parents", "response": {"usage": {"input_tokens": 200, "output_tokens": 9}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.5, "f1": 0.5, "parse_failed": false, "predicted_nodes": [], "problem_type": "parents", "response": {"usage": {"input_tokens": 203, "output_tokens": 7}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0.8, "f1": 0.8, "parse_failed": false, "predicted_nodes": [], "problem_type": "parents", "response": {"usage": {"input_tokens": 203, "output_tokens": 8}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "f1": 0.0, "parse_failed": true, "predicted_nodes": [], "problem_type": "bfs", "response": {"usage": {"input_tokens": 206, "output_tokens": 7}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0.6666666666666666, "f1": 0.6666666666666666, "parse_failed": false, "predicted_nodes": [], "problem_type": "bfs", "response": {"usage": {"input_tokens": 206, "output_tokens": 8}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 0.0, "f1": 0.0, "parse_failed": false, "predicted_nodes": [], "problem_type": "bfs", "response": {"usage": {"input_tokens": 206, "output_tokens": 9}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1.0, "f1": 1.0, "parse_failed": false, "predicted_nodes": [], "problem_type": "", "response": {"usage": {"input_tokens": 209, "output_tokens": 7}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/accuracy": 54.16666666666667,
  "pass@1[avg-of-1]/accuracy": 62.5,
  "pass@2/accuracy": 82.22222222222223,
  "pass@1[avg-of-2]/accuracy": 62.083333333333336,
  "pass@3/accuracy": 83.33333333333333,
  "pass@1[avg-of-3]/accuracy": 63.47222222222222,
  "per_sample_aggregate": {
    "accuracy": [
      62.5,
      48.88888888888889,
      50.0
    ]
  },
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 9.624508966150227,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 6.805555555555553,
  "pass@1[avg-of-3]/accuracy/std_dev_across_runs": 7.558074198941672,
  "pass@1[avg-of-3]/accuracy/std_err_across_runs": 4.36365617331414,
  "problem_type=parents/pass@1/accuracy": 58.333333333333336,
  "problem_type=parents/pass@1[avg-of-1]/accuracy": 75.0,
  "problem_type=parents/pass@2/accuracy": 90.0,
  "problem_type=parents/pass@1[avg-of-2]/accuracy": 57.49999999999999,
  "problem_type=parents/pass@3/accuracy": 100.0,
  "problem_type=parents/pass@1[avg-of-3]/accuracy": 65.83333333333333,
  "problem_type=parents/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 24.748737341529164,
  "problem_type=parents/pass@1[avg-of-2]/accuracy/std_err_across_runs": 17.5,
  "problem_type=parents/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 30.13856886670854,
  "problem_type=parents/pass@1[avg-of-3]/accuracy/std_err_across_runs": 17.40051084818425,
  "problem_type=bfs/pass@1/accuracy": 0.0,
  "problem_type=bfs/pass@1[avg-of-1]/accuracy": 0.0,
  "problem_type=bfs/pass@2/accuracy": 66.66666666666666,
  "problem_type=bfs/pass@1[avg-of-2]/accuracy": 33.33333333333333,
  "problem_type=bfs/pass@3/accuracy": 66.66666666666666,
  "problem_type=bfs/pass@1[avg-of-3]/accuracy": 22.22222222222222,
  "problem_type=bfs/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 47.14045207910316,
  "problem_type=bfs/pass@1[avg-of-2]/accuracy/std_err_across_runs": 33.33333333333333,
  "problem_type=bfs/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 38.49001794597505,
  "problem_type=bfs/pass@1[avg-of-3]/accuracy/std_err_across_runs": 22.22222222222222
};
const expectedKeyMetrics = {
  "mean/input_tokens": 203.66666666666666,
  "mean/output_tokens": 7.777777777777778,
  "pass@1[avg-of-3]/accuracy": 63.47222222222222,
  "pass@3/accuracy": 83.33333333333333
};

describe("aggregate metrics", () => {
  test("pass@k over the reward, per problem type as problem_type=<type>/..., and NeMo Gym's key metrics", async () => {
    const res = await client(server, serverEnv("graphwalks")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.startsWith("problem_type="))).toEqual(Object.keys(expectedMetrics).filter((key) => key.startsWith("problem_type=")));
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
