import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/bunsenbench_chemistry_mcq/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Which is water?\n<choices>\n<choice>OH-</choice>\n<choice>H2O</choice>\n<choice>H3O+</choice>\n<choice>SO₄²⁻</choice>\n</choices>" }] },
  options: [{ A: "OH-" }, { B: "H2O" }, { C: "H3O+" }, { D: "SO₄²⁻" }],
  expected_answer: "B",
  uuid: "bunsen:demo:1",
  metadata: { bct_field: "general", bct_subfield: "acids_bases", source: "demo", bunsen_id: "bunsen:demo:1" },
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function post(fields: Record<string, unknown>, text: string | string[], response: Record<string, unknown> = {}) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  return client(server, serverEnv("bunsenbench_chemistry_mcq")).post("/verify", { ...row, ...fields, response: { id: "r1", output, ...response } });
}

async function verify(text: string | string[], fields: Record<string, unknown> = {}, response: Record<string, unknown> = {}) {
  const res = await post(fields, text, response);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("bunsenbench_chemistry_mcq: reading the choice", () => {
  test("an option's text in <choice> tags; every verify field", async () => {
    expect(await verify("<choice>H2O</choice>")).toMatchObject({
      ...row,
      responses_create_params: expect.anything(),
      reward: 1,
      expected_answer: "B",
      extracted_answer: "B",
      no_answer: false,
      error_mode: "correct",
      bunsen_id: "bunsen:demo:1",
      source: "demo",
      bct_field: "general",
      bct_subfield: "acids_bases",
    });
  });

  test("option text is compared chemistry-normalised: subscripts, charges, entities, spacing", async () => {
    expect((await verify("<choice>SO42-</choice>")).extracted_answer).toBe("D");
    expect((await verify("<choice>SO<sub>4</sub></choice> no: <CHOICE>SO&#8324;&sup2;−</CHOICE>")).extracted_answer).toBe("D");
    expect((await verify("<choice>  H₂O </choice>")).extracted_answer).toBe("B");
  });

  test("the latest stated choice that names an option wins, across forms", async () => {
    expect((await verify("<choice>OH-</choice>\nOn reflection the answer is \\boxed{B}")).extracted_answer).toBe("B");
    expect((await verify("\\boxed{B}\n<answer>(C)</answer>")).extracted_answer).toBe("C");
    expect((await verify("**Answer:** Option A")).extracted_answer).toBe("A");
    expect((await verify("I choose B. It is neutral.")).extracted_answer).toBe("B");
    // A later candidate that names nothing does not hide an earlier one.
    expect((await verify("<choice>H2O</choice> <choice>water</choice>")).extracted_answer).toBe("B");
  });

  test("a label with nothing after it on its line reads the next line, and a label inside that answer is not read again", async () => {
    // NeMo Gym's reference gives no answer here: the one candidate is "answer :A) ok*[".
    expect((await verify("- Answer: \nanswer :A) ok*[")).extracted_answer).toBeNull();
    expect((await verify("Answer:\n\nB")).extracted_answer).toBe("B");
  });

  test("the options echoed in a <choices> list are not answers", async () => {
    expect(await verify("<choices><choice>OH-</choice></choices>\nno idea")).toMatchObject({ reward: 0, extracted_answer: null, no_answer: true, error_mode: "format_violation" });
  });

  test("last resort: the last line, then the first, as a letter or option text", async () => {
    expect((await verify("B\nI went with the neutral one")).extracted_answer).toBe("B");
    expect((await verify("Thinking about pH\nH3O+")).extracted_answer).toBe("C");
  });

  test("a text gold is turned into its letter; choices stand in for options", async () => {
    expect(await verify("<choice>H2O</choice>", { expected_answer: "\\boxed{H2O}" })).toMatchObject({ reward: 1, expected_answer: "B" });
    const choices = { options: null, choices: ["Argon", { label: "b", text: "Neon" }, { id: "xx", text: "Krypton" }] };
    expect(await verify("<choice>Neon</choice>", { ...choices, expected_answer: "Neon" })).toMatchObject({ reward: 1, expected_answer: "B", extracted_answer: "B" });
    expect((await verify("<choice>Krypton</choice>", { ...choices, expected_answer: "B" })).extracted_answer).toBeNull();
  });
});

describe("bunsenbench_chemistry_mcq: error modes", () => {
  test("wrong_answer, malformed_choice, refusal, early_termination", async () => {
    expect((await verify("<choice>OH-</choice>")).error_mode).toBe("wrong_answer");
    expect((await verify("<choice>plutonium</choice>")).error_mode).toBe("malformed_choice");
    expect((await verify("I'm sorry, but I can't help with that.")).error_mode).toBe("refusal");
    expect((await verify("<think>Weighing H2O against")).error_mode).toBe("early_termination");
    expect((await verify("Weighing the options", {}, { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } })).error_mode).toBe("early_termination");
  });

  test("taxonomy fields: the row's own first, else its metadata, else null", async () => {
    expect(await verify("<choice>H2O</choice>", { source: "row", metadata: null })).toMatchObject({ source: "row", bct_field: null, bunsen_id: null });
  });
});

