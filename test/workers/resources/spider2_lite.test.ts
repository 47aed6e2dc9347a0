// spider2_lite in workerd, with a stand-in sandbox that answers as the SQL runner does: the SQL
// read from the reply runs in the sandbox on the row's database, and its result is compared with
// the gold's (gold_sql run there too, or the row's gold_result) column by column, as Spider 2.0's
// evaluator does. The real runner in the real sandbox: test/shared/sql/query.node.test.ts.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/spider2_lite/index.ts";
import { extractSql } from "../../../shared/sql/extract.ts";
import type { RunResult } from "../../../shared/sandbox/schema.ts";
import filmRental from "../../../workers/resources/spider2_lite/data/databases/film_rental.sql" with { type: "text" };
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";
import { refusedRun, rowsRun, runnerInput } from "../../shared/sql/fake_runner.ts";
import examples from "../../../workers/resources/spider2_lite/data/example.jsonl?raw";

const rows = examples.trim().split("\n").map((line) => JSON.parse(line));
const lakeview = rows[2];
const neverRented = rows.find((row) => row.gold_result);
const answer = (text: string) => ({ id: "r1", output: [assistantMessage(text)] });
const sql = (query: string) => `\`\`\`sql\n${query}\n\`\`\``;
const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };

let answers: Record<string, Partial<RunResult>>;
const requests = useFakeSandbox((request) => answers[runnerInput(request).sql] ?? refusedRun("execution_error", "no canned answer"));
const ran = () => requests.map((r) => runnerInput(r).sql);

