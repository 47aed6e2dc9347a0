// Text-to-SQL: a hostile model's SQL against bird_sql's and spider2_lite's /verify. Runaway
// queries in many spellings (endless recursion however the recursive reference is written, joins
// too heavy to finish, size-amplifying functions per value and per row, sorts and DISTINCT sets
// that grow without end), writes smuggled past the read-only check, and results that mimic the
// runner's own protocol or lean on number precision. Each is scored against the verdict on the
// answer itself: a runaway is 0 with `timeout` or `over_budget`, a heavy but legal query that is
// right is 1, a write is 0 with `not_read_only`, a near miss is 0. A reward that differs is a
// changed reward; a non-200, a failure class or no answer in time is a dropped sample (the model
// turned its own answer into an infrastructure failure). Most runaways hit sql.yaml's instances (a
// deadline of 2 s of the query's CPU time), alongside right heavy queries that must still score 1
// on the loaded machine; one hits a bundled instance at its 30 s.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../plan/registry.ts";
import type { Attack, AttackContext, AttackResult } from "./attack.ts";

const CONFIG = "scripts/bench/attacks/sql.yaml";
const SHORT = { bird: "sql_attack_bird", spider: "sql_attack_spider" } as const;
// The servers' own bound: past it a sandbox call is sandbox_failed (sandbox_timeout_s). A runaway
// at the bundled deadline takes its 30 s of CPU time, more on a busy machine.
const DEADLINE_MS = 150_000;
const RUNAWAY = ["timeout", "over_budget"];

type Row = Record<string, any>;

/** A query and the verdict it must get: its reward, and the failure reasons that verdict allows. */
interface Probe {
  query: string;
  reward: 0 | 1;
  reasons: string[];
}

const runaway = (query: string): Probe => ({ query, reward: 0, reasons: RUNAWAY });
const right = (query: string): Probe => ({ query, reward: 1, reasons: ["none"] });
const wrong = (query: string, reasons = ["wrong_result"]): Probe => ({ query, reward: 0, reasons });

const firstRow = (env: string): Row => JSON.parse(readFileSync(join(ROOT, `workers/resources/${env}/data/example.jsonl`), "utf8").split("\n")[0]!) as Row;
// Rows whose gold query is the attack's own, on each environment's bundled database.
const birdRow = (gold: string): Row => ({ ...firstRow("bird_sql"), gt_sql: gold });
const spiderRow = (gold: string): Row => ({ ...firstRow("spider2_lite"), gold_sql: gold, ignore_order: true, condition_cols: [] });

// Endless recursion, with the recursive reference written every way SQLite reads it.
const recursions = (t: string) => [
  "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM (c)) SELECT count(*) FROM c",
  "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM ((c))) SELECT count(*) FROM c",
  "WITH c(i) AS (SELECT 1 UNION ALL SELECT x.i + 1 FROM c AS x) SELECT max(i) FROM c",
  'WITH RECURSIVE "c"(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM [c] LIMIT -1) SELECT count(*) FROM `c`',
  `WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT c.i + 1 FROM ${t} JOIN c ON ${t}.rowid = 1) SELECT count(*) FROM c`,
  "WITH RECURSIVE c(i) AS (SELECT 1 UNION SELECT i + 1 FROM c) SELECT count(*) FROM c",
  "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c), d AS (SELECT i FROM c WHERE i < 0) SELECT count(*) FROM d",
  "SELECT (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c)",
];

// Work and size: joins, sorts and sets too big, values amplified once and per row.
const heavy = (t: string) => [
  `SELECT count(*) FROM ${t} a, ${t} b, ${t} c, ${t} d, ${t} e`,
  `SELECT a.rowid FROM ${t} a, ${t} b, ${t} c ORDER BY random() LIMIT 1`,
  `SELECT count(DISTINCT a.rowid || '-' || b.rowid || '-' || c.rowid || '-' || d.rowid) FROM ${t} a, ${t} b, ${t} c, ${t} d`,
  "SELECT length(replace(hex(zeroblob(1000000)), '0', 'ab'))",
  `SELECT sum(length(replace(hex(zeroblob(200000 + a.rowid)), '0', 'ab'))) FROM ${t} a, ${t} b`,
  `SELECT sum(length(printf('%.*c', 900000 + b.rowid, 'x'))) FROM ${t} a, ${t} b`,
  "SELECT length(randomblob(2000000000))",
  `SELECT length(group_concat(hex(randomblob(1000)))) FROM ${t} a, ${t} b`,
  "WITH RECURSIVE s(x) AS (SELECT 'ab' UNION ALL SELECT x || x FROM s) SELECT max(length(x)) FROM s",
  "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i, hex(randomblob(100)) FROM c",
];

async function verify(context: AttackContext, worker: string, row: Row, query: string): Promise<{ status: number; body: Row }> {
  const text = `Here is the query.\n\`\`\`sql\n${query}\n\`\`\``;
  const response = { id: "attack", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] };
  try {
    const res = await fetch(`${context.url(worker)}/verify`, { method: "POST", headers: context.headers, body: JSON.stringify({ ...row, response }), signal: AbortSignal.timeout(DEADLINE_MS) });
    return { status: res.status, body: (await res.json()) as Row };
  } catch {
    return { status: 0, body: {} };
  }
}

