// instruction_following's emulator skill on the bundled instruction_following rows: the right
// path's reply follows every instruction (reward 1), the wrong path's follows none (reward 0 in
// binary and fraction grading alike), as the server's own grader scores them.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { grade } from "../../../../workers/resources/instruction_following/grade.ts";
import { readTask } from "../../../../workers/resources/instruction_following/task.ts";

const rows = readFileSync(new URL("../../../../workers/resources/instruction_following/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const promptOf = (row: any): string => row.responses_create_params.input[0].content;
const reply = (prompt: string, correct: boolean, environment = "instruction_following") =>
  play({ turns: [{ role: "user", content: prompt }], tools: [], correct }, environment).content ?? "";

describe("emulator: instruction following", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path follows every instruction, the wrong path none", (_i, row) => {
    const task = readTask(row);
    const right = grade(task, reply(promptOf(row), true));
    expect(right.follow_instruction_list.every(Boolean), reply(promptOf(row), true)).toBe(true);
    expect(right.reward).toBe(1);
    const wrong = grade(task, reply(promptOf(row), false));
    expect(wrong.follow_instruction_list.some(Boolean), reply(promptOf(row), false)).toBe(false);
    expect(wrong.reward).toBe(0);
  });

  test("the dataset uses both grading modes", () => {
    expect(new Set(rows.map((row) => readTask(row).gradingMode))).toEqual(new Set(["binary", "fraction"]));
  });

  test("prompts of other environments are their skills', whatever instructions they state", () => {
    expect(reply("What is 6 × 7?\nA: 42\nB: 48", true, "mcqa")).toMatch(/which is option A/);
    expect(reply(`${promptOf(rows[0])}\nWhat is 6 × 7?\nA: 42\nB: 48`, true, "mcqa")).not.toMatch(/<</);
  });
});
