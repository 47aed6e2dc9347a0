// string_match's emulator skill (short answers) on the bundled string_match rows: the right path's reply,
// extracted the way each row says, matches expected_answer; the wrong path's does not.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { finalAnswer, lastLine } from "../../../../shared/verifiers/answer_extract.ts";
import { matchAnswer, matchAnswerExactly } from "../../../../shared/verifiers/answer_match.ts";
import { lastClosedBoxed } from "../../../../shared/verifiers/boxed.ts";

const rows = readFileSync(new URL("../../../../workers/resources/string_match/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const promptOf = (row: any): string => row.responses_create_params.input[0].content[0].text;
const reply = (prompt: string, correct: boolean) => play({ turns: [{ role: "user", content: prompt }], tools: [], correct }, "string_match").content ?? "";

const EXTRACT: Record<string, (text: string) => string | undefined> = {
  boxed: (text) => lastClosedBoxed(text)?.trim(),
  final_answer: finalAnswer,
  last_line: lastLine,
  full_response: (text) => text.trim() || undefined,
};

function score(row: any, text: string): number {
  const extracted = EXTRACT[row.extraction_mode]!(text);
  if (extracted === undefined) return 0;
  return (row.case_sensitive ? matchAnswerExactly : matchAnswer)(row.expected_answer, extracted);
}

describe("emulator: short answers", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path matches, the wrong path does not", (_i, row) => {
    expect(score(row, reply(promptOf(row), true))).toBe(1);
    expect(score(row, reply(promptOf(row), false))).toBe(0);
  });

  test("it answers a multiple-choice prompt as a short answer, and admits a question it cannot work out", () => {
    expect(reply("What is 6 × 7?\nA: 42\nB: 48", true)).toBe("6 × 7 = 42.\nFinal answer: 42");
    expect(reply("hello", true)).toBe("I don't know.");
  });

  test("a question it cannot work out is declined (eval names such environments), one it can is not", () => {
    const action = (prompt: string) => play({ turns: [{ role: "user", content: prompt }], tools: [], correct: true }, "string_match");
    expect(action("What is the capital of France? Put it in \\boxed{}.")).toMatchObject({ content: "I don't know.", declined: true });
    expect(action("What is 6 × 7?").declined).toBeFalsy();
  });
});
