// frontierscience_judge's emulator skill: the policy's reply to each bundled row, right or wrong,
// and the judge answering the bundled prompts and NeMo's layout in "Judgement: YES/NO" (with a
// score in research mode), truly on the right path, falsely on the wrong.
import { readFileSync } from "node:fs";
import { withoutThinking } from "../../../../shared/verifiers/thinking.ts";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";

import { formatTemplate } from "../../../../shared/judge/template.ts";
import { parseJudgement, parseRubricScore } from "../../../../workers/resources/frontierscience_judge/verdict.ts";

const NAME = "frontierscience_judge";
const dir = new URL(`../../../../workers/resources/${NAME}/`, import.meta.url);
const rows = readFileSync(new URL("data/example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const bundled = (file: string): string => parse(readFileSync(new URL(`prompts/${file}`, dir), "utf8")).user;
// NeMo's layouts, in short: the same placeholders, other words around them.
const NEMO = "Grade it. The reference answer is a phrase.\n***\nThe problem: {question}\n***\nThe reference answer: {expected_answer}\n***\nThe attempted answer: {generation}\n***\nEnd with Judgement: YES or Judgement: NO";
const NEMO_RESEARCH = "The task:\n{question}\n***\nThe grading rubric:\n{rubric}\n***\nThe attempted answer:\n{generation}\n***\nScore: <number>/10 then Judgement: YES or NO";

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment).content ?? "";

describe("emulator: frontierscience_judge", () => {
  test.each(rows.map((row) => [row.question, row]))("%s: the judge sees through every prompt, truly or falsely as drawn", (_q, row) => {
    const right = withoutThinking(turn(row.question, true, NAME));
    const wrong = withoutThinking(turn(row.question, false, NAME));
    expect(right).not.toBe(wrong);
    for (const [template, research] of [[bundled("judge.yaml"), false], [NEMO, false], [bundled("research_judge.yaml"), true], [NEMO_RESEARCH, true]] as const) {
      const ask = (generation: string, correct: boolean) => {
        const reply = turn(formatTemplate(template, { question: row.question, expected_answer: row.expected_answer, rubric: row.expected_answer, generation }), correct, `${NAME}#judge`);
        if (research) expect(parseRubricScore(reply, 10)).not.toBeNull();
        return parseJudgement(reply) === "YES";
      };
      expect([ask(right, true), ask(wrong, true), ask(right, false), ask(wrong, false)]).toEqual([true, false, false, true]);
    }
  });
});
