import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/mcqa/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const OPTIONS = [{ A: "Circle" }, { B: "Square" }, { C: "Triangle" }, { D: "Hexagon" }];
const row = {
  responses_create_params: { input: [{ role: "user", content: "Which shape has three sides?\nA: Circle\nB: Square\nC: Triangle\nD: Hexagon" }] },
  options: OPTIONS,
  expected_answer: "C",
  uuid: "0b3c9a52-5d0e-4a43-9d6f-1f2e3d4c5b6a",
};

const answer = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });

async function verify(text: string, fields: Record<string, unknown> = {}, instanceConfig?: Record<string, unknown>) {
  const env = serverEnv("mcqa", instanceConfig ? { INSTANCE_CONFIG: instanceConfig } : {});
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: answer(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const letter = async (text: string, fields: Record<string, unknown> = {}) => (await verify(text, fields)).extracted_answer;

describe("mcqa: strict_single_letter_boxed (the default)", () => {
  test("the boxed gold letter earns 1; the row is echoed with the grading mode it was graded by", async () => {
    expect(await verify("Three sides make a triangle.\n\n\\boxed{C}")).toMatchObject({ ...row, reward: 1, grading_mode: "strict_single_letter_boxed", expected_answer: "C", extracted_answer: "C" });
    expect(await verify("\\boxed{B}")).toMatchObject({ reward: 0, extracted_answer: "B" });
  });

  test("the gold letter is compared trimmed and upper-cased, and echoed that way", async () => {
    expect(await verify("\\boxed{C}", { expected_answer: " c " })).toMatchObject({ reward: 1, expected_answer: "C" });
  });

  test.each([
    ["padding around the letter", "Final: \\boxed{ [C] }", "C"],
    ["a \\text{} wrapper", "\\boxed{\\text{C}}", "C"],
    ["nested wrappers", "\\boxed{\\text{ \\text{C} }}", "C"],
    ["a label then the option text", "\\[ \\boxed{C: \\text{Triangle, with three sides}} \\]", "C"],
    ["a label on a new line", "\\boxed{\nC) Triangle\n}", "C"],
    ["the last box, not a thinking box", "Maybe \\boxed{A}? No: \\boxed{C}", "C"],
    ["a non-letter thinking box before the answer", "Idea: \\boxed{\\text{some idea}}. Final: \\boxed{C}", "C"],
  ])("reads %s", async (_name, text, expected) => {
    expect(await letter(text)).toBe(expected);
  });

  test.each([
    ["no box", "The answer is C."],
    ["a lower-case letter", "\\boxed{c}"],
    ["bare option text", "\\boxed{A triangle}"],
    ["an unclosed last box", "\\boxed{C} then \\boxed{C"],
    ["a letter that is not an option", "\\boxed{E}"],
    ["two letters", "\\boxed{C or D}"],
  ])("finds no letter in %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 0, extracted_answer: null });
  });

  test("an empty answer earns 0 with no letter", async () => {
    expect(await verify("   ")).toMatchObject({ reward: 0, extracted_answer: null });
  });
});

describe("mcqa: lenient modes", () => {
  test("lenient_boxed takes a letter first, else the one option whose text is in the last box", async () => {
    const lenient = { grading_mode: "lenient_boxed" };
    expect(await letter("\\boxed{C}", lenient)).toBe("C");
    expect(await letter("\\boxed{ the TRIANGLE }", lenient)).toBe("C");
    expect(await letter("\\boxed{\\text{triangle}}", lenient)).toBe("C");
    expect(await letter("\\boxed{square or triangle}", lenient)).toBeNull();
    expect(await letter("triangle", lenient)).toBeNull();
  });

  test("lenient_answer_colon reads the first Answer: as a letter or an option's exact text", async () => {
    const colon = { grading_mode: "lenient_answer_colon" };
    expect(await letter("answer: c", colon)).toBe("C");
    expect(await letter("Answer: \\text{C}", colon)).toBe("C");
    expect(await letter("ANSWER:  triangle ", colon)).toBe("C");
    expect(await letter("Answer: A\nOn reflection, Answer: C", colon)).toBe("A");
    expect(await letter("Answer: a triangle", colon)).toBeNull();
    expect(await letter("\\boxed{C}", colon)).toBeNull();
  });

  test("an instance's grading_mode overrides the row's", async () => {
    const text = "I think so.\n\nAnswer: C";
    expect((await verify(text, { grading_mode: "strict_single_letter_boxed" })).extracted_answer).toBeNull();
    expect(await verify(text, { grading_mode: "strict_single_letter_boxed" }, { grading_mode: "lenient_answer_colon" })).toMatchObject({ reward: 1, extracted_answer: "C" });
  });
});

describe("mcqa: template_metadata.output_regex", () => {
  const template = (output_regex: unknown) => ({ template_metadata: { template_id: "t1", output_regex } });

  test("comes before the grading mode; case-insensitive; the last match wins", async () => {
    expect(await letter("Option Selected: c", template("Option Selected:\\s*([A-Za-z])"))).toBe("C");
    expect(await letter("Final Choice: A? No. Final Choice: C", template("Final Choice:\\s*([A-Za-z])"))).toBe("C");
  });

  test("a list of regexes is tried in order; a miss falls back to the grading mode", async () => {
    expect(await letter("Antwort: C", template(["Answer\\s*:\\s*([A-Za-z])", "Antwort\\s*:\\s*([A-Za-z])"]))).toBe("C");
    expect(await letter("\\boxed{C}", template("Final Choice:\\s*([A-Za-z])"))).toBe("C");
  });

  test("a captured letter is trusted even outside the options; captured text must equal an option", async () => {
    expect(await letter("ANSWER IS F", template("ANSWER IS\\s*([A-Za-z])"))).toBe("F");
    expect(await letter("Choice: Triangle", template("Choice:\\s*(\\w+)"))).toBe("C");
    expect(await letter("Choice: Pentagon", template("Choice:\\s*(\\w+)"))).toBeNull();
  });

  test("localized answer letters read as A-D (Arabic, Bengali, full-width)", async () => {
    expect(await letter("الإجابة: ج", template("الإجابة:\\s*(\\S)"))).toBe("C");
    expect(await letter("উত্তর: ড", template("উত্তর:\\s*(\\S)"))).toBe("C");
    expect(await letter("Answer: Ｃ", template("Answer:\\s*(\\S)"))).toBe("C");
  });

  test("Python's named groups work; an invalid or catastrophic pattern falls back to the grading mode", async () => {
    expect(await letter("Pick: C", template("Pick:\\s*(?P<letter>[A-D])"))).toBe("C");
    expect(await letter("Pick: A \\boxed{C}", template("([\""))).toBe("C");
    expect(await letter("Pick: A \\boxed{C}", template("Pick:(\\s*\\w+)+"))).toBe("C");
    expect(await letter("Pick: A \\boxed{C}", template("(?:a|aa)*Pick:\\s*([A-D])"))).toBe("C");
  });
});

describe("mcqa: wire", () => {
  test("a catastrophic row regex costs nothing on a long adversarial answer", async () => {
    const started = Date.now();
    const text = `${"a".repeat(50_000)}!`;
    expect((await verify(text, { template_metadata: { output_regex: "(a+)+$" } })).extracted_answer).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test("aggregate metrics vote on extracted_answer", async () => {
    const responses = [
      { _ng_task_index: 0, _ng_rollout_index: 0, reward: 1, extracted_answer: "C" },
      { _ng_task_index: 0, _ng_rollout_index: 1, reward: 0, extracted_answer: "B" },
      { _ng_task_index: 0, _ng_rollout_index: 2, reward: 1, extracted_answer: "C" },
    ];
    const res = await client(server, serverEnv("mcqa")).post("/aggregate_metrics", { verify_responses: responses });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.agent_metrics).some((k) => k.startsWith("majority@"))).toBe(true);
  });

  test("bad rows are 400 with field paths; mcqa has no tools", async () => {
    const s = client(server, serverEnv("mcqa"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    // /seed_session checks the task fields it gets (NeMo Gym's seed request needs none); /verify needs them all.
    const bad = await s.post("/seed_session", { ...row, expected_answer: undefined, grading_mode: "lenient", options: [{ A: 1 }], template_metadata: { output_regex: 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["grading_mode", "options[0].A", "template_metadata.output_regex"]);
    const noGold = await s.post("/verify", { ...row, expected_answer: undefined, response: answer("\\boxed{C}") });
    expect(noGold.status).toBe(400);
    expect(noGold.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["expected_answer"]);
    const misconfigured = await client(server, serverEnv("mcqa", { INSTANCE_CONFIG: { grading_mode: "whatever" } })).post("/verify", { ...row, response: answer("\\boxed{C}") });
    expect(misconfigured.status).toBe(500);
    expect((await s.post("/get_answer", {})).status).toBe(404);
  });
});

// Verify responses (tasks and rollouts out of order, uneven k) and what NeMo Gym's own
// compute_metrics and get_key_metrics return for them (run on these rollouts, pinned).
const ROLLOUTS = [
  {"_ng_task_index": 1, "_ng_rollout_index": 2, "reward": 0, "extracted_answer": null, "response": {"usage": {"input_tokens": 14, "output_tokens": 5}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1, "extracted_answer": "C", "response": {"usage": {"input_tokens": 10, "output_tokens": 5}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0, "extracted_answer": "B", "response": {"usage": {"input_tokens": 11, "output_tokens": 5}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0, "extracted_answer": "B", "response": {"usage": {"input_tokens": 12, "output_tokens": 5}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 3, "reward": 1, "extracted_answer": "C", "response": {"usage": {"input_tokens": 13, "output_tokens": 5}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1, "extracted_answer": "A", "response": {"usage": {"input_tokens": 15, "output_tokens": 5}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0, "extracted_answer": "D", "response": {"usage": {"input_tokens": 16, "output_tokens": 5}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0, "extracted_answer": null, "response": {"usage": {"input_tokens": 17, "output_tokens": 5}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0, "extracted_answer": null, "response": {"usage": {"input_tokens": 18, "output_tokens": 5}}},
];
const NEMO_METRICS: Record<string, unknown> = {
  "majority@1/accuracy": 66.66666666666667,
  "majority@1/no_answer": 0.0,
  "majority@2/accuracy": 33.333333333333336,
  "majority@2/no_answer": 0.0,
  "majority@3/accuracy": 16.666666666666668,
  "majority@3/no_answer": 0.0,
  "majority@4/accuracy": 33.333333333333336,
  "majority@4/no_answer": 0.0,
  "pass@1/accuracy": 27.777777777777782,
  "pass@1/no_answer": 44.44444444444445,
  "pass@1[avg-of-1]/accuracy": 66.66666666666667,
  "pass@1[avg-of-1]/no_answer": 33.333333333333336,
  "pass@1[avg-of-2]/accuracy": 33.333333333333336,
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 47.14045207910317,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 33.333333333333336,
  "pass@1[avg-of-2]/no_answer": 33.333333333333336,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 0.0,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 0.0,
  "pass@1[avg-of-3]/accuracy": 22.222222222222218,
  "pass@1[avg-of-3]/accuracy/std_dev_across_runs": 38.490017945975055,
  "pass@1[avg-of-3]/accuracy/std_err_across_runs": 22.222222222222225,
  "pass@1[avg-of-3]/no_answer": 44.444444444444436,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 9.622504486493762,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 5.555555555555555,
  "pass@1[avg-of-4]/accuracy": 27.777777777777775,
  "pass@1[avg-of-4]/accuracy/std_dev_across_runs": 50.0,
  "pass@1[avg-of-4]/accuracy/std_err_across_runs": 25.0,
  "pass@1[avg-of-4]/no_answer": 44.444444444444436,
  "pass@1[avg-of-4]/no_answer/std_dev_across_runs": 20.971762320196525,
  "pass@1[avg-of-4]/no_answer/std_err_across_runs": 10.485881160098263,
  "pass@2/accuracy": 50.0,
  "pass@2/no_answer": 55.555555555555564,
  "pass@3/accuracy": 100.0,
  "pass@3/no_answer": 50.0,
  "pass@4/accuracy": 100.0,
  "pass@4/no_answer": 0.0,
  "per_sample_aggregate": {"accuracy": [66.66666666666667, 0.0, 0.0, 100.0], "no_answer": [33.333333333333336, 33.333333333333336, 50.0, 0.0]},
};
const NEMO_KEY_METRICS = {
  "majority@4/accuracy": 33.333333333333336,
  "mean/reward": 0.3333333333333333,
  "pass@1/accuracy": 27.777777777777782,
  "pass@1[avg-of-4]/accuracy": 27.777777777777775,
  "pass@1[avg-of-4]/no_answer": 44.444444444444436,
  "pass@4/no_answer": 0.0,
};
// agent_metrics less the reward profile's statistics of every numeric field: what compute_metrics adds.
const computed = (agent: Record<string, unknown>) => Object.fromEntries(Object.entries(agent).filter(([k]) => !/^(mean|max|min|median|std)\//.test(k)));

describe("aggregate metrics", () => {
  test("pass@k and majority@k of the reward over extracted_answer, no_answer; NeMo Gym's mcqa headline", async () => {
    const res = await client(server, serverEnv("mcqa")).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    expect(computed(res.body.agent_metrics)).toEqual(NEMO_METRICS);
    expect(res.body.key_metrics).toEqual(NEMO_KEY_METRICS);
  });
});
