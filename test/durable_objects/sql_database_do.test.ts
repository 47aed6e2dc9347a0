// SqlDatabaseDO in workerd: loading a shipped SQL file once per version, queries that can never
// change the data, and the budgets that stop a runaway query before it stalls the object.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, test } from "vitest";
import type { QueryAnswer, QueryBudget } from "../../shared/sql/execute.ts";

const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i + 1)).join(",\n");
// Three tables of 400 rows: a cross join of all three is 64 million rows.
const SCRIPT = `
-- comments, quoted names and a multi-row insert, as the bundled files have them
CREATE TABLE a (id INTEGER PRIMARY KEY, v INTEGER, s TEXT);
CREATE TABLE "b table" (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id), note TEXT);
CREATE TABLE c (id INTEGER PRIMARY KEY, k INTEGER);
CREATE VIEW small AS SELECT * FROM a WHERE id < 4;
INSERT INTO a VALUES ${rows(400, (i) => `(${i}, ${i % 7}, 's;${i}')`)};
INSERT INTO "b table" VALUES ${rows(400, (i) => `(${i}, ${((i * 13) % 400) + 1}, 'note ${i}')`)};
INSERT INTO c VALUES ${rows(400, (i) => `(${i}, ${i % 2})`)};
`;
const BUDGET: QueryBudget = { maxRows: 1000, maxRowVisits: 2_000_000, maxRecursiveRows: 1000 };

let objects = 0;
function fresh(script = SCRIPT, version = "v1") {
  const stub = env.DATABASES.get(env.DATABASES.idFromName(`db-${++objects}`));
  return {
    stub,
    load: () => stub.load(version, script),
    query: (sql: string, budget = BUDGET) => stub.query(version, sql, budget) as Promise<QueryAnswer>,
  };
}

async function loaded(script = SCRIPT) {
  const db = fresh(script);
  await db.load();
  return db;
}

const count = async (db: { query(sql: string): Promise<QueryAnswer> }, table = "a") => {
  const answer = await db.query(`SELECT count(*) FROM "${table}"`);
  return answer.kind === "rows" ? answer.rows[0]![0] : answer;
};

describe("loading a database file", () => {
  test("an object that holds no version, or another one, says so instead of answering", async () => {
    const db = fresh();
    expect(await db.query("SELECT 1")).toEqual({ kind: "not_loaded" });
    await db.load();
    expect(await db.query("SELECT 1")).toEqual({ kind: "rows", columns: ["1"], rows: [[1]] });
    expect(await db.stub.query("v2", "SELECT 1", BUDGET)).toEqual({ kind: "not_loaded" });
  });

  test("loading the same version again changes nothing; a new version replaces every table and view", async () => {
    const db = await loaded();
    await db.load();
    expect(await count(db)).toBe(400);
    await db.stub.load("v2", "CREATE TABLE d (x); INSERT INTO d VALUES (1), (2);");
    const tables = await db.stub.query("v2", "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE '_cf%' ORDER BY name", BUDGET);
    expect(tables).toMatchObject({ kind: "rows", rows: [["d"]] });
    // Statistics for the work estimate came with it, kept apart from anything SQL can read.
    await runInDurableObject(db.stub, (_instance, state) => {
      expect(state.storage.kv.get("loaded")).toMatchObject({ version: "v2", tables: { d: { rows: 2, rowsPerValue: { x: 1 } } } });
    });
  });

  test("a file that fails part-way loads nothing, and the object keeps what it had", async () => {
    const db = await loaded();
    await runInDurableObject(db.stub, (instance) => {
      expect(() => instance.load("v2", "CREATE TABLE d (x); INSERT INTO nowhere VALUES (1);")).toThrow(/no such table: nowhere/);
    });
    expect(await count(db)).toBe(400);
  });
});

describe("read-only", () => {
  test.each([
    ["INSERT INTO a VALUES (1000, 1, 'x')", "not_read_only"],
    ["UPDATE a SET v = 0", "not_read_only"],
    ["DELETE FROM a", "not_read_only"],
    ["DROP TABLE a", "not_read_only"],
    ["CREATE TABLE z (x)", "not_read_only"],
    ["ATTACH DATABASE 'x.db' AS x", "not_read_only"],
    ["PRAGMA foreign_keys = OFF", "not_read_only"],
    ["WITH gone AS (SELECT id FROM a) DELETE FROM a WHERE id IN gone", "not_read_only"],
    ["SELECT 1; DELETE FROM a", "not_read_only"],
    ["SELECT * FROM a WHERE s = 'x'; DROP TABLE a;", "not_read_only"],
    ["", "execution_error"],
    ["-- nothing but a comment", "execution_error"],
    ["(SELECT 1)", "execution_error"],
  ])("%j is refused (%s) and the data is unchanged", async (sql, reason) => {
    const db = await loaded();
    expect(await db.query(sql)).toMatchObject({ kind: "refused", reason });
    expect(await count(db)).toBe(400);
    expect(await count(db, "b table")).toBe(400);
  });

  test("a semicolon or a write verb inside a string, a quoted name or a comment is no statement", async () => {
    const db = await loaded();
    expect(await db.query("SELECT s FROM a WHERE s = 's;7' /* ; DELETE FROM a */ -- ; DROP TABLE a")).toEqual({ kind: "rows", columns: ["s"], rows: [["s;7"]] });
    expect(await db.query('SELECT note AS "delete; drop" FROM "b table" WHERE id = 2;')).toMatchObject({ kind: "rows", rows: [["note 2"]] });
  });

  test("views, CTEs, VALUES and window functions are queries", async () => {
    const db = await loaded();
    expect(await db.query("SELECT count(*) FROM small")).toMatchObject({ rows: [[3]] });
    expect(await db.query("WITH t AS (SELECT v FROM a WHERE id <= 3) SELECT sum(v) FROM t")).toMatchObject({ rows: [[6]] });
    expect(await db.query("VALUES (1, 'x')")).toMatchObject({ rows: [[1, "x"]] });
    expect(await db.query("SELECT id, rank() OVER (ORDER BY v DESC) FROM a WHERE id <= 2 ORDER BY id")).toMatchObject({ rows: [[1, 2], [2, 1]] });
  });

  test("the platform's own storage is out of SQL's reach", async () => {
    const db = await loaded();
    expect(await db.query("SELECT * FROM _cf_KV")).toMatchObject({ kind: "refused", reason: "execution_error", message: expect.stringMatching(/prohibited/) });
  });

  test("a query SQLite rejects is an execution error with SQLite's message", async () => {
    const db = await loaded();
    expect(await db.query("SELEC 1")).toMatchObject({ kind: "refused", reason: "execution_error", message: expect.stringMatching(/syntax error/) });
    expect(await db.query("SELECT nope FROM a")).toMatchObject({ kind: "refused", reason: "execution_error", message: expect.stringMatching(/no such column: nope/) });
  });
});

