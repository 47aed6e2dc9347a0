import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/mrcr/index.ts";
import { boundedSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Now please repeat the 1st poem. Start your response with 'abc123'." }] },
  expected_answer: "abc123zz-1 Golden leaves drift down,\nWhispering secrets to the ground,\nAutumn's gentle crown.",
  random_string_to_prepend: "abc123",
  n_needles: 2,
  n_tokens: 180,
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(texts: string[], fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("mrcr")).post("/verify", { ...row, ...fields, response: { id: "r1", output: texts.map(message) } });
  return res;
}

describe("mrcr: the prefix gate", () => {
  test("the reference rollout: blank lines trimmed, prefix removed from both sides, difflib's ratio", async () => {
    const res = await verify(["\n\nabc123 Golden leaves drift down,\nWhispering secrets to the ground,\nAutumn's gentle crown.\n"]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...row, reward: 0.9764705882352941, prefix_matched: true, seq_match_ratio: 0.9764705882352941 });
  });

  test("no prefix, or <think> text before it: 0 with prefix_matched false", async () => {
    expect((await verify(["zz-1 Golden leaves drift down,"])).body).toMatchObject({ reward: 0, prefix_matched: false, seq_match_ratio: 0 });
    expect((await verify(["<think>the first one</think>abc123zz-1 Golden"])).body).toMatchObject({ reward: 0, prefix_matched: false });
  });

  test("output_text parts are joined with nothing between them, as Response.output_text", async () => {
    const res = await verify(["abc123zz-1 Golden leaves drift down,\nWhispering", " secrets"], { expected_answer: "abc123zz-1 Golden leaves drift down,\nWhispering secrets to the ground" });
    expect(res.body.seq_match_ratio).toBe(0.875);
  });

  test("Python's strip: U+FEFF is not whitespace, so it stays and defeats the gate", async () => {
    expect((await verify(["\ufeffabc123zz-1"])).body).toMatchObject({ prefix_matched: false, reward: 0 });
  });

  test("an expected answer without the prefix is compared as it is", async () => {
    expect((await verify(["abc123same text"], { expected_answer: "same text" })).body.reward).toBe(1);
  });
});

describe("mrcr: difflib's numbers", () => {
  test("autojunk: in a 200+ character answer a popular character starts no match", () => {
    const b = "ab".repeat(150) + "xyz";
    const a = "ba".repeat(150) + "xyz";
    expect(boundedSimilarity(a, b)).toEqual({ ratio: 0.009900990099009901, exact: true });
  });

  test("past the work budget, the blocks matched so far stand: a lower bound, never above difflib's", () => {
    const b = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0x4e00 + (i % 400))).join("");
    // A shuffled copy shares every character: a multiset bound would say 1.
    const a = [...b].reverse().join("").repeat(4);
    const exact = boundedSimilarity(a, b, Number.POSITIVE_INFINITY);
    const bounded = boundedSimilarity(a, b, 20_000);
    expect(exact.exact).toBe(true);
    expect(bounded.exact).toBe(false);
    expect(bounded.ratio).toBeLessThanOrEqual(exact.ratio);
    expect(bounded.ratio).toBeLessThan(0.5);
  });
});