describe("bunsenbench_chemistry_mcq: rows and long replies", () => {
  test("bad rows are 400 with the field path", async () => {
    const bad = await post({ choices: [3] }, "<choice>H2O</choice>");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("choices");
  });

  test("a 500 KB hostile reply verifies quickly", async () => {
    const hostile = ["<choice".repeat(20_000), "<answer>".repeat(10_000), "\\boxed{".repeat(10_000), "answer:".repeat(10_000), "i" + " ".repeat(100_000), "<think".repeat(10_000), "\n".repeat(100_000)].join("");
    const started = performance.now();
    expect((await verify(hostile)).reward).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

// Verify responses as the collector strips them: sources, fields and subfields that need a key
// segment of their own ("/", whitespace, symbols, nothing left), a source only on a later rollout,
// uneven rollouts, and rollouts recorded before error_mode (the fallback modes).
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "B", "extracted_answer": "B", "no_answer": false, "error_mode": "correct", "bunsen_id": "b0", "source": "ChemBench", "bct_field": "Organic Chemistry", "bct_subfield": "Reaction / Mechanisms", "response": {"usage": {"input_tokens": 400, "output_tokens": 30}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "expected_answer": "B", "extracted_answer": "C", "no_answer": false, "error_mode": "wrong_answer", "bunsen_id": "b0", "source": "ChemBench", "bct_field": "Organic Chemistry", "bct_subfield": "Reaction / Mechanisms", "response": {"usage": {"input_tokens": 400, "output_tokens": 31}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "expected_answer": "B", "extracted_answer": null, "no_answer": true, "error_mode": "refusal", "bunsen_id": "b0", "source": "ChemBench", "bct_field": "Organic Chemistry", "bct_subfield": "Reaction / Mechanisms", "response": {"usage": {"input_tokens": 400, "output_tokens": 32}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "B", "extracted_answer": "A", "no_answer": false, "error_mode": "wrong_answer", "bunsen_id": "b1", "source": "ChemBench", "bct_field": "  Physical   chemistry ", "bct_subfield": "Thermo-dynamics (ΔG)", "response": {"usage": {"input_tokens": 400, "output_tokens": 30}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "B", "extracted_answer": "B", "no_answer": false, "error_mode": "correct", "bunsen_id": "b1", "source": "ChemBench", "bct_field": "  Physical   chemistry ", "bct_subfield": "Thermo-dynamics (ΔG)", "response": {"usage": {"input_tokens": 400, "output_tokens": 31}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "B", "extracted_answer": null, "no_answer": true, "error_mode": "early_termination", "bunsen_id": "b2", "source": "", "bct_field": "Organic Chemistry", "bct_subfield": null, "response": {"usage": {"input_tokens": 400, "output_tokens": 30}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "B", "extracted_answer": "B", "no_answer": false, "error_mode": "correct", "bunsen_id": "b2", "source": "GPQA", "bct_field": "Organic Chemistry", "bct_subfield": null, "response": {"usage": {"input_tokens": 400, "output_tokens": 31}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "B", "extracted_answer": "B", "no_answer": false, "error_mode": null, "bunsen_id": "b3", "source": "%%%", "bct_field": "", "bct_subfield": null, "response": {"usage": {"input_tokens": 400, "output_tokens": 30}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 1, "reward": 0.0, "expected_answer": "B", "extracted_answer": "D", "no_answer": false, "error_mode": null, "bunsen_id": "b3", "source": "%%%", "bct_field": "", "bct_subfield": null, "response": {"usage": {"input_tokens": 400, "output_tokens": 31}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 2, "reward": 0.0, "expected_answer": "B", "extracted_answer": null, "no_answer": true, "error_mode": null, "bunsen_id": "b3", "source": "%%%", "bct_field": "", "bct_subfield": null, "response": {"usage": {"input_tokens": 400, "output_tokens": 32}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/accuracy": 41.66666666666667,
  "pass@1[avg-of-1]/accuracy": 50.0,
  "majority@1/accuracy": 50.0,
  "pass@1/no_answer": 29.166666666666668,
  "pass@1[avg-of-1]/no_answer": 25.0,
  "majority@1/no_answer": 0.0,
  "pass@2/accuracy": 83.33333333333334,
  "pass@1[avg-of-2]/accuracy": 50.0,
  "majority@2/accuracy": 62.5,
  "pass@2/no_answer": 58.333333333333336,
  "pass@1[avg-of-2]/no_answer": 12.5,
  "majority@2/no_answer": 0.0,
  "pass@3/accuracy": 100.0,
  "pass@1[avg-of-3]/accuracy": 41.666666666666664,
  "majority@3/accuracy": 62.5,
  "pass@3/no_answer": 100.0,
  "pass@1[avg-of-3]/no_answer": 29.166666666666664,
  "majority@3/no_answer": 0.0,
  "by_source/ChemBench/pass@1/accuracy": 41.66666666666667,
  "by_source/ChemBench/pass@1[avg-of-1]/accuracy": 50.0,
  "by_source/ChemBench/majority@1/accuracy": 50.0,
  "by_source/ChemBench/pass@1/no_answer": 16.666666666666668,
  "by_source/ChemBench/pass@1[avg-of-1]/no_answer": 0.0,
  "by_source/ChemBench/majority@1/no_answer": 0.0,
  "by_source/ChemBench/pass@2/accuracy": 83.33333333333334,
  "by_source/ChemBench/pass@1[avg-of-2]/accuracy": 50.0,
  "by_source/ChemBench/majority@2/accuracy": 50.0,
  "by_source/ChemBench/pass@2/no_answer": 33.333333333333336,
  "by_source/ChemBench/pass@1[avg-of-2]/no_answer": 0.0,
  "by_source/ChemBench/majority@2/no_answer": 0.0,
  "by_source/ChemBench/pass@3/accuracy": 100.0,
  "by_source/ChemBench/pass@1[avg-of-3]/accuracy": 41.666666666666664,
  "by_source/ChemBench/majority@3/accuracy": 50.0,
  "by_source/ChemBench/pass@3/no_answer": 100.0,
  "by_source/ChemBench/pass@1[avg-of-3]/no_answer": 16.666666666666664,
  "by_source/ChemBench/majority@3/no_answer": 0.0,
  "by_source/GPQA/pass@1/accuracy": 50.0,
  "by_source/GPQA/pass@1[avg-of-1]/accuracy": 0.0,
  "by_source/GPQA/majority@1/accuracy": 0.0,
  "by_source/GPQA/pass@1/no_answer": 50.0,
  "by_source/GPQA/pass@1[avg-of-1]/no_answer": 100.0,
  "by_source/GPQA/majority@1/no_answer": 0.0,
  "by_source/GPQA/pass@2/accuracy": 100.0,
  "by_source/GPQA/pass@1[avg-of-2]/accuracy": 50.0,
  "by_source/GPQA/majority@2/accuracy": 100.0,
  "by_source/GPQA/pass@2/no_answer": 100.0,
  "by_source/GPQA/pass@1[avg-of-2]/no_answer": 50.0,
  "by_source/GPQA/majority@2/no_answer": 0.0,
  "by_source/unknown/pass@1/accuracy": 33.333333333333336,
  "by_source/unknown/pass@1[avg-of-1]/accuracy": 100.0,
  "by_source/unknown/majority@1/accuracy": 100.0,
  "by_source/unknown/pass@1/no_answer": 33.333333333333336,
  "by_source/unknown/pass@1[avg-of-1]/no_answer": 0.0,
  "by_source/unknown/majority@1/no_answer": 0.0,
  "by_source/unknown/pass@2/accuracy": 66.66666666666667,
  "by_source/unknown/pass@1[avg-of-2]/accuracy": 50.0,
  "by_source/unknown/majority@2/accuracy": 50.0,
  "by_source/unknown/pass@2/no_answer": 66.66666666666667,
  "by_source/unknown/pass@1[avg-of-2]/no_answer": 0.0,
  "by_source/unknown/majority@2/no_answer": 0.0,
  "by_source/unknown/pass@3/accuracy": 100.0,
  "by_source/unknown/pass@1[avg-of-3]/accuracy": 33.33333333333333,
  "by_source/unknown/majority@3/accuracy": 50.0,
  "by_source/unknown/pass@3/no_answer": 100.0,
  "by_source/unknown/pass@1[avg-of-3]/no_answer": 33.33333333333333,
  "by_source/unknown/majority@3/no_answer": 0.0,
  "by_bct_field/Organic_Chemistry/pass@1/accuracy": 41.66666666666667,
  "by_bct_field/Organic_Chemistry/pass@1[avg-of-1]/accuracy": 50.0,
  "by_bct_field/Organic_Chemistry/majority@1/accuracy": 50.0,
  "by_bct_field/Organic_Chemistry/pass@1/no_answer": 41.66666666666667,
  "by_bct_field/Organic_Chemistry/pass@1[avg-of-1]/no_answer": 50.0,
  "by_bct_field/Organic_Chemistry/majority@1/no_answer": 0.0,
  "by_bct_field/Organic_Chemistry/pass@2/accuracy": 83.33333333333334,
  "by_bct_field/Organic_Chemistry/pass@1[avg-of-2]/accuracy": 50.0,
  "by_bct_field/Organic_Chemistry/majority@2/accuracy": 75.0,
  "by_bct_field/Organic_Chemistry/pass@2/no_answer": 83.33333333333334,
  "by_bct_field/Organic_Chemistry/pass@1[avg-of-2]/no_answer": 25.0,
  "by_bct_field/Organic_Chemistry/majority@2/no_answer": 0.0,
  "by_bct_field/Organic_Chemistry/pass@3/accuracy": 100.0,
  "by_bct_field/Organic_Chemistry/pass@1[avg-of-3]/accuracy": 41.666666666666664,
  "by_bct_field/Organic_Chemistry/majority@3/accuracy": 75.0,
  "by_bct_field/Organic_Chemistry/pass@3/no_answer": 100.0,
  "by_bct_field/Organic_Chemistry/pass@1[avg-of-3]/no_answer": 41.666666666666664,
  "by_bct_field/Organic_Chemistry/majority@3/no_answer": 0.0,
  "by_bct_field/Physical_chemistry/pass@1/accuracy": 50.0,
  "by_bct_field/Physical_chemistry/pass@1[avg-of-1]/accuracy": 0.0,
  "by_bct_field/Physical_chemistry/majority@1/accuracy": 0.0,
  "by_bct_field/Physical_chemistry/pass@1/no_answer": 0.0,
  "by_bct_field/Physical_chemistry/pass@1[avg-of-1]/no_answer": 0.0,
  "by_bct_field/Physical_chemistry/majority@1/no_answer": 0.0,
  "by_bct_field/Physical_chemistry/pass@2/accuracy": 100.0,
  "by_bct_field/Physical_chemistry/pass@1[avg-of-2]/accuracy": 50.0,
  "by_bct_field/Physical_chemistry/majority@2/accuracy": 50.0,
  "by_bct_field/Physical_chemistry/pass@2/no_answer": 0.0,
  "by_bct_field/Physical_chemistry/pass@1[avg-of-2]/no_answer": 0.0,
  "by_bct_field/Physical_chemistry/majority@2/no_answer": 0.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1/accuracy": 33.333333333333336,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1[avg-of-1]/accuracy": 100.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/majority@1/accuracy": 100.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1/no_answer": 33.333333333333336,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1[avg-of-1]/no_answer": 0.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/majority@1/no_answer": 0.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@2/accuracy": 66.66666666666667,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1[avg-of-2]/accuracy": 50.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/majority@2/accuracy": 50.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@2/no_answer": 66.66666666666667,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1[avg-of-2]/no_answer": 0.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/majority@2/no_answer": 0.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@3/accuracy": 100.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1[avg-of-3]/accuracy": 33.33333333333333,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/majority@3/accuracy": 50.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@3/no_answer": 100.0,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/pass@1[avg-of-3]/no_answer": 33.33333333333333,
  "by_bct_subfield/Organic_Chemistry/Reaction____Mechanisms/majority@3/no_answer": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@1/accuracy": 50.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@1[avg-of-1]/accuracy": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/majority@1/accuracy": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@1/no_answer": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@1[avg-of-1]/no_answer": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/majority@1/no_answer": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@2/accuracy": 100.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@1[avg-of-2]/accuracy": 50.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/majority@2/accuracy": 50.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@2/no_answer": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/pass@1[avg-of-2]/no_answer": 0.0,
  "by_bct_subfield/Physical_chemistry/Thermo-dynamics__G/majority@2/no_answer": 0.0,
  "error_modes/correct/count": 4.0,
  "error_modes/correct": 40.0,
  "error_modes/wrong_answer/count": 3.0,
  "error_modes/wrong_answer": 30.0,
  "error_modes/refusal/count": 1.0,
  "error_modes/refusal": 10.0,
  "error_modes/early_termination/count": 1.0,
  "error_modes/early_termination": 10.0,
  "error_modes/malformed_choice/count": 0.0,
  "error_modes/malformed_choice": 0.0,
  "error_modes/format_violation/count": 1.0,
  "error_modes/format_violation": 10.0
};
const expectedKeyMetrics = {
  "mean/reward": 0.4,
  "pass@1[avg-of-3]/accuracy": 41.666666666666664,
  "pass@1[avg-of-3]/no_answer": 29.166666666666664,
  "pass@3/no_answer": 100.0,
  "majority@3/accuracy": 62.5,
  "pass@1/accuracy": 41.66666666666667,
  "pass@3/accuracy": 100.0,
  "pass@1/no_answer": 29.166666666666668,
  "error_modes/correct": 40.0,
  "error_modes/wrong_answer": 30.0,
  "error_modes/refusal": 10.0,
  "error_modes/early_termination": 10.0,
  "error_modes/malformed_choice": 0.0,
  "error_modes/format_violation": 10.0
};

describe("aggregate metrics", () => {
  test("pass@k and majority@k per source, BCT field and subfield, the error-mode shares, NeMo Gym's key metrics", async () => {
    const res = await client(server, serverEnv("bunsenbench_chemistry_mcq")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@") && !key.endsWith("_across_runs") && !(key in expectedMetrics))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
