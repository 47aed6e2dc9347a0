// Which SQL runs as a read-only query: one statement, a SELECT/VALUES (or a WITH whose main
// statement is one), judged on tokens so strings, quoted names and comments never count.
import { describe, expect, test } from "vitest";
import { readOnlyRefusal } from "../../../shared/sql/read_only.ts";
import { statements, tokenize } from "../../../shared/sql/tokens.ts";

describe("tokens", () => {
  test("strings, quoted names, blobs and comments are single tokens; depth follows parentheses", () => {
    const tokens = tokenize(`SELECT 'it''s; ok', "a ""b""", [c d], \`e\`, x'00ff' -- ; DROP\n/* ; */ FROM (t)`);
    expect(tokens.map((t) => [t.kind, t.text, t.depth])).toEqual([
      ["word", "SELECT", 0],
      ["string", "'it''s; ok'", 0],
      ["punct", ",", 0],
      ["quoted", '"a ""b"""', 0],
      ["punct", ",", 0],
      ["quoted", "[c d]", 0],
      ["punct", ",", 0],
      ["quoted", "`e`", 0],
      ["punct", ",", 0],
      ["string", "x'00ff'", 0],
      ["word", "FROM", 0],
      ["punct", "(", 0],
      ["word", "t", 1],
      ["punct", ")", 0],
    ]);
  });

  test("statements split at semicolons outside strings; empty ones are dropped", () => {
    expect(statements(tokenize("SELECT ';'; ;\n SELECT 2;")).map((s) => s.map((t) => t.text).join(" "))).toEqual(["SELECT ';'", "SELECT 2"]);
  });
});

describe("readOnlyRefusal", () => {
  test.each([
    "SELECT 1",
    "select * from t;",
    "SELECT 1 ; -- trailing comment",
    "VALUES (1), (2)",
    "WITH a AS (SELECT 1), b(x) AS MATERIALIZED (SELECT 2) SELECT * FROM a, b",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT i FROM n",
    "SELECT 'DELETE FROM t; DROP TABLE t'",
    'SELECT "update" FROM "insert"',
    // Not SQL at all: left to SQLite, whose syntax error is the better message.
    "SELEC 1",
    "(SELECT 1)",
  ])("%j may run", (sql) => {
    expect(readOnlyRefusal(sql)).toBeUndefined();
  });

  test.each([
    ["INSERT INTO t VALUES (1)", /statement is INSERT/],
    ["replace into t values (1)", /statement is REPLACE/],
    ["UPDATE t SET x = 1", /statement is UPDATE/],
    ["DELETE FROM t", /statement is DELETE/],
    ["WITH x AS (SELECT 1) DELETE FROM t WHERE a IN x", /statement is DELETE/],
    ["WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", /statement is INSERT/],
    ["CREATE TABLE t (x)", /statement is CREATE/],
    ["DROP TABLE t", /statement is DROP/],
    ["ALTER TABLE t ADD COLUMN y", /statement is ALTER/],
    ["ATTACH DATABASE 'x' AS y", /statement is ATTACH/],
    ["PRAGMA table_info(t)", /statement is PRAGMA/],
    ["BEGIN", /statement is BEGIN/],
    ["EXPLAIN SELECT 1", /statement is EXPLAIN/],
    ["SELECT 1; SELECT 2", /only one statement is run; this SQL has 2/],
    ["SELECT 1; DELETE FROM t", /this SQL has 2/],
  ])("%j is not_read_only", (sql, message) => {
    expect(readOnlyRefusal(sql)).toEqual({ reason: "not_read_only", message: expect.stringMatching(message) });
  });

  test("no statement at all is an execution error", () => {
    expect(readOnlyRefusal("  -- just a comment\n")).toEqual({ reason: "execution_error", message: "the SQL contains no statement" });
    expect(readOnlyRefusal(";")).toMatchObject({ reason: "execution_error" });
  });
});
