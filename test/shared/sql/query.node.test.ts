// The SQL runner (shared/sql/run_query.py) in the real local sandbox, through bird_sql's and
// spider2_lite's /verify on a local stack whose query deadline is DEADLINE_S (of the query's CPU
// time): real grading on the bundled databases, values typed exactly, read-only whatever the
// spelling, and runaway queries (endless recursion however written, size-amplifying functions,
// joins too heavy to finish) scored 0 as timeout or over_budget while the head, other
// environments and other rollouts go on.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const DEADLINE_S = 2;
// A bird_sql instance whose runaways run long enough (at least this much wall-clock time, as they
// use this much CPU time) for other requests to be seen answering meanwhile.
const PATIENT = "bird_sql_patient";
const PATIENT_DEADLINE_S = 8;

let running: RunningStack;
beforeAll(async () => {
  const deadline = (env: string) => `++${env}.resources_servers.${env}.sql_execution_timeout_s=${DEADLINE_S}`;
  const patient = (key: string, value: string | number) => `++${PATIENT}.resources_servers.bird_sql.${key}=${value}`;
  const overrides = [deadline("bird_sql"), deadline("spider2_lite"), patient("domain", "coding"), patient("sandbox_url", "sandbox://local"), patient("sql_execution_timeout_s", PATIENT_DEADLINE_S)];
  running = await bringUp({ headPort: 0, only: ["bird_sql", "spider2_lite", "string_match", PATIENT], overrides });
});
afterAll(async () => {
  await running?.stop();
});

const examples = (env: string) => readFileSync(`workers/resources/${env}/data/example.jsonl`, "utf8").trim().split("\n").map((line) => JSON.parse(line));
const bird = examples("bird_sql");
const spider = examples("spider2_lite");
const [countRow, denver] = bird;
const block = (query: string) => `Here it is.\n\`\`\`sql\n${query}\n\`\`\``;

