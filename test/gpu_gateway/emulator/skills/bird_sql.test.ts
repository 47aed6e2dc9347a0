// bird_sql's emulator skill on the bundled rows: its right SQL returns the gold's set of rows on the
// row's database, its wrong SQL does not (or does not run). Checked here with Node's SQLite; the
// server's own grading runs in workerd (test/workers/resources/bird_sql.test.ts).
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { sameRowSet } from "../../../../shared/sql/set_equality.ts";
import type { Rows } from "../../../../shared/sql/values.ts";
import { extractSql, hasSqlCodeblock } from "../../../../workers/resources/bird_sql/extract.ts";

const dir = new URL("../../../../workers/resources/bird_sql/data/", import.meta.url);
const rows = readFileSync(new URL("example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));

function database(id: string) {
  const db = new DatabaseSync(":memory:");
  db.exec(readFileSync(new URL(`databases/${id}.sql`, dir), "utf8"));
  return (sql: string): Rows => db.prepare(sql).all().map((row) => Object.values(row) as Rows[number]);
}

const reply = (row: any, correct: boolean) => play({ turns: row.responses_create_params.input, tools: [], correct }, "bird_sql").content ?? "";

describe("emulator: BIRD text-to-SQL", () => {
  test.each(rows.map((row) => [row.question, row]))("%s", (_q, row) => {
    const run = database(row.db_id);
    const gold = run(row.gt_sql);
    const right = reply(row, true);
    expect(hasSqlCodeblock(right)).toBe(true);
    expect(sameRowSet(gold, run(extractSql(right)))).toBe(true);
    const wrong = extractSql(reply(row, false));
    expect(wrong).not.toBe(extractSql(right));
    let wrongRows: Rows | undefined;
    try {
      wrongRows = run(wrong);
    } catch {
      // A wrong answer may be SQL that does not run.
    }
    if (wrongRows) expect(sameRowSet(gold, wrongRows)).toBe(false);
  });

  test("a question it does not know gets a look at the first table; no schema, no SQL", () => {
    const prompt = "### Question\nHow tall is the tallest tree?\n\nThe following is a SQL dump...\nCREATE TABLE trees\n(\n height REAL\n);";
    expect(extractSql(play({ turns: [{ role: "user", content: prompt }], tools: [], correct: true }, "bird_sql").content!)).toBe("SELECT * FROM trees LIMIT 5");
    expect(hasSqlCodeblock(play({ turns: [{ role: "user", content: "Hello" }], tools: [], correct: true }, "bird_sql").content!)).toBe(false);
  });
});
