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