async function verify(row: Record<string, unknown>, text: string, config: object = CONFIG) {
  const res = await client(server, serverEnv("spider2_lite", { INSTANCE_CONFIG: config })).post("/verify", { ...row, response: answer(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// Gold answers are remembered per isolate: each test's gold query is its own.
let goldCount = 0;
function rowWithGold(gold: (string | null)[][], extra: Record<string, unknown> = {}) {
  const gold_sql = `SELECT 'gold ${++goldCount}'`;
  answers = { [gold_sql]: rowsRun(gold[0]?.map((_, i) => `c${i}`) ?? [], gold) };
  return { ...lakeview, gold_sql, ...extra };
}

describe("spider2_lite: execution match", () => {
  test("the gold and the reply's SQL run in the sandbox on the row's database; the response carries the reference's fields", async () => {
    const row = rowWithGold([["i15"]]);
    answers["SELECT 15"] = rowsRun(["n"], [["i15"]]);
    expect(await verify(row, sql("SELECT 15"))).toMatchObject({
      instance_id: "sl003",
      db_id: "film_rental",
      question: lakeview.question,
      uuid: null,
      metadata: null,
      gold_sql: row.gold_sql,
      model_output: sql("SELECT 15"),
      extracted_sql: "SELECT 15",
      reward: 1,
      execution_match: true,
      failure_reason: "none",
      sql_error: null,
    });
    expect(ran()).toEqual([row.gold_sql, "SELECT 15"]);
    expect(requests.map((r) => r.files["database.sql"])).toEqual([filmRental, filmRental]);
    expect(await verify({ ...row, uuid: 7, metadata: { split: "dev" } }, sql("SELECT 15"))).toMatchObject({ uuid: 7, metadata: { split: "dev" } });
  });

  test("columns are matched as vectors: in any order, extra columns allowed, numbers within 0.01", async () => {
    const row = rowWithGold([["sAction", "f512.3"], ["sDrama", "f301.0"]], { ignore_order: false });
    answers.reordered = rowsRun(["revenue", "name", "n"], [["f512.3", "sAction", "i9"], ["i301", "sDrama", "i7"]]);
    answers.off = rowsRun(["name", "revenue"], [["sAction", "f512.32"], ["sDrama", "f301.02"]]);
    answers.close = rowsRun(["name", "revenue"], [["sAction", "f512.305"], ["sDrama", "f301.0"]]);
    answers.rowsSwapped = rowsRun(["name", "revenue"], [["sDrama", "f301.0"], ["sAction", "f512.3"]]);
    expect(await verify(row, sql("reordered"))).toMatchObject({ reward: 1 });
    expect(await verify(row, sql("close"))).toMatchObject({ reward: 1 });
    expect(await verify(row, sql("off"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    // ignore_order is false for this row: the order of the rows counts.
    expect(await verify(row, sql("rowsSwapped"))).toMatchObject({ reward: 0 });
    expect(await verify({ ...row, ignore_order: true }, sql("rowsSwapped"))).toMatchObject({ reward: 1 });
  });

  test("condition_cols: only those gold columns must match", async () => {
    const row = rowWithGold([["sAva", "i3"], ["sLeo", "i2"]], { condition_cols: [0] });
    answers.names = rowsRun(["name", "films"], [["sAva", "i0"], ["sLeo", "i0"]]);
    expect(await verify(row, sql("names"))).toMatchObject({ reward: 1 });
    expect(await verify({ ...row, condition_cols: [] }, sql("names"))).toMatchObject({ reward: 0 });
  });

  test("gold_result: any of several acceptable results, text cells read as numbers; only the reply's SQL runs", async () => {
    const row = { ...lakeview, gold_sql: undefined, gold_result: [[["15"]], [["16.0"]]] };
    answers = { "SELECT 16": rowsRun(["n"], [["i16"]]), "SELECT 17": rowsRun(["n"], [["i17"]]) };
    expect(await verify(row, sql("SELECT 16"))).toMatchObject({ reward: 1, gold_sql: null });
    expect(await verify(row, sql("SELECT 17"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    expect(ran()).toEqual(["SELECT 16", "SELECT 17"]);
    answers = { [extractSql(sql("SELECT title FROM film"))!]: rowsRun(["title"], neverRented.gold_result[0].map((r: string[]) => [`s${r[0]}`])) };
    expect(await verify(neverRented, sql("SELECT title FROM film"))).toMatchObject({ reward: 1 });
  });
});

describe("spider2_lite: the model's failures", () => {
  test("no SQL found: no_sql_extracted, extracted_sql null, nothing run", async () => {
    expect(await verify(lakeview, "I am not sure.")).toMatchObject({ reward: 0, extracted_sql: null, failure_reason: "no_sql_extracted", execution_match: false });
    expect(await verify(lakeview, "")).toMatchObject({ reward: 0, extracted_sql: null, failure_reason: "no_sql_extracted" });
    expect(requests).toEqual([]);
  });

  test.each(["execution_error", "not_read_only", "over_budget", "timeout"])("the runner's %s scores 0 with that reason", async (reason) => {
    const row = rowWithGold([["i15"]]);
    answers["SELECT x"] = refusedRun(reason, `why: ${reason}`);
    expect(await verify(row, sql("SELECT x"))).toMatchObject({ reward: 0, execution_match: false, failure_reason: reason, sql_error: `why: ${reason}` });
  });
});

describe("spider2_lite: real databases (spider2_lite_dir)", () => {
  test("a db_id not bundled runs on the folder's database of that name; without a folder it is database_unavailable", async () => {
    const row = rowWithGold([["i7"]], { db_id: "IPL" });
    answers["SELECT 7"] = rowsRun(["n"], [["i7"]]);
    expect(await verify(row, sql("SELECT 7"), { ...CONFIG, spider2_lite_dir: "spider/sqlite" })).toMatchObject({ reward: 1 });
    for (const request of requests) expect(request.database).toEqual({ folder: "spider/sqlite", id: "IPL" });
    requests.length = 0;
    const body = await verify(row, sql("SELECT 7"));
    expect(body).toMatchObject({ _ng_failure_class: "database_unavailable", error: { message: expect.stringContaining("sets no spider2_lite_dir") } });
    expect(body).not.toHaveProperty("reward");
    expect(requests).toEqual([]);
  });
});

describe("spider2_lite: failures that are not the model's, and bad input", () => {
  test("a gold SQL that fails or times out is gold_execution_error: no reward", async () => {
    for (const reason of ["execution_error", "timeout"]) {
      const row = rowWithGold([]);
      answers[row.gold_sql] = refusedRun(reason, "no");
      const body = await verify(row, sql("SELECT 15"));
      expect(body).toMatchObject({ _ng_failure_class: "gold_execution_error" });
      expect(body).not.toHaveProperty("reward");
    }
  });

  test("a sandbox that cannot run the query is sandbox_failed: no reward", async () => {
    globalThis.fetch = (async () => new Response("down", { status: 500 })) as typeof fetch;
    const body = await verify(rowWithGold([["i15"]]), sql("SELECT 15"));
    expect(body).toMatchObject({ _ng_failure_class: "sandbox_failed" });
    expect(body).not.toHaveProperty("reward");
  });

  test("a row with neither gold_sql nor gold_result is a 400 at gold_sql; a db_id that is not a name one at db_id", async () => {
    const post = (row: Record<string, unknown>) => client(server, serverEnv("spider2_lite", { INSTANCE_CONFIG: CONFIG })).post("/verify", { ...row, response: answer(sql("SELECT 1")) });
    const noGold = await post({ ...lakeview, gold_sql: null });
    expect(noGold.status).toBe(400);
    expect(noGold.body.error.issues).toEqual([{ path: "gold_sql", message: "a row needs gold_sql or gold_result" }]);
    const escape = await post({ ...lakeview, db_id: "../IPL" });
    expect(escape.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["db_id"]);
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
