// ruler2 through its app: the soft match (substring, else 1 - WER, floored) by match_type, the
// multichoice reader's order and Unicode rules, every verify field, bad rows, and 500 KB replies.
// Expected numbers are NeMo Gym's (its functions run with a plain word-level Levenshtein).
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/ruler2/index.ts";
import { cappedWordErrorRate, wordEditDistance } from "../../../shared/verifiers/word_error_rate.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "One of the special magic numbers for sleepy-fox is: 1234567890.\nWhat is the special magic number for sleepy-fox?" }] },
  expected_answer: ["1234567890"],
  eval_type: "ruler2",
  match_type: "all",
  task: "mk_niah_basic",
  length: 100,
};

async function post(text: string | string[], fields: Record<string, unknown> = {}) {
  const output = (Array.isArray(text) ? text : [text]).map(assistantMessage);
  return client(server, serverEnv("ruler2")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}
async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await post(text, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const reward = async (text: string, expected: string[], match_type = "all") => (await verify(text, { expected_answer: expected, match_type })).reward;

describe("ruler2: word error rate", () => {
  test("Levenshtein over words, WER capped at 1, a wordless reference at 1", () => {
    expect(wordEditDistance(["a", "b", "c"], ["a", "b", "d"])).toBe(1);
    expect(wordEditDistance(["kitten", "sat"], [])).toBe(2);
    expect(wordEditDistance(["x", "a", "b"], ["a", "b", "y"])).toBe(2);
    expect(cappedWordErrorRate("a  b\u001fc", "a b d")).toEqual({ wer: 1 / 3, exact: true });
    expect(cappedWordErrorRate("a b c d e f g", "a b c").wer).toBe(1);
    expect(cappedWordErrorRate("a", "   ").wer).toBe(1);
  });

  test("past the budget the multiset bound stands in, and says so", () => {
    expect(cappedWordErrorRate("b a c", "a b c", 1)).toEqual({ wer: 0, exact: false });
    expect(cappedWordErrorRate("b a c", "a b c")).toEqual({ wer: 2 / 3, exact: true });
  });
});

describe("ruler2: soft match", () => {
  test("a reference inside the reply scores 1, case aside; the row comes back with every field", async () => {
    expect(await verify(" 1234567890.")).toMatchObject({
      ...row,
      reward: 1,
      eval_type: "ruler2",
      match_type: "all",
      task: "mk_niah_basic",
      length: 100,
      predicted_answer: "1234567890.",
      extracted_answer: null,
    });
    expect(await reward("THE Needle", ["needle"])).toBe(1);
  });

  test("a near miss earns 1 - WER; an unrelated reply 0, never below", async () => {
    expect(await reward("foo bar baz", ["foo bar quux"])).toBeCloseTo(2 / 3, 12);
    expect(await reward("The Quick brown fox", ["quick brown cat jumps"])).toBe(0.25);
    expect(await reward("foo bar", ["the quick brown fox"])).toBe(0);
  });

  test("all: the mean over references, each by its best of substring and WER", async () => {
    expect(await reward("a b c d", ["a x c", "b c"])).toBeCloseTo(2 / 3, 12);
    expect(await reward("foo", ["foo", "qux"])).toBe(0.5);
    expect(await reward("anything", [])).toBe(0);
  });

  test("part: the best reference, with Document N: blocks cut through their first blank line", async () => {
    const text = "Document 1:\nthe answer here\n\nDocument 2: zzz\nmore\n\nfinal words";
    expect(await reward(text, ["answer here", "final"], "part")).toBe(1);
    expect(await reward("Document 1:\nanswer\n\nnope", ["answer"], "part")).toBe(0);
    // A header with no blank line after it is kept.
    expect(await reward("Document 1: answer", ["answer"], "part")).toBe(1);
    expect(await reward("here is the relevant doc text", ["doc text", "totally different"], "part")).toBe(1);
  });

  test("2steps: only the last paragraph, cut as Python's split('\\n\\n') cuts an odd run of newlines", async () => {
    expect(await reward("the answer is foo\n\nbut now I'm rambling about cats", ["foo"], "2steps")).toBe(0);
    expect(await reward("intro\n\nthe answer is foo", ["foo"], "2steps")).toBe(1);
    // A wordless reference scores by substring alone.
    expect(await reward("x\n\n\nfoo", ["\n"], "2steps")).toBe(1);
    expect(await reward("x\n\n\n\nfoo", ["\n"], "2steps")).toBe(0);
  });

  test("predicted_answer: trimmed, control characters as newlines; the scored text is the raw reply", async () => {
    expect((await verify(" \tA\x00B\x1fC\n ")).predicted_answer).toBe("A\nB\nC");
    expect((await verify(["12345", "67890"])).reward).toBe(1);
  });
});

describe("ruler2: multichoice", () => {
  const mc = { expected_answer: "C", eval_type: "multichoice" };
  const letter = async (text: string) => (await verify(text, mc)).extracted_answer;

  test("the boxed gold letter earns 1; another letter or none earns 0", async () => {
    expect(await verify("Question 5551234: What color is the sky?\n\\boxed{C}", mc)).toMatchObject({ reward: 1, extracted_answer: "C", eval_type: "multichoice" });
    expect(await verify("\\boxed{A}", mc)).toMatchObject({ reward: 0, extracted_answer: "A" });
    expect(await verify("nope", mc)).toMatchObject({ reward: 0, extracted_answer: null });
    expect(await verify("\\boxed{c}", { ...mc, expected_answer: " c " })).toMatchObject({ reward: 1 });
    expect(await verify("\\boxed{C}", { ...mc, expected_answer: ["C"] })).toMatchObject({ reward: 0 });
  });

  test("'The final answer is' first, and it shuts out the box even when it holds no letter", async () => {
    expect(await letter("The final answer is (C) not D.\n\\boxed{A}")).toBe("D");
    expect(await letter("\\boxed{A} The final answer is b")).toBe("B");
    expect(await letter("The final answer is xyz\n\\boxed{B}")).toBeNull();
    expect(await letter("The final answer is \nAnswer: B")).toBe("B");
  });

  test("a capital counts alone only between non-word characters, Unicode ones included", async () => {
    expect(await letter("\\boxed{éB and C_}")).toBeNull();
    expect(await letter("\\boxed{The answer is B}")).toBe("B");
    expect(await letter("\\boxed{Ｄ}")).toBe("D");
    expect(await letter("\\boxed{أ}")).toBe("A");
  });

  test("Answer: X last, case-insensitive as Python's Unicode mode is", async () => {
    expect(await letter("blah blah\nAnswer: D")).toBe("D");
    expect(await letter("**Answer:** A")).toBe("A");
    expect(await letter("**Answer**: ı")).toBe("I");
    expect(await letter("Answer: Bx")).toBeNull();
  });
});

// NeMo Gym's recorded rollouts of its example rows (reply, row fields, recorded verify fields).
// Its recording gives chat-completions usage, which neither its schema nor ours accepts, so the
// replies are sent here without it.
const RECORDED = [
  [" 1234567890.", {"expected_answer": ["1234567890"], "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_basic", "length": 100}, {"reward": 1.0, "predicted_answer": "1234567890.", "extracted_answer": null}],
  [" 1111111111 and 2222222222.", {"expected_answer": ["1111111111", "2222222222"], "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_basic", "length": 120}, {"reward": 1.0, "predicted_answer": "1111111111 and 2222222222.", "extracted_answer": null}],
  ["Question 5551234: What color is the sky?\n\\boxed{C}", {"expected_answer": "C", "eval_type": "multichoice", "match_type": "all", "task": "mk_niah_medium", "length": 80}, {"reward": 1.0, "predicted_answer": "Question 5551234: What color is the sky?\n\\boxed{C}", "extracted_answer": "C"}],
  [" 7654321", {"expected_answer": ["7654321"], "eval_type": "ruler2", "match_type": "part", "task": "qa_basic", "length": 60}, {"reward": 1.0, "predicted_answer": "7654321", "extracted_answer": null}],
  ["Question 1112223: What is 2+2?\nA. 3\nB. 4\nC. 5\nD. 6\nQuestion 1112223: What is 3+3?\nA. 5\nB. 6\nC. 7\nD. 8", {"expected_answer": ["What is 2+2?\nA. 3\nB. 4\nC. 5\nD. 6", "What is 3+3?\nA. 5\nB. 6\nC. 7\nD. 8"], "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_easy", "length": 90}, {"reward": 1.0, "predicted_answer": "Question 1112223: What is 2+2?\nA. 3\nB. 4\nC. 5\nD. 6\nQuestion 1112223: What is 3+3?\nA. 5\nB. 6\nC. 7\nD. 8", "extracted_answer": null}],
] as const;

describe("ruler2: NeMo Gym's recorded rollouts", () => {
  test.each(RECORDED.map((r, i) => [i + 1, ...r] as const))("row %i agrees", async (_i, text, fields, recorded) => {
    expect(await verify(text, fields)).toMatchObject(recorded);
  });
});

describe("ruler2: rows", () => {
  test("bad rows are 400 with the field's path", async () => {
    const bad = async (fields: Record<string, unknown>, path: string) => {
      const res = await post("x", fields);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(path);
    };
    await bad({ match_type: "bogus" }, "match_type");
    await bad({ expected_answer: [1] }, "expected_answer");
    await bad({ length: "long" }, "length");
  });

  test("defaults: eval_type ruler2, match_type all; task and length null when absent", async () => {
    const res = await client(server, serverEnv("ruler2")).post("/verify", {
      responses_create_params: row.responses_create_params,
      expected_answer: ["needle"],
      response: { id: "r1", output: [assistantMessage("a needle")] },
    });
    expect(res.body).toMatchObject({ reward: 1, eval_type: "ruler2", match_type: "all", task: null, length: null, extracted_answer: null });
  });
});

describe("ruler2: long replies stay bounded", () => {
  const words = Array.from({ length: 90_000 }, (_, i) => `w${i % 997}`).join(" ");
  test.each([
    ["words against a short reference", words, ["w1 w2 w3 wx"], "all"],
    ["words against a long reference", words, [words.slice(0, 250_000)], "all"],
    ["Document headers with no blank line", "Document 1: ".repeat(45_000), ["x"], "part"],
    ["newlines", "\n".repeat(500_000) + "x", ["x y"], "2steps"],
  ])("a 500 KB reply of %s is graded fast", async (_name, text, expected, match_type) => {
    const started = performance.now();
    await verify(text, { expected_answer: expected, match_type });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  test.each([
    ["spaces", " ".repeat(500_000)],
    ["final-answer lines", "The final answer is \n".repeat(25_000)],
    ["Answer: runs", "Answer:   ".repeat(50_000)],
    ["capitals", "AB".repeat(250_000)],
  ])("a 500 KB multichoice reply of %s is graded fast", async (_name, text) => {
    const started = performance.now();
    await verify(`\\boxed{${text}}`, { expected_answer: "C", eval_type: "multichoice" });
    await verify(text, { expected_answer: "C", eval_type: "multichoice" });
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

// Verify responses as the collector strips them: all twelve sub-tasks, two of them with one rollout
// (so only k = 1 has a suite mean), and a multichoice row with no sub-task.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_basic", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8000, "output_tokens": 20}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_basic", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8000, "output_tokens": 21}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.5, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_easy", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8001, "output_tokens": 20}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_easy", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8001, "output_tokens": 21}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_medium", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8002, "output_tokens": 20}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_hard", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8003, "output_tokens": 20}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 1, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "mk_niah_hard", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8003, "output_tokens": 21}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 0.25, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_basic", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8004, "output_tokens": 20}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 1, "reward": 0.75, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_basic", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8004, "output_tokens": 21}}},
  {"_ng_task_index": 5, "_ng_rollout_index": 0, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_easy", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8005, "output_tokens": 20}}},
  {"_ng_task_index": 5, "_ng_rollout_index": 1, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_easy", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8005, "output_tokens": 21}}},
  {"_ng_task_index": 6, "_ng_rollout_index": 0, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_medium", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8006, "output_tokens": 20}}},
  {"_ng_task_index": 7, "_ng_rollout_index": 0, "reward": 0.6, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_hard", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8007, "output_tokens": 20}}},
  {"_ng_task_index": 7, "_ng_rollout_index": 1, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "mv_niah_hard", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8007, "output_tokens": 21}}},
  {"_ng_task_index": 8, "_ng_rollout_index": 0, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "qa_basic", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8008, "output_tokens": 20}}},
  {"_ng_task_index": 8, "_ng_rollout_index": 1, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "qa_basic", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8008, "output_tokens": 21}}},
  {"_ng_task_index": 9, "_ng_rollout_index": 0, "reward": 0.0, "eval_type": "ruler2", "match_type": "all", "task": "qa_easy", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8009, "output_tokens": 20}}},
  {"_ng_task_index": 9, "_ng_rollout_index": 1, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "qa_easy", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8009, "output_tokens": 21}}},
  {"_ng_task_index": 10, "_ng_rollout_index": 0, "reward": 0.9, "eval_type": "ruler2", "match_type": "all", "task": "qa_medium", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8010, "output_tokens": 20}}},
  {"_ng_task_index": 10, "_ng_rollout_index": 1, "reward": 0.9, "eval_type": "ruler2", "match_type": "all", "task": "qa_medium", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8010, "output_tokens": 21}}},
  {"_ng_task_index": 11, "_ng_rollout_index": 0, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "qa_hard", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8011, "output_tokens": 20}}},
  {"_ng_task_index": 11, "_ng_rollout_index": 1, "reward": 1.0, "eval_type": "ruler2", "match_type": "all", "task": "qa_hard", "length": 8192, "predicted_answer": "x", "response": {"usage": {"input_tokens": 8011, "output_tokens": 21}}},
  {"_ng_task_index": 12, "_ng_rollout_index": 0, "reward": 1.0, "eval_type": "multichoice", "match_type": "all", "task": null, "length": null, "predicted_answer": "B", "response": {"usage": {"input_tokens": 100, "output_tokens": 1}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "pass@1/accuracy": 59.61538461538461,
  "pass@1[avg-of-1]/accuracy": 63.46153846153846,
  "pass@2/accuracy": 82.5,
  "pass@1[avg-of-2]/accuracy": 61.15384615384615,
  "per_sample_aggregate": {
    "accuracy": [
      63.46153846153846,
      56.5
    ]
  },
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 4.922551053644811,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 3.48076923076923,
  "mk_niah_basic/pass@1/accuracy": 50.0,
  "mk_niah_basic/pass@1[avg-of-1]/accuracy": 100.0,
  "mk_niah_basic/pass@2/accuracy": 100.0,
  "mk_niah_basic/pass@1[avg-of-2]/accuracy": 50.0,
  "mk_niah_basic/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "mk_niah_basic/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "mk_niah_easy/pass@1/accuracy": 50.0,
  "mk_niah_easy/pass@1[avg-of-1]/accuracy": 50.0,
  "mk_niah_easy/pass@2/accuracy": 100.0,
  "mk_niah_easy/pass@1[avg-of-2]/accuracy": 75.0,
  "mk_niah_easy/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 35.35533905932738,
  "mk_niah_easy/pass@1[avg-of-2]/accuracy/std_err_across_runs": 25.0,
  "mk_niah_medium/pass@1/accuracy": 0.0,
  "mk_niah_medium/pass@1[avg-of-1]/accuracy": 0.0,
  "mk_niah_hard/pass@1/accuracy": 100.0,
  "mk_niah_hard/pass@1[avg-of-1]/accuracy": 100.0,
  "mk_niah_hard/pass@2/accuracy": 100.0,
  "mk_niah_hard/pass@1[avg-of-2]/accuracy": 100.0,
  "mk_niah_hard/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 0.0,
  "mk_niah_hard/pass@1[avg-of-2]/accuracy/std_err_across_runs": 0.0,
  "mv_niah_basic/pass@1/accuracy": 25.0,
  "mv_niah_basic/pass@1[avg-of-1]/accuracy": 25.0,
  "mv_niah_basic/pass@2/accuracy": 75.0,
  "mv_niah_basic/pass@1[avg-of-2]/accuracy": 50.0,
  "mv_niah_basic/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 35.35533905932738,
  "mv_niah_basic/pass@1[avg-of-2]/accuracy/std_err_across_runs": 25.0,
  "mv_niah_easy/pass@1/accuracy": 0.0,
  "mv_niah_easy/pass@1[avg-of-1]/accuracy": 0.0,
  "mv_niah_easy/pass@2/accuracy": 0.0,
  "mv_niah_easy/pass@1[avg-of-2]/accuracy": 0.0,
  "mv_niah_easy/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 0.0,
  "mv_niah_easy/pass@1[avg-of-2]/accuracy/std_err_across_runs": 0.0,
  "mv_niah_medium/pass@1/accuracy": 100.0,
  "mv_niah_medium/pass@1[avg-of-1]/accuracy": 100.0,
  "mv_niah_hard/pass@1/accuracy": 60.0,
  "mv_niah_hard/pass@1[avg-of-1]/accuracy": 60.0,
  "mv_niah_hard/pass@2/accuracy": 60.0,
  "mv_niah_hard/pass@1[avg-of-2]/accuracy": 30.0,
  "mv_niah_hard/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 42.42640687119285,
  "mv_niah_hard/pass@1[avg-of-2]/accuracy/std_err_across_runs": 30.0,
  "qa_basic/pass@1/accuracy": 50.0,
  "qa_basic/pass@1[avg-of-1]/accuracy": 100.0,
  "qa_basic/pass@2/accuracy": 100.0,
  "qa_basic/pass@1[avg-of-2]/accuracy": 50.0,
  "qa_basic/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "qa_basic/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "qa_easy/pass@1/accuracy": 50.0,
  "qa_easy/pass@1[avg-of-1]/accuracy": 0.0,
  "qa_easy/pass@2/accuracy": 100.0,
  "qa_easy/pass@1[avg-of-2]/accuracy": 50.0,
  "qa_easy/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "qa_easy/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "qa_medium/pass@1/accuracy": 90.0,
  "qa_medium/pass@1[avg-of-1]/accuracy": 90.0,
  "qa_medium/pass@2/accuracy": 90.0,
  "qa_medium/pass@1[avg-of-2]/accuracy": 90.0,
  "qa_medium/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 0.0,
  "qa_medium/pass@1[avg-of-2]/accuracy/std_err_across_runs": 0.0,
  "qa_hard/pass@1/accuracy": 100.0,
  "qa_hard/pass@1[avg-of-1]/accuracy": 100.0,
  "qa_hard/pass@2/accuracy": 100.0,
  "qa_hard/pass@1[avg-of-2]/accuracy": 100.0,
  "qa_hard/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 0.0,
  "qa_hard/pass@1[avg-of-2]/accuracy/std_err_across_runs": 0.0,
  "ruler2_suite_avg/pass@1/accuracy": 56.25,
  "ruler2_suite_avg/pass@1[avg-of-1]/accuracy": 60.416666666666664
};
const expectedKeyMetrics = {
  "mean/input_tokens": 7661.913043478261,
  "mean/output_tokens": 19.608695652173914,
  "pass@1[avg-of-2]/accuracy": 61.15384615384615,
  "pass@2/accuracy": 82.5,
  "ruler2_suite_avg/pass@1/accuracy": 56.25,
  "ruler2_suite_avg/pass@1[avg-of-1]/accuracy": 60.416666666666664
};

describe("aggregate metrics", () => {
  const aggregate = (verify_responses: unknown[]) => client(server, serverEnv("ruler2")).post("/aggregate_metrics", { verify_responses });

  test("pass@k overall and per sub-task, the suite means where all twelve sub-tasks report, NeMo Gym's key metrics", async () => {
    const res = await aggregate(rollouts);
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    const suite = (metrics: object) => Object.keys(metrics).filter((key) => key.startsWith("ruler2_suite_avg/"));
    expect(suite(res.body.agent_metrics)).toEqual(suite(expectedMetrics));
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });

  test("a partial suite has no suite mean", async () => {
    const res = await aggregate(rollouts.filter((r) => r.task !== "qa_hard"));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.startsWith("ruler2_suite_avg/"))).toEqual([]);
    expect(res.body.agent_metrics["qa_easy/pass@2/accuracy"]).toBe(expectedMetrics["qa_easy/pass@2/accuracy"]);
  });
});
