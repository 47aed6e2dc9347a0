// inverse_if's emulator skill on the bundled rows: the right reply meets every criterion by the
// skill's own honest judge, the wrong one misses some; the judge answers in the server's JSON
// PASS/FAIL format for the rows' prompt and our fallback alike, and errs on its wrong path.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate } from "../../../../shared/judge/template.ts";
import { DEFAULT_JUDGE_PROMPT_TEMPLATE, DEFAULT_JUDGE_SYSTEM_PROMPT } from "../../../../workers/resources/inverse_if/judge_prompt.ts";
import { readVerdict } from "../../../../workers/resources/inverse_if/verdict.ts";

const rows = readFileSync(new URL("../../../../workers/resources/inverse_if/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));

const reply = (row: any, correct: boolean) => play({ turns: row.responses_create_params.input, tools: [], correct }, "inverse_if");

function scores(row: any, response: string, template: string, judgeRight = true): number[] {
  return row.rubric.map((item: any) => {
    const prompt = formatTemplate(template, { prompt: row.prompt, model_response: response, standard_response: row.reference_response, criteria: item.criteria });
    const answer = play({ turns: [{ role: "system", content: DEFAULT_JUDGE_SYSTEM_PROMPT }, { role: "user", content: prompt }], tools: [], correct: judgeRight }, "inverse_if#judge");
    const verdict = readVerdict(answer.content!);
    expect(verdict.readable).toBe(true);
    return verdict.verdict === "PASS" ? 1 : 0;
  });
}

describe("emulator: inverse_if", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right reply meets every criterion, the wrong one misses some, with the row's prompt and ours", (_i, row) => {
    const right = reply(row, true);
    const wrong = reply(row, false);
    expect(right.declined).toBeFalsy();
    for (const template of [row.judge_prompt_template, DEFAULT_JUDGE_PROMPT_TEMPLATE]) {
      expect(scores(row, right.content!, template)).toEqual(row.rubric.map(() => 1));
      expect(scores(row, wrong.content!, template)).toContain(0);
    }
  });

  test("the standard responses meet their criteria too (the judge's checks are not tuned to our replies only)", () => {
    // Two standard responses break their own rules ("Howvr, ...", "tRus" for Rust): left out.
    for (const row of rows.filter((r) => !["example_1", "example_3"].includes(r.uuid))) expect(scores(row, row.reference_response, row.judge_prompt_template), row.uuid).toEqual(row.rubric.map(() => 1));
  });

  test("the judge's wrong path gives the opposite verdicts", () => {
    expect(scores(rows[1], reply(rows[1], true).content!, rows[1].judge_prompt_template, false)).toEqual([0, 0, 0]);
  });

  test("an instruction it does not know is declined; a prompt with nothing to grade still gets a readable verdict", () => {
    expect(play({ turns: [{ role: "user", content: "Write a sonnet in Klingon." }], tools: [], correct: true }, "inverse_if").declined).toBe(true);
    const answer = play({ turns: [{ role: "user", content: "Grade this." }], tools: [], correct: true }, "inverse_if#judge");
    expect(readVerdict(answer.content!)).toMatchObject({ verdict: "FAIL", readable: true });
  });
});