describe("budgets", () => {
  test("a query returning more rows than allowed stops there", async () => {
    const db = await loaded();
    expect(await db.query("SELECT x.id, y.id FROM a x, c y")).toMatchObject({ kind: "refused", reason: "over_budget", message: expect.stringMatching(/more than 1000 rows/) });
    expect(await db.query("SELECT id FROM a LIMIT 1000")).toMatchObject({ kind: "rows" });
  });

  test("an aggregate over a cross join of big tables is refused before it runs, from its estimated work", async () => {
    const db = await loaded();
    const started = Date.now();
    expect(await db.query("SELECT count(*) FROM a, \"b table\", c")).toMatchObject({ kind: "refused", reason: "over_budget", message: expect.stringMatching(/would visit about 64\d{6} rows/) });
    expect(await db.query("SELECT count(*) FROM a x JOIN a y JOIN c z JOIN c w")).toMatchObject({ reason: "over_budget" });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("joins on keys are estimated by rows per key, and run", async () => {
    const db = await loaded();
    expect(await db.query('SELECT count(*) FROM "b table" b JOIN a ON a.id = b.a_id JOIN a AS a2 ON a2.id = b.id')).toMatchObject({ rows: [[400]] });
    expect(await db.query("SELECT count(*) FROM a x JOIN a y ON x.v = y.v")).toMatchObject({ rows: [[22858]] });
    // 400 x 200 x 57: past the budget however it is written.
    expect(await db.query("SELECT count(*) FROM a x JOIN c y ON x.id = y.id JOIN c z ON y.k = z.k JOIN a w ON w.v = x.v")).toMatchObject({ reason: "over_budget" });
  });

  test("a recursion that never ends is stopped at its cap and refused, even under an aggregate", async () => {
    const db = await loaded();
    const endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
    expect(await db.query(endless)).toMatchObject({ kind: "refused", reason: "over_budget", message: expect.stringMatching(/recursive CTE did not end within 1000 rows/) });
    // RECURSIVE is optional in SQLite, a LIMIT of -1 means none, and a nested WITH counts too.
    expect(await db.query("WITH n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT -1) SELECT max(i) FROM n")).toMatchObject({ reason: "over_budget" });
    expect(await db.query("SELECT (SELECT count(*) FROM (WITH RECURSIVE m(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM m) SELECT i FROM m))")).toMatchObject({ reason: "over_budget" });
    // Selected row by row, the row budget stops it first.
    expect(await db.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n", { ...BUDGET, maxRecursiveRows: 100_000 })).toMatchObject({ reason: "over_budget", message: expect.stringMatching(/more than 1000 rows/) });
  });

  test("a recursion that ends by itself within the cap answers, its own LIMIT honoured", async () => {
    const db = await loaded();
    expect(await db.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) SELECT count(*), sum(i) FROM n")).toEqual({ kind: "rows", columns: ["count(*)", "sum(i)"], rows: [[1000, 500500]] });
    expect(await db.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 10) SELECT count(*) FROM n")).toMatchObject({ rows: [[10]] });
    expect(await db.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 2, 5) SELECT group_concat(i) FROM n")).toMatchObject({ rows: [["3,4,5,6,7"]] });
  });

  test("a runaway query never stalls the object: another rollout's query on it answers", async () => {
    const db = await loaded();
    const [runaway, crossJoin, listed, normal] = await Promise.all([
      db.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"),
      db.query("SELECT count(*) FROM a, \"b table\", c"),
      db.query("SELECT * FROM a, c"),
      db.query("SELECT count(*) FROM a WHERE v = 3"),
    ]);
    expect([runaway, crossJoin, listed].map((a) => (a.kind === "refused" ? a.reason : a.kind))).toEqual(["over_budget", "over_budget", "over_budget"]);
    expect(normal).toEqual({ kind: "rows", columns: ["count(*)"], rows: [[57]] });
  });
});

test("values arrive as SQLite has them: numbers, text, blobs and NULL", async () => {
  const db = await loaded();
  const answer = await db.query("SELECT 1, 2.5, 'x', x'00ff', NULL");
  expect(answer).toMatchObject({ kind: "rows", rows: [[1, 2.5, "x", expect.any(ArrayBuffer), null]] });
});
