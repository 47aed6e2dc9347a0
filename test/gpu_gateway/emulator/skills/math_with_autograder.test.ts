// math_with_autograder's emulator skill: the policy's boxed answer to each bundled row (the right
// one not always in a form the symbolic check reads, so the autograder decides), and the
// autograder grading it through the bundled prompt and NeMo's layout as \boxed{Correct} or
// \boxed{Incorrect}, truly on the right path, falsely on the wrong.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate } from "../../../../shared/judge/template.ts";
import { mathEquivalent } from "../../../../shared/verifiers/math/equivalent.ts";
import { finalAnswer } from "../../../../shared/verifiers/math/extract.ts";
import { searchBoxed } from "../../../../shared/verifiers/search_boxed.ts";
import { readAutograde } from "../../../../workers/resources/math_with_autograder/verdict.ts";

const NAME = "math_with_autograder";
const dir = new URL(`../../../../workers/resources/${NAME}/`, import.meta.url);
const rows = readFileSync(new URL("data/example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const BUNDLED: string = parse(readFileSync(new URL("prompts/judge.yaml", dir), "utf8")).user;
const NEMO = "1. **Golden Answer:** State the Golden Answer.\nOutput \\boxed{{Correct}} or \\boxed{{Incorrect}}.\n\nProblem: {problem}\nModel Solution: {predicted_answer}\nGolden Answer: {expected_answer}";

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment).content ?? "";
const symbolic = (expected: string, reply: string) => mathEquivalent(expected, finalAnswer(reply) ?? "").equal;

describe("emulator: math_with_autograder", () => {
  test("the right path leaves at least one row to the autograder", () => {
    expect(rows.some((row) => !symbolic(row.expected_answer, turn(row.responses_create_params.input[0].content, true, NAME)))).toBe(true);
  });

  test.each(rows.map((row) => [row.problem_id, row]))("%s: the wrong answer misses the symbolic check; the autograder grades truly or falsely as drawn", (_id, row) => {
    const prompt = row.responses_create_params.input[0].content;
    const [right, wrong] = [turn(prompt, true, NAME), turn(prompt, false, NAME)];
    expect(symbolic(row.expected_answer, wrong)).toBe(false);
    for (const template of [BUNDLED, NEMO]) {
      const ask = (reply: string, correct: boolean) =>
        readAutograde(turn(formatTemplate(template, { problem: row.question, predicted_answer: searchBoxed(reply, { fbox: true })!, expected_answer: row.expected_answer }), correct, `${NAME}#judge`));
      expect([ask(right, true), ask(wrong, true), ask(right, false), ask(wrong, false)]).toEqual([true, false, false, true]);
    }
  });
});
