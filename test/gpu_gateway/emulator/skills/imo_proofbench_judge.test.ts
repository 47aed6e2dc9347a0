// imo_proofbench_judge's emulator skill: the policy's boxed answer to each bundled row, right or
// wrong, and the judge grading it through the bundled prompt and NeMo's layout as
// <points>N out of 7</points>, truly on the right path, falsely on the wrong.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate } from "../../../../shared/judge/template.ts";
import { searchBoxed } from "../../../../shared/verifiers/search_boxed.ts";
import { parseVerdict } from "../../../../workers/resources/imo_proofbench_judge/verdict.ts";

const NAME = "imo_proofbench_judge";
const dir = new URL(`../../../../workers/resources/${NAME}/`, import.meta.url);
const rows = readFileSync(new URL("data/example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const BUNDLED: string = parse(readFileSync(new URL("prompts/judge.yaml", dir), "utf8")).user;
const NEMO = "Grade on 0-7.\n**PROBLEM STATEMENT**\n{problem}\n\n**GROUND-TRUTH SOLUTION**\n{reference_solution}\n\n**SPECIFIC GRADING GUIDELINES**\n{rubric}\n\n**PROPOSED SOLUTION**\n{predicted_answer}\n\n* <points>7 out of 7</points>\n* <points>0 out of 7</points>";

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment).content ?? "";

describe("emulator: imo_proofbench_judge", () => {
  test.each(rows.map((row) => [row.problem_id, row]))("%s: boxed answers, graded truly or falsely as drawn", (_id, row) => {
    const prompt = row.responses_create_params.input[0].content;
    const right = searchBoxed(turn(prompt, true, NAME));
    const wrong = searchBoxed(turn(prompt, false, NAME));
    expect(right).toBeDefined();
    expect(wrong).toBeDefined();
    expect(right).not.toBe(wrong);
    for (const template of [BUNDLED, NEMO]) {
      const ask = (answer: string, correct: boolean) =>
        parseVerdict(turn(formatTemplate(template, { problem: row.problem, reference_solution: row.reference_solution, rubric: row.rubric, predicted_answer: answer }), correct, `${NAME}#judge`));
      expect([ask(right!, true), ask(wrong!, true), ask(right!, false), ask(wrong!, false)]).toEqual([true, false, false, true]);
    }
  });
});
