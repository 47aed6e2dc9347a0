// bird_sql in workerd, on its bundled databases: the reply's last ```sql block and the row's gt_sql
// both run on the row's database object, and the reply scores when the result sets are equal as
// sets of rows. Failures say whose they are: the model's (failure_reason) or the infrastructure's
// (_ng_failure_class, no reward).
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/bird_sql/index.ts";
import { extractSql, hasSqlCodeblock } from "../../../workers/resources/bird_sql/extract.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import examples from "../../../workers/resources/bird_sql/data/example.jsonl?raw";

const rows = examples.trim().split("\n").map((line) => JSON.parse(line));
const denver = rows[1];
const answer = (text: string) => ({ id: "r1", output: [assistantMessage(text)] });
const sql = (query: string) => `Let me think.\n\`\`\`sql\n${query}\n\`\`\``;

async function verify(row: Record<string, unknown>, text: string, extra: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("bird_sql", { DATABASES: env.DATABASES, ...extra })).post("/verify", { ...row, response: answer(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("bird_sql: execution match", () => {
  test("every bundled row's gold SQL scores 1 against itself", async () => {
    for (const row of rows) expect(await verify(row, sql(row.gt_sql)), row.question).toMatchObject({ reward: 1, execution_match: true, failure_reason: "none" });
  });

  test("the response carries the reference's fields, and echoes the row", async () => {
    const text = sql("SELECT first_name, last_name FROM customers WHERE city = 'Denver' AND segment = 'Corporate'");
    expect(await verify(denver, text)).toMatchObject({
      ...denver,
      reward: 1,
      model_output: text,
      extracted_sql: "SELECT first_name, last_name FROM customers WHERE city = 'Denver' AND segment = 'Corporate'",
      had_codeblock: true,
      execution_match: true,
      failure_reason: "none",
      sql_error: null,
      difficulty: "simple",
      id: 1,
    });
  });

  test("rows compare as a set: order and duplicates do not matter, column order does", async () => {
    const base = "FROM customers WHERE city = 'Denver' AND segment = 'Corporate'";
    expect(await verify(denver, sql(`SELECT first_name, last_name ${base} ORDER BY last_name DESC`))).toMatchObject({ reward: 1 });
    expect(await verify(denver, sql(`SELECT first_name, last_name ${base} UNION ALL SELECT first_name, last_name ${base}`))).toMatchObject({ reward: 1 });
    expect(await verify(denver, sql(`SELECT last_name, first_name ${base}`))).toMatchObject({ reward: 0, execution_match: false, failure_reason: "wrong_result" });
    expect(await verify(denver, sql(`SELECT first_name, last_name ${base} LIMIT 3`))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
  });

  test("1 and 1.0 are the same value, as in Python; text is never a number", async () => {
    const count = rows[0];
    expect(await verify(count, sql("SELECT 8.0"))).toMatchObject({ reward: 1 });
    expect(await verify(count, sql("SELECT '8'"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
  });
});

test("a task's gold query runs once, however many rollouts are verified", async () => {
  const asked: string[] = [];
  const counting = {
    idFromName: (name: string) => env.DATABASES.idFromName(name),
    get: (id: DurableObjectId) => {
      const stub = env.DATABASES.get(id);
      return { load: (version: string, script: string) => stub.load(version, script), query: (version: string, query: string, budget: any) => (asked.push(query), stub.query(version, query, budget)) };
    },
  };
  const row = { ...rows[0], gt_sql: `${rows[0].gt_sql} -- asked once` };
  for (const text of [sql(rows[0].gt_sql), "no SQL", sql("SELECT 7"), sql(rows[0].gt_sql)]) await verify(row, text, { DATABASES: counting });
  expect(asked.filter((q) => q === row.gt_sql)).toHaveLength(1);
});

describe("bird_sql: the model's failures", () => {
  test("no ```sql block: no_sql_extracted, the reference's filler recorded and not run", async () => {
    expect(await verify(rows[0], "The answer is 8.")).toMatchObject({ reward: 0, extracted_sql: "SELECT 1", had_codeblock: false, execution_match: false, failure_reason: "no_sql_extracted" });
    expect(await verify(rows[0], "")).toMatchObject({ reward: 0, failure_reason: "no_sql_extracted" });
  });

  test("SQL that does not run: execution_error, with SQLite's message", async () => {
    expect(await verify(rows[4], sql("SELECT avg_reading FROM sat_scores"))).toMatchObject({ reward: 0, failure_reason: "execution_error", sql_error: expect.stringMatching(/no such column: avg_reading/) });
    // A `--` comment swallows the rest of the block, as the reference strips it: nothing is left to run.
    expect(await verify(rows[0], sql("-- count them\nSELECT COUNT(*) FROM orders"))).toMatchObject({ reward: 0, extracted_sql: "", failure_reason: "execution_error" });
  });

  test("a write is not_read_only, and the database is unchanged", async () => {
    const deletion = await verify(rows[0], sql("DELETE FROM orders"));
    expect(deletion).toMatchObject({ reward: 0, failure_reason: "not_read_only", execution_match: false });
    expect(await verify(rows[0], sql("SELECT 1; DROP TABLE orders"))).toMatchObject({ failure_reason: "not_read_only" });
    expect(await verify(rows[0], sql(rows[0].gt_sql))).toMatchObject({ reward: 1 });
  });

  test("a runaway query is over_budget", async () => {
    expect(await verify(rows[0], sql("SELECT COUNT(*) FROM orders, order_items, customers"))).toMatchObject({ reward: 0, failure_reason: "over_budget" });
    expect(await verify(rows[0], sql("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n"))).toMatchObject({ failure_reason: "over_budget" });
    // The instance's budgets apply.
    expect(await verify(denver, sql("SELECT * FROM customers"), { INSTANCE_CONFIG: { max_result_rows: 50 } })).toMatchObject({ failure_reason: "over_budget", sql_error: expect.stringMatching(/more than 50 rows/) });
  });
});

describe("bird_sql: failures that are not the model's", () => {
  test("a gold SQL that fails is gold_execution_error: no reward", async () => {
    const body = await verify({ ...rows[0], gt_sql: "SELECT nope FROM orders" }, sql(rows[0].gt_sql));
    expect(body).toMatchObject({ _ng_failure_class: "gold_execution_error", error: { type: "gold_execution_error" } });
    expect(body).not.toHaveProperty("reward");
  });

  test("a database object that cannot be reached is database_unavailable: no reward", async () => {
    const broken = { idFromName: (name: string) => name, get: () => ({ query: () => Promise.reject(new Error("Durable Object reset")) }) };
    const body = await verify(rows[0], sql(rows[0].gt_sql), { DATABASES: broken });
    expect(body).toMatchObject({ _ng_failure_class: "database_unavailable", error: { message: expect.stringMatching(/Durable Object reset/) } });
    expect(body).not.toHaveProperty("reward");
  });

  test("a database that does not answer in time is database_unavailable", async () => {
    const hung = { idFromName: (name: string) => name, get: () => ({ query: () => new Promise(() => {}) }) };
    const body = await verify(rows[0], sql(rows[0].gt_sql), { DATABASES: hung, INSTANCE_CONFIG: { database_timeout_s: 0.05 } });
    expect(body).toMatchObject({ _ng_failure_class: "database_unavailable", error: { message: expect.stringMatching(/did not answer within 0.05 s/) } });
  });
});

describe("bird_sql: bad input", () => {
  test("an unknown db_id is a 400 at db_id, naming the databases there are", async () => {
    const res = await client(server, serverEnv("bird_sql", { DATABASES: env.DATABASES })).post("/verify", { ...rows[0], db_id: "california_schools", response: answer(sql("SELECT 1")) });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([{ path: "db_id", message: 'unknown database "california_schools"; this server has: retail_orders, school_scores' }]);
  });

  test("missing task fields are 400s with their paths", async () => {
    const { gt_sql: _gold, ...row } = rows[0];
    const res = await client(server, serverEnv("bird_sql", { DATABASES: env.DATABASES })).post("/verify", { ...row, response: answer("") });
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["gt_sql"]);
  });
});

describe("bird_sql: reading the SQL out of a reply, as the reference does", () => {
  test.each([
    ["Let me think...\n```sql\nSELECT * FROM t\n```", "SELECT * FROM t"],
    ["```sql\nSELECT 1\n```\nthen\n```sql\nSELECT 2\n```", "SELECT 2"],
    ["```sql\nSELECT 1 /* inline */ FROM t\n```", "SELECT 1 FROM t"],
    ["```sql\n-- comment\nSELECT 1 FROM t\n```", ""],
    ["```sql**Answer** SELECT 1 FROM t```", "SELECT 1 FROM t"],
    ["```sql\n**Answer** SELECT 1 FROM t\n```", "**Answer** SELECT 1 FROM t"],
    ["```sql\n12345\n```", "SELECT 1"],
    ["SELECT * FROM t;", "SELECT 1"],
    ["", "SELECT 1"],
  ])("%j -> %j", (text, expected) => {
    expect(extractSql(text)).toBe(expected);
  });

  test("a block counts only with a letter in it", () => {
    expect(hasSqlCodeblock("```sql\nSELECT 1\n```")).toBe(true);
    expect(hasSqlCodeblock("```sql\n12345\n```")).toBe(false);
    expect(hasSqlCodeblock("just prose")).toBe(false);
  });
});

test("/aggregate_metrics: pass@k over the reward, majority over extracted_sql, mean reward per difficulty", async () => {
  const rollout = (task: number, reward: number, difficulty: string) => ({ _ng_task_index: task, _ng_rollout_index: 0, reward, extracted_sql: `SELECT ${reward}`, difficulty, response: { usage: { input_tokens: 10, output_tokens: 5 } } });
  const res = await client(server, serverEnv("bird_sql")).post("/aggregate_metrics", { verify_responses: [rollout(0, 1, "simple"), rollout(1, 0, "simple"), rollout(2, 1, "moderate")] });
  expect(res.body.key_metrics).toMatchObject({ "mean/input_tokens": 10, "pass@1/accuracy": expect.any(Number), "mean/reward_difficulty_simple": 0.5, "mean/reward_difficulty_moderate": 1 });
});
