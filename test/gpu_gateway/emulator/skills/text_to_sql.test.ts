// The text_to_sql emulator skill: the policy's ```sql reply to each bundled row, right (the
// reference query, laid out otherwise) or wrong (a typical mistake), and the judge comparing the two
// queries of the server's prompt with the labels its system message asks for, truly or falsely as drawn.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate } from "../../../../shared/judge/template.ts";
import { extractSql } from "../../../../shared/sql/extract.ts";
import { firstLabel } from "../../../../workers/resources/text_to_sql/judge.ts";
import { SQL_JUDGE_PROMPT_TEMPLATE, SQL_JUDGE_SYSTEM_MESSAGE } from "../../../../workers/resources/text_to_sql/prompts.ts";

const rows = readFileSync(new URL("../../../../workers/resources/text_to_sql/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const LABELS = { equal: "[[A=B]]", notEqual: "[[A!=B]]" };

const reply = (row: { responses_create_params: { input: { role: "system" | "user"; content: string }[] } }, correct: boolean) =>
  play({ turns: row.responses_create_params.input, tools: [], correct }, "text_to_sql").content ?? "";

function verdict(row: { sql: string; sql_dialect: string; sql_context: string; sql_prompt: string }, first: string, second: string, correct: boolean, system = SQL_JUDGE_SYSTEM_MESSAGE, labels = LABELS) {
  const user = formatTemplate(SQL_JUDGE_PROMPT_TEMPLATE, { sql_dialect: row.sql_dialect, sql_context: row.sql_context, sql_prompt: row.sql_prompt, first_answer: first, second_answer: second });
  const text = play({ turns: [{ role: "system", content: system }, { role: "user", content: user }], tools: [], correct }, "text_to_sql#judge").content ?? "";
  return firstLabel(text, labels);
}

describe("emulator: text_to_sql", () => {
  test.each(rows.map((row) => [row.uuid, row]))("%s: the right query is judged equal both ways, the wrong one not", (_id, row) => {
    const right = extractSql(reply(row, true))!;
    const wrong = extractSql(reply(row, false))!;
    expect(right).not.toBe(row.sql);
    expect([verdict(row, row.sql, right, true), verdict(row, right, row.sql, true)]).toEqual(["[[A=B]]", "[[A=B]]"]);
    expect(verdict(row, row.sql, wrong, true)).toBe("[[A!=B]]");
    // A judge on the wrong path gives the other verdict.
    expect(verdict(row, row.sql, right, false)).toBe("[[A!=B]]");
    expect(verdict(row, row.sql, wrong, false)).toBe("[[A=B]]");
  });

  test("the judge answers with the labels its system message asks for", () => {
    const row = rows[1];
    const system = "Answer [[X=Y]] when equivalent, [[X!=Y]] otherwise.";
    expect(verdict(row, row.sql, row.sql, true, system, { equal: "[[X=Y]]", notEqual: "[[X!=Y]]" })).toBe("[[X=Y]]");
  });
});