async function verify(env: string, row: Record<string, unknown>, text: string): Promise<Record<string, any>> {
  const res = await fetch(`${running.stack.urls.get(env)}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...row, response: { id: "r", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] } }),
  });
  const body = (await res.json()) as Record<string, any>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** bird_sql's verdict on `query` against the gold query `gold` (on the first row's database). */
const birdVerdict = (gold: string, query: string) => verify("bird_sql", { ...countRow, gt_sql: gold }, block(query));

describe("grading on the bundled databases", () => {
  test("every bundled row's gold scores 1 against itself", async () => {
    const verdicts = await Promise.all([
      ...bird.map((row) => verify("bird_sql", row, block(row.gt_sql))),
      ...spider.filter((row) => row.gold_sql).map((row) => verify("spider2_lite", row, block(row.gold_sql))),
      verify("spider2_lite", spider.find((row) => row.gold_result), block("SELECT title FROM film WHERE release_year = 2006 AND film_id NOT IN (SELECT film_id FROM rental)")),
    ]);
    for (const verdict of verdicts) expect(verdict).toMatchObject({ reward: 1, execution_match: true, failure_reason: "none", sql_error: null });
  });

  test("BIRD's rule: rows compare as a set, column order counts", async () => {
    const base = "FROM customers WHERE city = 'Denver' AND segment = 'Corporate'";
    const [ordered, doubled, swapped, short] = await Promise.all([
      verify("bird_sql", denver, block(`SELECT first_name, last_name ${base} ORDER BY last_name DESC`)),
      verify("bird_sql", denver, block(`SELECT first_name, last_name ${base} UNION ALL SELECT first_name, last_name ${base}`)),
      verify("bird_sql", denver, block(`SELECT last_name, first_name ${base}`)),
      verify("bird_sql", denver, block(`SELECT first_name, last_name ${base} LIMIT 1`)),
    ]);
    expect([ordered.reward, doubled.reward, swapped.reward, short.reward]).toEqual([1, 1, 0, 0]);
    expect(swapped.failure_reason).toBe("wrong_result");
  });

  test("values keep their type from SQLite to the comparison: integers exact past 2^53, 8 equals 8.0 but not '8', blobs by their bytes", async () => {
    const cases: [string, string, number][] = [
      ["SELECT 9007199254740993", "SELECT 9007199254740993", 1],
      ["SELECT 9007199254740993", "SELECT 9007199254740992", 0],
      ["SELECT 9223372036854775807", "SELECT 9223372036854775806", 0],
      ["SELECT 9007199254740993", "SELECT 9007199254740993.0", 0],
      ["SELECT 8", "SELECT 8.0", 1],
      ["SELECT 8", "SELECT '8'", 0],
      ["SELECT 0.1 + 0.2", "SELECT 0.3", 0],
      ["SELECT -0.0", "SELECT 0", 1],
      ["SELECT x'00ff'", "SELECT x'00ff'", 1],
      ["SELECT x'00ff'", "SELECT x'00fe'", 0],
      ["SELECT 'Zoë 日本 🎉'", "SELECT 'Zoë 日本 🎉'", 1],
      ["SELECT NULL", "SELECT 0", 0],
      ["SELECT 1e308 * 10", "SELECT 1e309", 1],
    ];
    const verdicts = await Promise.all(cases.map(([gold, query]) => birdVerdict(gold, query)));
    expect(verdicts.map((v) => v.reward)).toEqual(cases.map(([, , reward]) => reward));
  });

  test("anything but one query is not_read_only, however it is spelled", async () => {
    const writes = [
      "DELETE FROM orders",
      "WITH x AS (SELECT 1) DELETE FROM orders WHERE order_id IN x",
      "INSERT INTO orders SELECT * FROM orders RETURNING *",
      "UPDATE orders SET status = 'x'",
      "REPLACE INTO customers SELECT * FROM customers",
      "DROP TABLE orders",
      "CREATE TABLE t AS SELECT 1",
      "ATTACH ':memory:' AS m",
      "PRAGMA writable_schema = 1",
      "VACUUM INTO 'copy.db'",
      "BEGIN",
      "SELECT 1; DROP TABLE orders",
      "SELECT COUNT(*) FROM orders; SELECT 1",
    ];
    const verdicts = await Promise.all(writes.map((query) => birdVerdict(countRow.gt_sql, query)));
    for (const [i, verdict] of verdicts.entries()) expect(verdict, writes[i]).toMatchObject({ reward: 0, failure_reason: "not_read_only" });
    expect(await verify("bird_sql", countRow, block(countRow.gt_sql))).toMatchObject({ reward: 1 });
  });
});

describe("runaway queries score 0 and stop", () => {
  // At once: each runs in a sandbox process of its own, most of them to the deadline.
  test.concurrent.each([
    // Endless recursion, however the recursive reference is written.
    ["FROM (c)", "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM (c)) SELECT count(*) FROM c", ["timeout"]],
    ["FROM ((c))", "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM ((c))) SELECT count(*) FROM c", ["timeout"]],
    ["an alias, no RECURSIVE keyword", "WITH c(i) AS (SELECT 1 UNION ALL SELECT x.i + 1 FROM c AS x) SELECT max(i) FROM c", ["timeout"]],
    ["quoted names, a negative LIMIT", 'WITH RECURSIVE "c"(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM [c] LIMIT -1) SELECT count(*) FROM `c`', ["timeout"]],
    ["a join", "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT c.i + 1 FROM orders JOIN c ON orders.order_id = 1) SELECT count(*) FROM c", ["timeout"]],
    ["UNION (distinct)", "WITH RECURSIVE c(i) AS (SELECT 1 UNION SELECT i + 1 FROM c) SELECT count(*) FROM c", ["timeout", "over_budget"]],
    ["every row returned", "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c", ["over_budget"]],
    // Size amplification: one value is capped, a cap per row times many rows meets the deadline.
    ["replace(hex(zeroblob))", "SELECT length(replace(hex(zeroblob(1000000)), '0', 'ab'))", ["over_budget"]],
    ["replace(hex(zeroblob)) per row", "SELECT sum(length(replace(hex(zeroblob(200000 + a.order_id)), '0', 'ab'))) FROM orders a, orders b", ["timeout"]],
    ["randomblob", "SELECT length(randomblob(2000000000))", ["over_budget"]],
    ["printf per row", "SELECT sum(length(printf('%.*c', 900000 + b.order_id, 'x'))) FROM orders a, orders b", ["timeout"]],
    ["group_concat", "SELECT length(group_concat(hex(randomblob(1000)))) FROM orders a, orders b", ["over_budget"]],
    ["doubling recursion", "WITH RECURSIVE s(x) AS (SELECT 'ab' UNION ALL SELECT x || x FROM s) SELECT max(length(x)) FROM s", ["over_budget"]],
    // Work: a cross join too heavy to finish.
    ["a five-way cross join", "SELECT count(*) FROM orders a, orders b, orders c, orders d, orders e", ["timeout"]],
  ])("%s", async (_what, query, reasons) => {
    const verdict = await birdVerdict(countRow.gt_sql, query);
    expect(verdict).toMatchObject({ reward: 0, execution_match: false });
    expect(reasons).toContain(verdict.failure_reason);
  });

  test("spider2_lite's queries are bounded the same way", async () => {
    const lakeview = spider[2];
    const verdicts = await Promise.all([
      verify("spider2_lite", lakeview, block("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM ((c))) SELECT count(*) FROM c")),
      verify("spider2_lite", lakeview, block("SELECT count(*) FROM rental a, rental b, rental c, film_actor d")),
      verify("spider2_lite", lakeview, block("SELECT replace(hex(zeroblob(1000000)), '0', 'ab')")),
    ]);
    expect(verdicts.map((v) => [v.reward, v.failure_reason])).toEqual([[0, "timeout"], [0, "timeout"], [0, "over_budget"]]);
  });

  test("a query stopped at its deadline scores 0 as timeout, and the next query is answered with its own verdict", async () => {
    const stopped = await birdVerdict(countRow.gt_sql, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM (c)) SELECT count(*) FROM c");
    expect(stopped).toMatchObject({ reward: 0, failure_reason: "timeout", sql_error: `the query did not finish within ${DEADLINE_S} s` });
    expect(await verify("bird_sql", countRow, block(countRow.gt_sql))).toMatchObject({ reward: 1, failure_reason: "none" });
  });

  test("nothing waits on a runaway query: the head, another environment and other rollouts answer while it runs", async () => {
    let settled = false;
    const query = "SELECT count(*) FROM orders a, orders b, orders c, orders d, orders e, orders f";
    const runaway = verify(PATIENT, { ...countRow, gt_sql: countRow.gt_sql }, block(query)).finally(() => (settled = true));
    const others = await Promise.all([
      fetch(running.stack.headUrl).then((res) => res.status),
      verify("string_match", examples("string_match")[0], "\\boxed{desserts}").then((v) => v.reward),
      verify("bird_sql", denver, block(denver.gt_sql)).then((v) => v.reward),
      verify("spider2_lite", spider[2], block(spider[2].gold_sql)).then((v) => v.reward),
    ]);
    expect(settled).toBe(false);
    expect(others).toEqual([200, 1, 1, 1]);
    expect(await runaway).toMatchObject({ reward: 0, failure_reason: "timeout" });
  });
});
