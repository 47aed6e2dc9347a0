// multichallenge's emulator skill on the bundled rows: the right reply passes every rubric item
// by the skill's own honest judge, the wrong one fails them; the judge answers in the server's
// [[YES]]/[[NO]] format for our prompt and NeMo's alike, and errs on its wrong path.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate } from "../../../../shared/judge/template.ts";
import { JUDGE_PROMPT_TEMPLATE, JUDGE_SYSTEM_MESSAGE } from "../../../../workers/resources/multichallenge/judge_prompt.ts";
import { itemScore, readVerdict } from "../../../../workers/resources/multichallenge/verdict.ts";

const rows = readFileSync(new URL("../../../../workers/resources/multichallenge/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
// NeMo's layout (multichallenge.yaml), with its placeholders.
const NEMO_TEMPLATE = "CONVERSATION CONTEXT:\n{context}\n\nMODEL'S FINAL RESPONSE:\n{response}\n\nEVALUATION QUESTION:\n{question}\n\nEXPECTED ANSWER: {pass_criteria}\n\nDoes the model's response satisfy the criterion described in the evaluation question?\nThink step by step, then respond with exactly [[YES]] or [[NO]] on the last line.";

const reply = (row: any, correct: boolean) => play({ turns: row.responses_create_params.input, tools: [], correct }, "multichallenge");

function reward(row: any, response: string, template = JUDGE_PROMPT_TEMPLATE, judgeRight = true): number {
  const scores = row.rubric.map((item: any) => {
    const prompt = formatTemplate(template, { context: row.context, response, question: item.question, pass_criteria: item.pass_criteria });
    const answer = play({ turns: [{ role: "system", content: JUDGE_SYSTEM_MESSAGE }, { role: "user", content: prompt }], tools: [], correct: judgeRight }, "multichallenge#judge");
    const verdict = readVerdict(answer.content!, "[[YES]]", "[[NO]]");
    expect(verdict.readable).toBe(true);
    return itemScore(verdict.verdict, item.pass_criteria);
  });
  return scores.reduce((a: number, b: number) => a + b, 0) / scores.length;
}

describe("emulator: multichallenge", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right reply passes every item, the wrong one none, with our prompt and NeMo's", (_i, row) => {
    const right = reply(row, true);
    const wrong = reply(row, false);
    expect(right.declined).toBeFalsy();
    for (const template of [JUDGE_PROMPT_TEMPLATE, NEMO_TEMPLATE]) {
      expect(reward(row, right.content!, template)).toBe(1);
      expect(reward(row, wrong.content!, template)).toBe(0);
    }
  });

  test("the judge's wrong path gives the opposite verdicts", () => {
    expect(reward(rows[0], reply(rows[0], true).content!, JUDGE_PROMPT_TEMPLATE, false)).toBe(0);
    expect(reward(rows[0], reply(rows[0], false).content!, JUDGE_PROMPT_TEMPLATE, false)).toBe(1);
  });

  test("a conversation it does not know is declined; a prompt with no reply to grade still gets a readable verdict", () => {
    expect(play({ turns: [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello" }, { role: "user", content: "Plan my wedding." }], tools: [], correct: true }, "multichallenge").declined).toBe(true);
    const answer = play({ turns: [{ role: "user", content: "Grade this." }], tools: [], correct: true }, "multichallenge#judge");
    expect(readVerdict(answer.content!, "[[YES]]", "[[NO]]")).toEqual({ verdict: "NO", readable: true });
  });
});
