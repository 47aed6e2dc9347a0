// math_with_judge's emulator skill (boxed math answers) on the bundled math_with_judge rows: the right path's boxed answer is
// equivalent to expected_answer by the server's library check; the wrong path's is not.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { lastBoxed } from "../../../../shared/verifiers/boxed.ts";
import { mathEquivalent } from "../../../../shared/verifiers/math/equivalent.ts";

const rows = readFileSync(new URL("../../../../workers/resources/math_with_judge/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const situation = (prompt: string, correct: boolean) => ({ turns: [{ role: "user" as const, content: prompt }], tools: [], correct });
const reply = (prompt: string, correct: boolean) => play(situation(prompt, correct), "math_with_judge");

function score(row: any, text: string): number {
  const boxed = lastBoxed(text);
  return boxed !== undefined && mathEquivalent(row.expected_answer, boxed).equal ? 1 : 0;
}

describe("emulator: math answers", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path scores 1, the wrong path 0", (_i, row) => {
    const prompt = row.responses_create_params.input[0].content;
    const right = reply(prompt, true);
    expect(right.toolCalls).toEqual([]);
    expect(score(row, right.content!)).toBe(1);
    expect(score(row, reply(prompt, false).content!)).toBe(0);
  });

  test("the right path does not simply copy the expected notation", () => {
    const boxedAnswers = rows.map((row) => lastBoxed(reply(row.responses_create_params.input[0].content, true).content!));
    expect(boxedAnswers.filter((answer, i) => answer !== rows[i].expected_answer).length).toBeGreaterThanOrEqual(3);
  });

  test("math it cannot solve gets no boxed answer; a call naming no environment is not its to answer", () => {
    expect(reply("Solve the problem below. Put the final answer inside \\boxed{}.\n\nProve Fermat's last theorem.", true).content).not.toMatch(/\\boxed/);
    expect(play(situation(rows[0].responses_create_params.input[0].content, true)).content).not.toMatch(/\\boxed\{3\/4\}/);
  });
});
