// spider2_lite's emulator skill on the bundled rows: its right SQL matches the gold result column by
// column on the row's database, its wrong SQL does not. Checked here with Node's SQLite; the
// server's own grading runs in workerd (test/workers/resources/spider2_lite.test.ts).
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { anyColumnsMatch } from "../../../../shared/sql/column_vectors.ts";
import type { Rows } from "../../../../shared/sql/values.ts";
import { extractSql } from "../../../../shared/sql/extract.ts";

const dir = new URL("../../../../workers/resources/spider2_lite/data/", import.meta.url);
const rows = readFileSync(new URL("example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));

function database(id: string) {
  const db = new DatabaseSync(":memory:");
  db.exec(readFileSync(new URL(`databases/${id}.sql`, dir), "utf8"));
  return (sql: string): Rows => db.prepare(sql).all().map((row) => Object.values(row) as Rows[number]);
}

const reply = (row: any, correct: boolean) => play({ turns: row.responses_create_params.input, tools: [], correct }, "spider2_lite").content ?? "";

describe("emulator: Spider 2.0-Lite text-to-SQL", () => {
  test.each(rows.map((row) => [row.instance_id, row]))("%s: right SQL matches the gold, wrong SQL does not", (_id, row) => {
    const run = database(row.db_id);
    const golds = row.gold_sql ? [run(row.gold_sql)] : row.gold_result;
    const graded = (text: string) => anyColumnsMatch(golds, run(extractSql(text)!), row.condition_cols, row.ignore_order);
    expect(graded(reply(row, true))).toBe(true);
    expect(graded(reply(row, false))).toBe(false);
  });
});