describe("mrcr: bad rows and long replies", () => {
  test("a row without n_needles is a 400 naming the field", async () => {
    const { n_needles: _, ...rest } = row;
    const res = await client(server, serverEnv("mrcr")).post("/verify", { ...rest, response: { id: "r1", output: [message("abc123")] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("n_needles");
  });

  test.each([
    ["one character", "a".repeat(500_000)],
    ["the answer over and over", "zz-1 Golden leaves drift down,\nWhispering secrets to the ground,\nAutumn's gentle crown.".repeat(5000)],
    ["many distinct characters", Array.from({ length: 500_000 }, (_, i) => String.fromCharCode(0x4e00 + (i % 20000))).join("")],
  ])("a 500 KB reply of %s is graded fast", async (_name, body) => {
    const expected = "abc123" + Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7) % 20000))).join("");
    const started = performance.now();
    const res = await verify([`abc123${body}`], { expected_answer: expected });
    expect(res.status).toBe(200);
    expect(res.body.reward).toBeLessThan(0.1);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

// Verify responses as the collector strips them: three needle counts (0 makes no subset), uneven
// rollouts per task, similarity rewards next to exact ones.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 0.5, "prefix_matched": true, "seq_match_ratio": 0.5, "n_needles": 2, "response": {"usage": {"input_tokens": 100, "output_tokens": 10}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 1.0, "prefix_matched": true, "seq_match_ratio": 1.0, "n_needles": 2, "response": {"usage": {"input_tokens": 101, "output_tokens": 10}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "prefix_matched": false, "seq_match_ratio": 0.0, "n_needles": 2, "response": {"usage": {"input_tokens": 102, "output_tokens": 10}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1.0, "prefix_matched": true, "seq_match_ratio": 1.0, "n_needles": 2, "response": {"usage": {"input_tokens": 100, "output_tokens": 20}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "prefix_matched": true, "seq_match_ratio": 1.0, "n_needles": 2, "response": {"usage": {"input_tokens": 101, "output_tokens": 20}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.25, "prefix_matched": true, "seq_match_ratio": 0.25, "n_needles": 4, "response": {"usage": {"input_tokens": 100, "output_tokens": 30}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0.75, "prefix_matched": true, "seq_match_ratio": 0.75, "n_needles": 0, "response": {"usage": {"input_tokens": 100, "output_tokens": 40}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 1, "reward": 0.0, "prefix_matched": false, "seq_match_ratio": 0.0, "n_needles": 0, "response": {"usage": {"input_tokens": 101, "output_tokens": 40}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/accuracy": 62.5,
  "pass@1[avg-of-1]/accuracy": 62.5,
  "pass@2/accuracy": 91.66666666666667,
  "pass@1[avg-of-2]/accuracy": 59.375,
  "pass@3/accuracy": 100.0,
  "pass@1[avg-of-3]/accuracy": 53.125,
  "per_sample_aggregate": {
    "accuracy": [
      62.5,
      66.66666666666667,
      0.0
    ]
  },
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 2.9462782549439512,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 2.0833333333333353,
  "pass@1[avg-of-3]/accuracy/std_dev_across_runs": 37.345360165968756,
  "pass@1[avg-of-3]/accuracy/std_err_across_runs": 21.56135374480559,
  "n_needles=2/pass@1/accuracy": 75.0,
  "n_needles=2/pass@1[avg-of-1]/accuracy": 75.0,
  "n_needles=2/pass@2/accuracy": 100.0,
  "n_needles=2/pass@1[avg-of-2]/accuracy": 87.5,
  "n_needles=2/pass@3/accuracy": 100.0,
  "n_needles=2/pass@1[avg-of-3]/accuracy": 75.0,
  "n_needles=2/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 17.67766952966369,
  "n_needles=2/pass@1[avg-of-2]/accuracy/std_err_across_runs": 12.5,
  "n_needles=2/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 52.04164998665332,
  "n_needles=2/pass@1[avg-of-3]/accuracy/std_err_across_runs": 30.04626062886658,
  "n_needles=4/pass@1/accuracy": 25.0,
  "n_needles=4/pass@1[avg-of-1]/accuracy": 25.0
};
const expectedKeyMetrics = {
  "mean/input_tokens": 100.625,
  "mean/output_tokens": 22.5,
  "pass@1[avg-of-3]/accuracy": 53.125,
  "pass@3/accuracy": 100.0
};

describe("aggregate metrics", () => {
  test("pass@k over the reward, per needle count as n_needles=<count>/..., and NeMo Gym's key metrics", async () => {
    const res = await client(server, serverEnv("mrcr")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.startsWith("n_needles="))).toEqual(Object.keys(expectedMetrics).filter((key) => key.startsWith("n_needles=")));
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
