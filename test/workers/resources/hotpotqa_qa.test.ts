import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/hotpotqa_qa/index.ts";
import { alternatives } from "../../../workers/resources/hotpotqa_qa/alternatives.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: 'Question: Who was born first, Ed Wood or Steven Spielberg?\n\nAnswer as {"answer": "<your answer>"}.' }] },
  expected_answer: "Ed Wood",
  question: "Who was born first, Ed Wood or Steven Spielberg?",
  id: "5a8bd65a554299285c4983c8",
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string, fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("hotpotqa_qa")).post("/verify", { ...row, ...fields, response: { id: "r1", output: [message(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// Every field as NeMo Gym's hotpotqa_qa (07d6b0d) computes it on the same reply and ground truth.
const CASES: { name: string; reply: string; expected_answer: string; fields: Record<string, unknown> }[] = [
  {"name": "a fenced object wins over a later bare one", "reply": "Thinking {\"answer\": \"no\"} then ```json\n{\"answer\": \"The Eiffel Tower\"}\n``` and {\"answer\": \"Paris\"}", "expected_answer": "Eiffel Tower", "fields": {"extracted_answer": "The Eiffel Tower", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "the last bare object wins", "reply": "{\"answer\": \"Paris\"} later {\"answer\": \"Lyon\"}", "expected_answer": "Lyon", "fields": {"extracted_answer": "Lyon", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a number answer as text", "reply": "{\"answer\": 42}", "expected_answer": "42", "fields": {"extracted_answer": "42", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "true is Python's True", "reply": "{\"answer\": true}", "expected_answer": "yes", "fields": {"extracted_answer": "True", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a list in Python's repr", "reply": "{\"answer\": [\"a\", \"b\"]}", "expected_answer": "a", "fields": {"extracted_answer": "['a', 'b']", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "yes/no answers score F1 only when equal", "reply": "{\"answer\": \"yes, they were\"}", "expected_answer": "yes", "fields": {"extracted_answer": "yes, they were", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a short form must stand as a word (strict)", "reply": "{\"answer\": \"eyes\"}", "expected_answer": "yes", "fields": {"extracted_answer": "eyes", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "thousands commas", "reply": "{\"answer\": \"1,000,000 people\"}", "expected_answer": "1,000,000", "fields": {"extracted_answer": "1,000,000 people", "answer_em": 0.0, "answer_f1": 0.6666666666666666, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "digit to number word", "reply": "{\"answer\": \"five\"}", "expected_answer": "5", "fields": {"extracted_answer": "five", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "in a long answer the match must start early (strict)", "reply": "{\"answer\": \"It was released by the famous studio long ago and the real answer here is Warner Bros.\"}", "expected_answer": "Warner Bros.", "fields": {"extracted_answer": "It was released by the famous studio long ago and the real answer here is Warner Bros.", "answer_em": 0.0, "answer_f1": 0.23529411764705882, "is_correct": 1.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "an early match in a long answer", "reply": "{\"answer\": \"Warner Bros. is the studio that released it, long ago, in a year nobody remembers\"}", "expected_answer": "Warner Bros.", "fields": {"extracted_answer": "Warner Bros. is the studio that released it, long ago, in a year nobody remembers", "answer_em": 0.0, "answer_f1": 0.2666666666666667, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "abbreviation dots", "reply": "{\"answer\": \"US Army\"}", "expected_answer": "U.S. Army", "fields": {"extracted_answer": "US Army", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a multi-word name is flagged", "reply": "{\"answer\": \"Ed Wood\"}", "expected_answer": "Edward Davis Wood Junior", "fields": {"extracted_answer": "Ed Wood", "answer_em": 0.0, "answer_f1": 0.3333333333333333, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": true, "gt_remove_reason": "multi_word_name"}},
  {"name": "and as &", "reply": "{\"answer\": \"Simon & Garfunkel\"}", "expected_answer": "Simon and Garfunkel", "fields": {"extracted_answer": "Simon & Garfunkel", "answer_em": 0.0, "answer_f1": 0.8, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "hyphens become spaces only in the ground truth", "reply": "{\"answer\": \"Rock-n-roll\"}", "expected_answer": "rock n roll", "fields": {"extracted_answer": "Rock-n-roll", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a parenthesised part is a form of its own", "reply": "{\"answer\": \"film\"}", "expected_answer": "Forrest Gump (film)", "fields": {"extracted_answer": "film", "answer_em": 0.0, "answer_f1": 0.5, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "no JSON: the whole reply", "reply": "no json here, just Paris", "expected_answer": "Paris", "fields": {"extracted_answer": "no json here, just Paris", "answer_em": 0.0, "answer_f1": 0.33333333333333337, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a blank reply extracts nothing", "reply": "   ", "expected_answer": "Paris", "fields": {"extracted_answer": null, "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "an en dash reads as a hyphen for substring matching only", "reply": "{\"answer\": \"Seattle–Tacoma\"}", "expected_answer": "Seattle-Tacoma", "fields": {"extracted_answer": "Seattle–Tacoma", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "an unclosed brace ends the scan", "reply": "{broken {\"answer\": \"x\"}", "expected_answer": "x", "fields": {"extracted_answer": "{broken {\"answer\": \"x\"}", "answer_em": 0.0, "answer_f1": 0.5, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "a ground truth over 40 characters is flagged", "reply": "{\"answer\": \"Mount Everest\"}", "expected_answer": "The Highest Mountain Of The World By Far Which Is Everest", "fields": {"extracted_answer": "Mount Everest", "answer_em": 0.0, "answer_f1": 0.1818181818181818, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": true, "gt_remove_reason": "gt_too_long"}},
  {"name": "an answer that normalises to nothing: EM 1, F1 0", "reply": "```json {\"answer\": \"a\"} {\"b\": 1}```", "expected_answer": "a", "fields": {"extracted_answer": "a", "answer_em": 1.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": ""}},
  {"name": "word boundaries are Unicode-aware (articles, strict short forms)", "reply": "{\"answer\": \"éa\"}", "expected_answer": "é", "fields": {"extracted_answer": "éa", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 1.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": ""}},
];

describe("hotpotqa_qa: extraction and the four scores", () => {
  test.each(CASES)("$name", async ({ reply, expected_answer, fields }) => {
    const body = await verify(reply, { expected_answer });
    expect(body).toMatchObject({ ...fields, reward: fields.is_correct_strict, expected_answer, question: row.question });
    expect(body.answer_f1).toBeCloseTo(fields.answer_f1 as number, 12);
  });

  test("the reply's output_text parts are joined as they are, across messages", async () => {
    const res = await client(server, serverEnv("hotpotqa_qa")).post("/verify", { ...row, response: { id: "r1", output: [message('{"answer": "Ed'), message(' Wood"}')] } });
    expect(res.body).toMatchObject({ reward: 1, extracted_answer: "Ed Wood", answer_em: 1 });
  });
});

describe("hotpotqa_qa: the ground truth's surface forms", () => {
  test.each([
  ["Forrest Gump (film)", ["Forrest Gump", "Forrest Gump (film)", "film"]],
  ["The U.S. Army, Inc.", ["The U.S. Army, Inc", "The U.S. Army, Inc.", "The US Army, Inc", "U.S. Army, Inc", "U.S. Army, Inc.", "US Army, Inc"]],
  ["1,234,567", ["1,234,567", "1234567"]],
  ["\"Hey Jude\" and \"Let It Be\"", ["\"Hey Jude\" & \"Let It Be\"", "\"Hey Jude\" and \"Let It Be\"", "Hey Jude and Let It Be"]],
  ["the twenty-first", ["the twenty first", "the twenty-first", "twenty first", "twenty-first"]],
  ["An Act (of Parliament)", ["Act", "Act (of Parliament)", "An Act", "An Act (of Parliament)", "of Parliament"]],
  ])("%s", (gt, forms) => {
    expect(alternatives(gt)).toEqual(forms);
  });
});

describe("hotpotqa_qa: rows and long replies", () => {
  test("a row without a string expected_answer is a 400 naming the field", async () => {
    const s = client(server, serverEnv("hotpotqa_qa"));
    const res = await s.post("/verify", { ...row, expected_answer: 7, response: { id: "r1", output: [message("7")] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("expected_answer");
  });

  test.each([
    ["open braces", "{".repeat(500_000)],
    ["fences and braces", "```json {".repeat(60_000)],
    ["closed objects", '{"x": 1}'.repeat(60_000) + '{"answer": "Ed Wood"}'],
  ])("a 500 KB reply of %s verifies quickly", async (_name, reply) => {
    const started = performance.now();
    const body = await verify(reply);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(body.reward).toBe(reply.endsWith('"Ed Wood"}') ? 1 : 0);
  });
});

// Verify responses as the collector strips them: a ground truth flagged unfit for substring grading
// (its task leaves the filtered_* metrics), F1 scores next to 0/1 ones, a rollout with no answer,
// uneven rollouts.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "gt0", "extracted_answer": "Paris", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 120, "output_tokens": 9}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "expected_answer": "gt0", "extracted_answer": "paris france", "answer_em": 0.0, "answer_f1": 0.6666666666666666, "is_correct": 1.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 120, "output_tokens": 10}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "expected_answer": "gt0", "extracted_answer": null, "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 120, "output_tokens": 11}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1.0, "expected_answer": "gt1", "extracted_answer": "John Smith", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": true, "gt_remove_reason": "long", "response": {"usage": {"input_tokens": 121, "output_tokens": 9}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0.0, "expected_answer": "gt1", "extracted_answer": "Smith", "answer_em": 0.0, "answer_f1": 0.5, "is_correct": 1.0, "is_correct_strict": 0.0, "gt_should_remove": true, "gt_remove_reason": "long", "response": {"usage": {"input_tokens": 121, "output_tokens": 10}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "gt2", "extracted_answer": "1990", "answer_em": 0.0, "answer_f1": 0.0, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 122, "output_tokens": 9}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 1.0, "expected_answer": "gt2", "extracted_answer": "1991", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 122, "output_tokens": 10}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 1.0, "expected_answer": "gt2", "extracted_answer": "1991", "answer_em": 1.0, "answer_f1": 1.0, "is_correct": 1.0, "is_correct_strict": 1.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 122, "output_tokens": 11}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0.0, "expected_answer": "gt3", "extracted_answer": "blue", "answer_em": 0.0, "answer_f1": 0.4, "is_correct": 0.0, "is_correct_strict": 0.0, "gt_should_remove": false, "gt_remove_reason": null, "response": {"usage": {"input_tokens": 123, "output_tokens": 9}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/answer_em": 37.5,
  "pass@1[avg-of-1]/answer_em": 50.0,
  "majority@1/answer_em": 50.0,
  "pass@1/answer_f1": 76.66666666666667,
  "pass@1[avg-of-1]/answer_f1": 60.0,
  "majority@1/answer_f1": 60.0,
  "pass@1/is_correct": 58.333333333333336,
  "pass@1[avg-of-1]/is_correct": 50.0,
  "majority@1/is_correct": 50.0,
  "pass@1/is_correct_strict": 37.5,
  "pass@1[avg-of-1]/is_correct_strict": 50.0,
  "majority@1/is_correct_strict": 50.0,
  "pass@1/no_answer": 8.333333333333334,
  "pass@1[avg-of-1]/no_answer": 0.0,
  "majority@1/no_answer": 0.0,
  "pass@2/answer_em": 88.8888888888889,
  "pass@1[avg-of-2]/answer_em": 37.5,
  "majority@2/answer_em": 37.5,
  "pass@2/answer_f1": 100.0,
  "pass@1[avg-of-2]/answer_f1": 62.08333333333332,
  "majority@2/answer_f1": 62.08333333333332,
  "pass@2/is_correct": 100.0,
  "pass@1[avg-of-2]/is_correct": 62.5,
  "majority@2/is_correct": 62.5,
  "pass@2/is_correct_strict": 88.8888888888889,
  "pass@1[avg-of-2]/is_correct_strict": 37.5,
  "majority@2/is_correct_strict": 37.5,
  "pass@2/no_answer": 22.222222222222225,
  "pass@1[avg-of-2]/no_answer": 0.0,
  "majority@2/no_answer": 0.0,
  "pass@3/answer_em": 100.0,
  "pass@1[avg-of-3]/answer_em": 37.5,
  "majority@3/answer_em": 50.0,
  "pass@3/answer_f1": 100.0,
  "pass@1[avg-of-3]/answer_f1": 59.30555555555554,
  "majority@3/answer_f1": 74.58333333333333,
  "pass@3/is_correct": 100.0,
  "pass@1[avg-of-3]/is_correct": 58.33333333333333,
  "majority@3/is_correct": 75.0,
  "pass@3/is_correct_strict": 100.0,
  "pass@1[avg-of-3]/is_correct_strict": 37.5,
  "majority@3/is_correct_strict": 50.0,
  "pass@3/no_answer": 50.0,
  "pass@1[avg-of-3]/no_answer": 8.333333333333332,
  "majority@3/no_answer": 0.0,
  "filtered_pass@1/answer_em": 33.333333333333336,
  "filtered_pass@1[avg-of-1]/answer_em": 33.333333333333336,
  "filtered_majority@1/answer_em": 33.333333333333336,
  "filtered_pass@1/answer_f1": 68.8888888888889,
  "filtered_pass@1[avg-of-1]/answer_f1": 46.666666666666664,
  "filtered_majority@1/answer_f1": 46.666666666666664,
  "filtered_pass@1/is_correct": 44.44444444444445,
  "filtered_pass@1[avg-of-1]/is_correct": 33.333333333333336,
  "filtered_majority@1/is_correct": 33.333333333333336,
  "filtered_pass@1/is_correct_strict": 33.333333333333336,
  "filtered_pass@1[avg-of-1]/is_correct_strict": 33.333333333333336,
  "filtered_majority@1/is_correct_strict": 33.333333333333336,
  "filtered_pass@1/no_answer": 11.111111111111112,
  "filtered_pass@1[avg-of-1]/no_answer": 0.0,
  "filtered_majority@1/no_answer": 0.0,
  "filtered_pass@2/answer_em": 83.33333333333334,
  "filtered_pass@1[avg-of-2]/answer_em": 33.333333333333336,
  "filtered_majority@2/answer_em": 33.333333333333336,
  "filtered_pass@2/answer_f1": 100.0,
  "filtered_pass@1[avg-of-2]/answer_f1": 57.77777777777778,
  "filtered_majority@2/answer_f1": 57.77777777777778,
  "filtered_pass@2/is_correct": 100.0,
  "filtered_pass@1[avg-of-2]/is_correct": 50.0,
  "filtered_majority@2/is_correct": 50.0,
  "filtered_pass@2/is_correct_strict": 83.33333333333334,
  "filtered_pass@1[avg-of-2]/is_correct_strict": 33.333333333333336,
  "filtered_majority@2/is_correct_strict": 33.333333333333336,
  "filtered_pass@2/no_answer": 33.333333333333336,
  "filtered_pass@1[avg-of-2]/no_answer": 0.0,
  "filtered_majority@2/no_answer": 0.0,
  "filtered_pass@3/answer_em": 100.0,
  "filtered_pass@1[avg-of-3]/answer_em": 33.333333333333336,
  "filtered_majority@3/answer_em": 50.0,
  "filtered_pass@3/answer_f1": 100.0,
  "filtered_pass@1[avg-of-3]/answer_f1": 54.074074074074076,
  "filtered_majority@3/answer_f1": 74.44444444444444,
  "filtered_pass@3/is_correct": 100.0,
  "filtered_pass@1[avg-of-3]/is_correct": 44.444444444444436,
  "filtered_majority@3/is_correct": 66.66666666666667,
  "filtered_pass@3/is_correct_strict": 100.0,
  "filtered_pass@1[avg-of-3]/is_correct_strict": 33.333333333333336,
  "filtered_majority@3/is_correct_strict": 50.0,
  "filtered_pass@3/no_answer": 50.0,
  "filtered_pass@1[avg-of-3]/no_answer": 11.111111111111109,
  "filtered_majority@3/no_answer": 0.0,
  "filtered_num_tasks": 3,
  "unfiltered_num_tasks": 4
};
const expectedKeyMetrics = {
  "mean/input_tokens": 121.22222222222223,
  "mean/output_tokens": 9.777777777777779,
  "pass@1[avg-of-3]/answer_em": 37.5,
  "pass@1[avg-of-3]/answer_f1": 59.30555555555554,
  "pass@1[avg-of-3]/is_correct": 58.33333333333333,
  "pass@1[avg-of-3]/is_correct_strict": 37.5,
  "pass@3/answer_em": 100.0,
  "pass@3/answer_f1": 100.0,
  "pass@3/is_correct": 100.0,
  "pass@3/is_correct_strict": 100.0,
  "majority@3/answer_em": 50.0,
  "majority@3/answer_f1": 74.58333333333333,
  "majority@3/is_correct": 75.0,
  "majority@3/is_correct_strict": 50.0,
  "filtered_pass@1[avg-of-3]/answer_em": 33.333333333333336,
  "filtered_pass@1[avg-of-3]/answer_f1": 54.074074074074076,
  "filtered_pass@1[avg-of-3]/is_correct": 44.444444444444436,
  "filtered_pass@1[avg-of-3]/is_correct_strict": 33.333333333333336,
  "filtered_pass@3/answer_em": 100.0,
  "filtered_pass@3/answer_f1": 100.0,
  "filtered_pass@3/is_correct": 100.0,
  "filtered_pass@3/is_correct_strict": 100.0,
  "filtered_majority@3/answer_em": 50.0,
  "filtered_majority@3/answer_f1": 74.44444444444444,
  "filtered_majority@3/is_correct": 66.66666666666667,
  "filtered_majority@3/is_correct_strict": 50.0
};

describe("aggregate metrics", () => {
  const aggregate = (verify_responses: unknown[]) => client(server, serverEnv("hotpotqa_qa")).post("/aggregate_metrics", { verify_responses });

  test("pass@k and majority@k of the four scores over all tasks and the filtered ones, task counts, NeMo Gym's key metrics", async () => {
    const res = await aggregate(rollouts);
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@") && !key.endsWith("_across_runs") && !(key in expectedMetrics))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });

  test("every ground truth flagged: no filtered metrics, a filtered task count of 0", async () => {
    const res = await aggregate(rollouts.map((r) => ({ ...r, gt_should_remove: true })));
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject({ filtered_num_tasks: 0, unfiltered_num_tasks: 4 });
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.startsWith("filtered_") && key.includes("@"))).toEqual([]);
  });

  test("report_filtered_metrics: false leaves out the filtered metrics and the task counts", async () => {
    const res = await client(server, serverEnv("hotpotqa_qa", { INSTANCE_CONFIG: { report_filtered_metrics: false } })).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.startsWith("filtered_") || key.endsWith("_num_tasks"))).toEqual([]);
    expect(res.body.agent_metrics["pass@1[avg-of-3]/is_correct_strict"]).toBe(expectedMetrics["pass@1[avg-of-3]/is_correct_strict"]);
  });
});
