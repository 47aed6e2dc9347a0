import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/spartqa/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const options = ["a small blue square", "a big blue square"];
const row = {
  responses_create_params: { input: [{ role: "user", content: "What is left of the triangle? a small blue square or a big blue square?" }] },
  target: "a big blue square",
  options,
  verifier_metadata: { target: "a big blue square", options },
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function post(fields: Record<string, unknown>, text: string | string[]) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  return client(server, serverEnv("spartqa")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}

async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await post(fields, text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("spartqa: extraction", () => {
  test("the last Final answer line wins; every verify field", async () => {
    expect(await verify("Final answer: a small blue square\nOn reflection:\nFinal answer: a big blue square")).toEqual({
      ...row,
      responses_create_params: expect.anything(),
      response: expect.anything(),
      reward: 1,
      exact: true,
      parsed: true,
      extracted: "a big blue square",
      predicted_label: "a big blue square",
    });
  });

  test("the prompt's template echoed back is skipped; markdown around the label is allowed", async () => {
    expect((await verify("Final answer: <candidate answer>\n**Final answer:** big blue square")).extracted).toBe("big blue square");
    expect((await verify("> - __Final Answer is__ - the big blue square")).predicted_label).toBe("a big blue square");
  });

  test("a label mid-line is not a line label, but 'the answer is' anywhere is", async () => {
    expect((await verify("I said final answer: a small blue square. The answer is a big blue square")).extracted).toBe("a big blue square");
  });

  test("the label's answer may sit on the next line", async () => {
    expect((await verify("Final answer:\n\n  a big blue square")).extracted).toBe("a big blue square");
  });

  test("a label with nothing after it yields an empty answer, not the next label's line", async () => {
    expect(await verify("the answer is -")).toMatchObject({ reward: 0, parsed: false, extracted: "" });
    expect((await verify("The answer should be:\nnone")).predicted_label).toBe("none of them");
  });

  test("think blocks are dropped (any case), an unclosed one stays", async () => {
    expect((await verify("<THINK>Final answer: a small blue square</think>Final answer: a big blue square")).reward).toBe(1);
    expect((await verify("<think>Final answer: a big blue square")).reward).toBe(1);
  });

  test("without a label: the first line, or the last after a reasoning opener", async () => {
    expect((await verify("* **a big blue square**\nbecause it is left")).extracted).toBe("a big blue square");
    expect((await verify("Analysis: both are candidates\na big blue square")).extracted).toBe("a big blue square");
  });

  test("an answer is cut to 200 characters for the extracted field", async () => {
    const long = `Final answer: ${"x".repeat(300)}`;
    expect((await verify(long)).extracted).toHaveLength(200);
  });
});

describe("spartqa: resolving labels", () => {
  test("naming both objects resolves to nothing (no credit for an echo)", async () => {
    expect(await verify("Final answer: a small blue square or a big blue square")).toMatchObject({ reward: 0, exact: false, parsed: true, predicted_label: "" });
  });

  test("a label nested in a longer one that also matched is not counted", async () => {
    const nested = { target: "a big blue square", options: ["blue square", "a big blue square"] };
    expect(await verify("Final answer: I pick the big blue square", nested)).toMatchObject({ reward: 1, exact: false, predicted_label: "a big blue square" });
  });

  test("aliases of both and none; articles aside; exact only when verbatim", async () => {
    expect(await verify("Final answer: neither", { target: "none of them" })).toMatchObject({ reward: 1, exact: false, predicted_label: "none of them" });
    expect(await verify("Final answer: Both.", { target: "both of them" })).toMatchObject({ reward: 1, exact: false, predicted_label: "both of them" });
    expect(await verify("Final answer: The big blue square!")).toMatchObject({ reward: 1, exact: true });
  });

  test("target and options fall back to verifier_metadata", async () => {
    expect(await verify("Final answer: big blue square", { target: "", options: [] })).toMatchObject({ reward: 1, predicted_label: "a big blue square" });
  });

  test("without any gold, nothing scores; an empty reply is not parsed", async () => {
    expect(await verify("Final answer: none", { target: "", verifier_metadata: null })).toMatchObject({ reward: 0, predicted_label: "none of them" });
    expect(await verify("   ")).toMatchObject({ reward: 0, parsed: false, extracted: "", predicted_label: "" });
  });
});

describe("spartqa: rows and long replies", () => {
  test("bad rows are 400 with the field path", async () => {
    const bad = await post({ options: "a or b" }, "Final answer: a");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("options");
  });

  test("a 500 KB hostile reply verifies quickly", async () => {
    const hostile = ["\n".repeat(100_000), "answer ".repeat(20_000), "*".repeat(100_000) + "x", "Final answer is" + " ".repeat(100_000) + "\n"].join("");
    const started = performance.now();
    expect((await verify(hostile)).reward).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

// Verify responses as the collector strips them: golds "both of them", "None of them." (read as
// its label) and an object, an empty answer, and a null target (no slice).
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "target": "both of them", "options": ["the red square", "the blue circle"], "exact": true, "parsed": true, "extracted": "both of them", "predicted_label": "both of them", "response": {"usage": {"input_tokens": 50, "output_tokens": 5}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "target": "both of them", "options": ["the red square", "the blue circle"], "exact": false, "parsed": true, "extracted": "the red square", "predicted_label": "the red square", "response": {"usage": {"input_tokens": 50, "output_tokens": 6}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "target": "both of them", "options": ["the red square", "the blue circle"], "exact": false, "parsed": false, "extracted": "", "predicted_label": "", "response": {"usage": {"input_tokens": 50, "output_tokens": 7}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1.0, "target": "None of them.", "options": ["the red square", "the blue circle"], "exact": false, "parsed": true, "extracted": "none of them", "predicted_label": "none of them", "response": {"usage": {"input_tokens": 50, "output_tokens": 5}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "target": "None of them.", "options": ["the red square", "the blue circle"], "exact": true, "parsed": true, "extracted": "none of them", "predicted_label": "none of them", "response": {"usage": {"input_tokens": 50, "output_tokens": 6}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 1.0, "target": "the red square", "options": ["the red square", "the blue circle"], "exact": true, "parsed": true, "extracted": "the red square", "predicted_label": "the red square", "response": {"usage": {"input_tokens": 50, "output_tokens": 5}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0.0, "target": "the red square", "options": ["the red square", "the blue circle"], "exact": false, "parsed": true, "extracted": "", "predicted_label": "", "response": {"usage": {"input_tokens": 50, "output_tokens": 6}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0.0, "target": null, "options": ["the red square", "the blue circle"], "exact": false, "parsed": true, "extracted": "", "predicted_label": "", "response": {"usage": {"input_tokens": 50, "output_tokens": 5}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "mean_reward": 0.5,
  "count": 8,
  "exact_match_rate": 0.375,
  "parse_rate": 0.875,
  "label_resolve_rate": 0.625,
  "accuracy_both_of_them": 0.3333333333333333,
  "accuracy_none_of_them": 1.0
};
const expectedKeyMetrics = {
  "mean_reward": 0.5,
  "exact_match_rate": 0.375
};

describe("aggregate metrics", () => {
  test("NeMo Gym's rates over every rollout, accuracy on the both / none golds, and its key metrics", async () => {
    const res = await client(server, serverEnv("spartqa")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    // Like NeMo's, no pass@k: the environment has no score function.
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@"))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });

  test("without a both or none gold there is no such slice", async () => {
    const res = await client(server, serverEnv("spartqa")).post("/aggregate_metrics", { verify_responses: rollouts.filter((r) => r._ng_task_index >= 2) });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject({ mean_reward: 1 / 3, count: 3, exact_match_rate: 1 / 3, parse_rate: 1, label_resolve_rate: 1 / 3 });
    expect(res.body.agent_metrics).not.toHaveProperty("accuracy_both_of_them");
    expect(res.body.agent_metrics).not.toHaveProperty("accuracy_none_of_them");
  });
});
