// The physics servers' emulator skills (physics_judge, ugphysics_judge): the policy's reply to each
// bundled row, right (the symbolic check passes) or wrong (it misses), and each judge answering the
// bundled prompt and NeMo's layout in its verdict format, truly on the right path, falsely on the wrong.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate } from "../../../../shared/judge/template.ts";
import { libraryCheck } from "../../../../shared/verifiers/math/library_check.ts";
import { saysCorrect } from "../../../../workers/resources/physics_judge/verdict.ts";
import { readJudgement } from "../../../../workers/resources/ugphysics_judge/verdict.ts";

const root = new URL("../../../../workers/resources/", import.meta.url);
const rowsOf = (name: string) => readFileSync(new URL(`${name}/data/example.jsonl`, root), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const promptOf = (name: string): string => parse(readFileSync(new URL(`${name}/prompts/judge.yaml`, root), "utf8")).user;

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment).content ?? "";
const userText = (row: { responses_create_params: { input: { content: string }[] } }) => row.responses_create_params.input.at(-1)!.content;

// NeMo's layouts, in short: the same placeholders in the same order, other words around them.
const NEMO_PHYSICS = "Respond with either [Correct] or [Incorrect].\n  Question: {problem}, Output sentence: {generation}, Correct answer: {expected_answer}, Judgement:";
const NEMO_UGPHYSICS =
  "## Equivalence Judgement\nTRUE\n\n<example physics solution>\n**Reference Answer(s)**:\n\\frac{{5}}{{2}}\n\n**Student Solution**:\nso \\boxed{{5}}\n</example physics solution>\n\n<physics solution>\n**Question**:\n{problem}\n\n**Reference Solution**:\n{solution}\n\n**Reference Answer(s)**:\n{expected_answer}\n\n**Student Solution**:\n{generation}\n\n</physics solution>";

describe.each([
  ["physics_judge", [promptOf("physics_judge"), NEMO_PHYSICS], (text: string) => saysCorrect(text)],
  ["ugphysics_judge", [promptOf("ugphysics_judge"), NEMO_UGPHYSICS], (text: string) => readJudgement(text) === "TRUE"],
] as const)("emulator: %s", (name, prompts, passes) => {
  const rows = rowsOf(name);

  test.each(rows.map((row) => [row.question.slice(0, 50), row]))("%s: the right reply passes the symbolic check, the wrong one misses it", (_q, row) => {
    const right = turn(userText(row), true, name);
    const wrong = turn(userText(row), false, name);
    expect(right).not.toBe(wrong);
    expect(libraryCheck(row.expected_answer, right, 200_000).library_reward).toBe(1);
    expect(libraryCheck(row.expected_answer, wrong, 200_000).library_reward).toBe(0);
  });

  test.each(rows.map((row) => [row.question.slice(0, 50), row]))("%s: the judge sees through both prompts, truly or falsely as drawn", (_q, row) => {
    for (const template of prompts) {
      const ask = (generation: string, correct: boolean) =>
        passes(turn(formatTemplate(template, { problem: row.question, solution: row.solution ?? "", expected_answer: row.expected_answer, generation }), correct, `${name}#judge`));
      const right = turn(userText(row), true, name);
      const wrong = turn(userText(row), false, name);
      expect([ask(right, true), ask(wrong, true), ask(right, false), ask(wrong, false)]).toEqual([true, false, false, true]);
    }
  });
});
