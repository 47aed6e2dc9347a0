// gpqa_diamond's emulator skill on the bundled rows: the right path names the gold letter the way
// the server reads it (the row's regex, else GPQA's box/Answer reading); the wrong path another.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { gpqaLetter } from "../../../../workers/resources/gpqa_diamond/letter.ts";
import { optionLetters, templateLetter } from "../../../../shared/verifiers/option_letters.ts";

const rows = readFileSync(new URL("../../../../workers/resources/gpqa_diamond/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const reply = (prompt: string, correct: boolean) => play({ turns: [{ role: "user", content: prompt }], tools: [], correct }, "gpqa_diamond").content!;

function graded(row: any, text: string): string | null {
  const regex = row.template_metadata?.output_regex;
  return (regex === undefined ? null : templateLetter(text, regex, row.options, optionLetters(row.options))) ?? gpqaLetter(text);
}

describe("emulator: gpqa_diamond", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: right path answers the gold letter, wrong path another one", (_i, row) => {
    const prompt = row.responses_create_params.input[0].content;
    expect(graded(row, reply(prompt, true))).toBe(row.expected_answer);
    const wrong = graded(row, reply(prompt, false));
    expect(wrong).not.toBeNull();
    expect(wrong).not.toBe(row.expected_answer);
  });
});