/** Sends every probe at once and counts what came back against its verdict. */
async function probe(context: AttackContext, probes: { worker: string; row: Row; probe: Probe }[]): Promise<AttackResult> {
  const result = { attempts: 0, rewards_changed: 0, samples_dropped: 0 };
  const reasons: Record<string, number> = {};
  const slowest = { ms: 0 };
  await Promise.all(
    probes.map(async ({ worker, row, probe: { query, reward, reasons: allowed } }) => {
      const began = performance.now();
      const { status, body } = await verify(context, worker, row, query);
      slowest.ms = Math.max(slowest.ms, performance.now() - began);
      result.attempts++;
      if (status !== 200 || body._ng_failure_class !== undefined || typeof body.reward !== "number") {
        result.samples_dropped++;
        reasons[`dropped:${status}:${body._ng_failure_class ?? ""}`] = (reasons[`dropped:${status}:${body._ng_failure_class ?? ""}`] ?? 0) + 1;
        return;
      }
      reasons[body.failure_reason] = (reasons[body.failure_reason] ?? 0) + 1;
      if (body.reward !== reward || !allowed.includes(body.failure_reason)) result.rewards_changed++;
    }),
  );
  return { ...result, detail: { failure_reasons: reasons, slowest_ms: Math.round(slowest.ms) } };
}

const runaways: Attack = {
  surface: "sql",
  name: "runaway_queries",
  needs: [SHORT.bird, SHORT.spider],
  configs: [CONFIG],
  run: (context) =>
    probe(context, [
      ...[...recursions("orders"), ...heavy("orders")].map((query) => ({ worker: SHORT.bird, row: birdRow("SELECT 1"), probe: runaway(query) })),
      // spider2_lite shares the runner: a few of the same, on its own database.
      ...[...recursions("rental").slice(0, 2), ...heavy("rental").slice(0, 6)].map((query) => ({ worker: SHORT.spider, row: spiderRow("SELECT 1"), probe: runaway(query) })),
      // Heavy but legal, and right: each finishes well inside the deadline.
      { worker: SHORT.bird, row: birdRow("SELECT 46656000"), probe: right("SELECT count(*) FROM orders a, orders b, orders c") },
      { worker: SHORT.bird, row: birdRow("SELECT 1000000"), probe: right("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM (c) WHERE i < 1000000) SELECT count(*) FROM c") },
      { worker: SHORT.bird, row: birdRow("SELECT 800000"), probe: right("SELECT length(replace(hex(zeroblob(200000)), '0', 'ab'))") },
      { worker: SHORT.spider, row: spiderRow("SELECT 51435000"), probe: right("SELECT count(*) FROM rental a, rental b, film_actor c") },
    ]),
};

const runawaysAtDefaults: Attack = {
  surface: "sql",
  name: "runaway_queries_at_the_bundled_deadline",
  needs: ["bird_sql", "spider2_lite"],
  run: (context) =>
    probe(context, [
      { worker: "bird_sql", row: birdRow("SELECT 1"), probe: runaway(recursions("orders")[0]!) },
      { worker: "bird_sql", row: birdRow("SELECT 1"), probe: runaway(heavy("orders")[3]!) },
      { worker: "spider2_lite", row: spiderRow("SELECT 1"), probe: runaway(heavy("rental")[6]!) },
      { worker: "bird_sql", row: birdRow("SELECT 46656000"), probe: right("SELECT count(*) FROM orders a, orders b, orders c") },
      { worker: "spider2_lite", row: spiderRow("SELECT 51435000"), probe: right("SELECT count(*) FROM rental a, rental b, film_actor c") },
    ]),
};

// Gold answers are 8 and 9007199254740993 (past 2^53); the probes try to pass without being them.
const FORGED = '@@edge-gym-sql-ready@@\n{"kind": "rows", "columns": ["x"], "rows": [["i8"]]}';
const smuggled: Attack = {
  surface: "sql",
  name: "writes_forged_answers_and_precision",
  needs: [SHORT.bird, SHORT.spider],
  configs: [CONFIG],
  run: (context) => {
    const eight = (probe: Probe) => ({ worker: SHORT.bird, row: birdRow("SELECT 8"), probe });
    const big = (probe: Probe) => ({ worker: SHORT.bird, row: birdRow("SELECT 9007199254740993"), probe });
    const notReadOnly = (query: string) => eight(wrong(query, ["not_read_only"]));
    return probe(context, [
      ...[
        "DELETE FROM orders",
        "WITH x AS (SELECT 1) DELETE FROM orders WHERE order_id IN x",
        "INSERT INTO orders SELECT * FROM orders RETURNING 8",
        "UPDATE orders SET status = 'x' RETURNING 8",
        "CREATE TABLE t AS SELECT 8",
        "ATTACH ':memory:' AS m",
        "PRAGMA query_only = 0",
        "VACUUM INTO 'x.db'",
        "BEGIN",
        "SELECT 8; DROP TABLE orders",
      ].map(notReadOnly),
      eight(wrong("SELECT 8; SELECT 8", ["not_read_only"])),
      eight(wrong(`SELECT '${FORGED.replaceAll("'", "''")}'`)),
      eight(wrong(`SELECT 7 AS "${FORGED.replaceAll('"', '""')}"`)),
      eight(wrong("SELECT '8'")),
      eight(wrong("SELECT x'38'")),
      eight(wrong("SELECT 8.000000001")),
      eight(right("SELECT 8.0")),
      eight(right("SELECT count(*) FROM (SELECT 1 FROM orders LIMIT 8)")),
      big(wrong("SELECT 9007199254740992")),
      big(wrong("SELECT 9007199254740994")),
      big(wrong("SELECT 9007199254740993.0")),
      big(right("SELECT 9007199254740992 + 1")),
      { worker: SHORT.spider, row: spiderRow("SELECT 8"), probe: wrong("SELECT 'abc'") },
      { worker: SHORT.spider, row: spiderRow("SELECT 8"), probe: wrong("DROP TABLE rental", ["not_read_only"]) },
      { worker: SHORT.spider, row: spiderRow("SELECT 8"), probe: right("SELECT 8.004") },
    ]);
  },
};

export const attacks: Attack[] = [runaways, runawaysAtDefaults, smuggled];
