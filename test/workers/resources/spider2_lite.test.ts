// spider2_lite in workerd, on its bundled database: the SQL read from the reply runs on the row's
// database object and its result is compared with the gold's (gold_sql run there, or the row's
// gold_result) column by column, as Spider 2.0's evaluator does.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/spider2_lite/index.ts";
import { extractSql } from "../../../workers/resources/spider2_lite/extract.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import examples from "../../../workers/resources/spider2_lite/data/example.jsonl?raw";

const rows = examples.trim().split("\n").map((line) => JSON.parse(line));
const [actors, revenue, lakeview] = rows;
const neverRented = rows.find((row) => row.gold_result);
const answer = (text: string) => ({ id: "r1", output: [assistantMessage(text)] });
const sql = (query: string) => `\`\`\`sql\n${query}\n\`\`\``;

async function verify(row: Record<string, unknown>, text: string, extra: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("spider2_lite", { DATABASES: env.DATABASES, ...extra })).post("/verify", { ...row, response: answer(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("spider2_lite: execution match", () => {
  test("every bundled row's gold (its SQL, or the SQL that produced its gold_result) scores 1", async () => {
    for (const row of rows.filter((r) => r.gold_sql)) expect(await verify(row, sql(row.gold_sql)), row.instance_id).toMatchObject({ reward: 1, execution_match: true, failure_reason: "none" });
    const titles = "SELECT title FROM film WHERE release_year = 2006 AND film_id NOT IN (SELECT film_id FROM rental)";
    expect(await verify(neverRented, sql(titles))).toMatchObject({ reward: 1, gold_sql: null });
  });

  test("the response carries the reference's fields, nulls where the row has none", async () => {
    const text = sql(lakeview.gold_sql);
    expect(await verify(lakeview, text)).toMatchObject({
      instance_id: "sl003",
      db_id: "film_rental",
      question: lakeview.question,
      uuid: null,
      metadata: null,
      gold_sql: lakeview.gold_sql,
      model_output: text,
      extracted_sql: lakeview.gold_sql.trim(),
      execution_match: true,
      failure_reason: "none",
      sql_error: null,
    });
    expect(await verify({ ...lakeview, uuid: 7, metadata: { split: "dev" } }, text)).toMatchObject({ uuid: 7, metadata: { split: "dev" } });
  });

  test("columns are matched as vectors: in any order, extra columns allowed, numbers within 0.01", async () => {
    const base = "FROM rental r JOIN film_category fc ON fc.film_id = r.film_id JOIN category c ON c.category_id = fc.category_id GROUP BY c.name ORDER BY SUM(r.amount) DESC";
    expect(await verify(revenue, sql(`SELECT ROUND(SUM(r.amount), 2), c.name, COUNT(*) ${base}`))).toMatchObject({ reward: 1 });
    expect(await verify(revenue, sql(`SELECT c.name, SUM(r.amount) + 0.02 ${base}`))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    // ignore_order is false for this row: the order of the rows counts.
    expect(await verify(revenue, sql(`SELECT c.name, SUM(r.amount) FROM rental r JOIN film_category fc ON fc.film_id = r.film_id JOIN category c ON c.category_id = fc.category_id GROUP BY c.name ORDER BY 2 ASC`))).toMatchObject({ reward: 0 });
    expect(await verify({ ...revenue, ignore_order: true }, sql(`SELECT c.name, SUM(r.amount) FROM rental r JOIN film_category fc ON fc.film_id = r.film_id JOIN category c ON c.category_id = fc.category_id GROUP BY c.name ORDER BY 2 ASC`))).toMatchObject({ reward: 1 });
  });

  test("condition_cols: only those gold columns must match", async () => {
    // The row asks for names and counts, but grades the names only (condition_cols [0, 1]).
    const names = "SELECT a.first_name, a.last_name, 0 FROM actor a JOIN film_actor fa ON fa.actor_id = a.actor_id JOIN film f ON f.film_id = fa.film_id WHERE f.rating = 'PG-13' GROUP BY a.actor_id ORDER BY COUNT(*) DESC LIMIT 3";
    expect(await verify(actors, sql(names))).toMatchObject({ reward: 1 });
    expect(await verify({ ...actors, condition_cols: [] }, sql(names))).toMatchObject({ reward: 0 });
  });

  test("gold_result: any of several acceptable results; text cells are read as numbers", async () => {
    const row = { ...lakeview, gold_sql: undefined, gold_result: [[["15"]], [["16.0"]]] };
    expect(await verify(row, sql(lakeview.gold_sql))).toMatchObject({ reward: 1, gold_sql: null });
    expect(await verify({ ...row, gold_result: [[["15"]]] }, sql(lakeview.gold_sql))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
  });
});

describe("spider2_lite: the model's failures", () => {
  test("no SQL found: no_sql_extracted, extracted_sql null", async () => {
    expect(await verify(lakeview, "I am not sure.")).toMatchObject({ reward: 0, extracted_sql: null, failure_reason: "no_sql_extracted", execution_match: false });
    expect(await verify(lakeview, "")).toMatchObject({ reward: 0, extracted_sql: null, failure_reason: "no_sql_extracted" });
  });

  test("SQL that does not run, a write, a runaway: execution_error, not_read_only, over_budget", async () => {
    expect(await verify(lakeview, sql("SELECT COUNT(*) FROM customers"))).toMatchObject({ reward: 0, failure_reason: "execution_error", sql_error: expect.stringMatching(/no such table: customers/) });
    expect(await verify(lakeview, "Clearing up first: DELETE FROM rental WHERE amount > 0;")).toMatchObject({ extracted_sql: "DELETE FROM rental WHERE amount > 0;", failure_reason: "not_read_only" });
    expect(await verify(lakeview, sql("SELECT COUNT(*) FROM rental, rental AS again, film_actor"))).toMatchObject({ failure_reason: "over_budget" });
    expect(await verify(lakeview, sql(lakeview.gold_sql))).toMatchObject({ reward: 1 });
  });
});

describe("spider2_lite: failures that are not the model's, and bad input", () => {
  test("a gold SQL that fails is gold_execution_error: no reward", async () => {
    const body = await verify({ ...lakeview, gold_sql: "SELECT nope" }, sql(lakeview.gold_sql));
    expect(body).toMatchObject({ _ng_failure_class: "gold_execution_error" });
    expect(body).not.toHaveProperty("reward");
  });

  test("a row with neither gold_sql nor gold_result is a 400 at gold_sql; an unknown db_id one at db_id", async () => {
    const post = (row: Record<string, unknown>) => client(server, serverEnv("spider2_lite", { DATABASES: env.DATABASES })).post("/verify", { ...row, response: answer(sql("SELECT 1")) });
    const noGold = await post({ ...lakeview, gold_sql: null });
    expect(noGold.status).toBe(400);
    expect(noGold.body.error.issues).toEqual([{ path: "gold_sql", message: "a row needs gold_sql or gold_result" }]);
    const unknown = await post({ ...lakeview, db_id: "IPL" });
    expect(unknown.body.error.issues).toEqual([{ path: "db_id", message: 'unknown database "IPL"; this server has: film_rental' }]);
    const badCols = await post({ ...lakeview, condition_cols: ["a"] });
    expect(badCols.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["condition_cols[0]"]);
  });
});

describe("spider2_lite: reading the SQL out of a reply, as the reference does", () => {
  test.each([
    ["```sql\nSELECT 1\n```\n```SQL\nSELECT 2;\n```", "SELECT 2;"],
    ["```\nWITH t AS (SELECT 1) SELECT * FROM t\n```", "WITH t AS (SELECT 1) SELECT * FROM t"],
    ["```\nnot sql\n```\n```\nSELECT 3\n```\n```\nplain\n```", "SELECT 3"],
    ["The query is SELECT a FROM t; and that is all", "SELECT a FROM t;"],
    ["SELECT a FROM t", "SELECT a FROM t;"],
    ["select a from t;;", "select a from t;"],
    ["I will go with the count", "with the count;"],
    ["No query here.", null],
    ["", null],
  ])("%j -> %j", (text, expected) => {
    expect(extractSql(text)).toBe(expected);
  });
});
