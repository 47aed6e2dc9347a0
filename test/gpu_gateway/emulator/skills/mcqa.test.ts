// mcqa's emulator skill (multiple choice) on the bundled mcqa rows: the right path picks the gold
// letter in the form each row's grading reads; the wrong path picks another option.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { answerColonLetter, boxedLetter, boxedOptionText, optionLetters, templateLetter } from "../../../../workers/resources/mcqa/letters.ts";

const rows = readFileSync(new URL("../../../../workers/resources/mcqa/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const reply = (prompt: string, correct: boolean) => play({ turns: [{ role: "user", content: prompt }], tools: [], correct }, "mcqa");

/** The letter the mcqa server reads for this row (its template regex first, then its mode). */
function graded(row: any, text: string): string | null {
  const letters = optionLetters(row.options);
  const regex = row.template_metadata?.output_regex;
  const fromTemplate = regex === undefined ? null : templateLetter(text, regex, row.options, letters);
  if (fromTemplate !== null) return fromTemplate;
  if (row.grading_mode === "lenient_answer_colon") return answerColonLetter(text, row.options, letters);
  if (row.grading_mode === "lenient_boxed") return boxedLetter(text, letters) ?? boxedOptionText(text, row.options, letters);
  return boxedLetter(text, letters);
}

describe("emulator: multiple choice", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: right path answers the gold letter, wrong path another one", (_i, row) => {
    const prompt = row.responses_create_params.input[0].content;
    const right = reply(prompt, true);
    expect(right.toolCalls).toEqual([]);
    expect(graded(row, right.content!)).toBe(row.expected_answer);
    const wrong = graded(row, reply(prompt, false).content!);
    expect(wrong).not.toBeNull();
    expect(wrong).not.toBe(row.expected_answer);
  });

  test("it answers in the quoted template, else boxed, else with Answer:", () => {
    const question = "What is 6 × 7?\nA: 42\nB: 48";
    expect(reply(`${question}\nEnd with "My pick: X".`, true).content).toMatch(/My pick: A$/);
    expect(reply(`${question}\nBox the letter: \\boxed{}.`, true).content).toMatch(/\\boxed\{A\}$/);
    expect(reply(`${question}\nWrite the full text of the option in \\boxed{}.`, true).content).toMatch(/\\boxed\{42\}$/);
    expect(reply(question, true).content).toMatch(/Answer: A$/);
  });

  test("a question it cannot work out gets no letter", () => {
    const content = reply("Which planet is largest?\nA: Mars\nB: Jupiter", true).content!;
    expect(content).toMatch(/cannot tell/);
    expect(boxedLetter(content, new Set(["A", "B"]))).toBeNull();
  });
});
