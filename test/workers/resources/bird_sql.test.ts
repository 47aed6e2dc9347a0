// bird_sql in workerd, with a stand-in sandbox that answers as the SQL runner does: what the
// server sends to run (the runner, the row's database script, the query and its bounds), how it
// grades the answers (equal as sets of rows, values typed as Python's sqlite3 types them), and
// whose every failure is: the model's (failure_reason, reward 0) or the infrastructure's
// (_ng_failure_class, no reward). The real runner in the real sandbox: test/shared/sql/query.node.test.ts.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/bird_sql/index.ts";
import { extractSql, hasSqlCodeblock } from "../../../workers/resources/bird_sql/extract.ts";
import { DATABASE_MOUNT } from "../../../shared/sandbox/schema.ts";
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { READY } from "../../../shared/sql/query.ts";
import runner from "../../../shared/sql/run_query.py" with { type: "text" };
import retailOrders from "../../../workers/resources/bird_sql/data/databases/retail_orders.sql" with { type: "text" };
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandbox } from "../../workerd/fake_sandbox.ts";
import { refusedRun, rowsRun, runnerInput } from "../../shared/sql/fake_runner.ts";
import examples from "../../../workers/resources/bird_sql/data/example.jsonl?raw";

const rows = examples.trim().split("\n").map((line) => JSON.parse(line));
const denver = rows[1];
const answer = (text: string) => ({ id: "r1", output: [assistantMessage(text)] });
const sql = (query: string) => `Let me think.\n\`\`\`sql\n${query}\n\`\`\``;
const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };

// Per query, what the runner answers; the gold query of a test row answers GOLD.
let answers: (sql: string) => Partial<RunResult>;
const requests = useFakeSandbox((request) => answers(runnerInput(request).sql));
const ran = () => requests.map((r) => runnerInput(r).sql);

async function verify(row: Record<string, unknown>, text: string, config: object = CONFIG) {
  const res = await client(server, serverEnv("bird_sql", { INSTANCE_CONFIG: config })).post("/verify", { ...row, response: answer(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A row whose gold query is `gold` (unique per test: gold answers are remembered per isolate). */
let goldCount = 0;
function rowWithGold(gold: (string | null)[][], replies: Record<string, Partial<RunResult>>) {
  const gt_sql = `SELECT 'gold ${++goldCount}'`;
  answers = (query) => (query === gt_sql ? rowsRun(["x"], gold) : replies[query] ?? refusedRun("execution_error", `no canned answer for ${query}`));
  return { ...denver, gt_sql };
}

describe("bird_sql: what runs in the sandbox", () => {
  test("the gold and the reply's SQL each run once, as the runner on the row's database, under the instance's bounds", async () => {
    const row = rowWithGold([["sAva", "sNguyen"]], { "SELECT first_name, last_name FROM customers": rowsRun(["first_name", "last_name"], [["sAva", "sNguyen"]]) });
    expect(await verify(row, sql("SELECT first_name, last_name FROM customers"))).toMatchObject({ reward: 1, execution_match: true, failure_reason: "none", sql_error: null });
    expect(ran()).toEqual([row.gt_sql, "SELECT first_name, last_name FROM customers"]);
    for (const request of requests) {
      expect(request.files).toEqual({ "main.py": runner, "database.sql": retailOrders });
      expect(request.language).toBe("python");
      // 30 s of the query's own CPU time, or what the sandbox's 120 s leave of wall-clock time.
      expect(runnerInput(request)).toMatchObject({ ready: READY, max_rows: 10_000, max_bytes: 983_040, deadline_s: 30, wall_s: 108, max_sql_bytes: 1_000_000 });
      // The deadlines, plus time to start and build the database, plus a grace before the kill.
      expect(request.limits).toMatchObject({ wall_s: 120, cpu_s: 42, memory_mb: 1024, output_bytes: 983_040 + 65_536 });
    }
  });

  test("the instance's bounds go to the runner, and the sandbox's limits follow the deadline", async () => {
    const row = rowWithGold([["i1"]], { "SELECT 1": rowsRun(["1"], [["i1"]]) });
    await verify(row, sql("SELECT 1"), { ...CONFIG, sql_execution_timeout_s: 2.5, max_result_rows: 50, max_result_bytes: 1000 });
    expect(runnerInput(requests.at(-1)!)).toMatchObject({ max_rows: 50, max_bytes: 1000, deadline_s: 2.5, wall_s: 108 });
    expect(requests.at(-1)!.limits).toMatchObject({ wall_s: 120, cpu_s: 15, output_bytes: 1000 + 65_536 });
  });

  test("a reply without a ```sql block runs nothing", async () => {
    const row = rowWithGold([["i8"]], {});
    expect(await verify(row, "The answer is 8.")).toMatchObject({ reward: 0, extracted_sql: "SELECT 1", had_codeblock: false, execution_match: false, failure_reason: "no_sql_extracted" });
    expect(await verify(row, "")).toMatchObject({ reward: 0, failure_reason: "no_sql_extracted" });
    expect(requests).toEqual([]);
  });
});

describe("bird_sql: execution match", () => {
  test("the response carries the reference's fields, and echoes the row", async () => {
    const query = "SELECT first_name, last_name FROM customers WHERE city = 'Denver' AND segment = 'Corporate'";
    const row = rowWithGold([["sAva", "sNguyen"]], { [query]: rowsRun(["first_name", "last_name"], [["sAva", "sNguyen"]]) });
    expect(await verify(row, sql(query))).toMatchObject({
      ...row,
      reward: 1,
      model_output: sql(query),
      extracted_sql: query,
      had_codeblock: true,
      execution_match: true,
      failure_reason: "none",
      sql_error: null,
      difficulty: "simple",
      id: 1,
    });
  });

  test("rows compare as a set: order and duplicates do not matter, column order does", async () => {
    const row = rowWithGold([["sAva", "sNguyen"], ["sLeo", "sKim"]], {
      reversed: rowsRun(["a", "b"], [["sLeo", "sKim"], ["sAva", "sNguyen"]]),
      doubled: rowsRun(["a", "b"], [["sLeo", "sKim"], ["sAva", "sNguyen"], ["sLeo", "sKim"]]),
      swapped: rowsRun(["b", "a"], [["sNguyen", "sAva"], ["sKim", "sLeo"]]),
      short: rowsRun(["a", "b"], [["sAva", "sNguyen"]]),
    });
    expect(await verify(row, sql("reversed"))).toMatchObject({ reward: 1 });
    expect(await verify(row, sql("doubled"))).toMatchObject({ reward: 1 });
    expect(await verify(row, sql("swapped"))).toMatchObject({ reward: 0, execution_match: false, failure_reason: "wrong_result" });
    expect(await verify(row, sql("short"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
  });

  test("values compare as Python compares them: 8 equals 8.0, not '8'; integers exactly, past 2^53 too", async () => {
    const eight = rowWithGold([["i8"]], { float: rowsRun(["x"], [["f8.0"]]), text: rowsRun(["x"], [["s8"]]), blob: rowsRun(["x"], [["b38"]]) });
    expect(await verify(eight, sql("float"))).toMatchObject({ reward: 1 });
    expect(await verify(eight, sql("text"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    expect(await verify(eight, sql("blob"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    const big = rowWithGold([["i9007199254740993"]], {
      same: rowsRun(["x"], [["i9007199254740993"]]),
      nextDown: rowsRun(["x"], [["i9007199254740992"]]),
      asFloat: rowsRun(["x"], [["f9007199254740992.0"]]),
    });
    expect(await verify(big, sql("same"))).toMatchObject({ reward: 1 });
    expect(await verify(big, sql("nextDown"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    expect(await verify(big, sql("asFloat"))).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
    const null_ = rowWithGold([[null]], { zero: rowsRun(["x"], [["i0"]]), empty: rowsRun(["x"], [["s"]]) });
    expect(await verify(null_, sql("zero"))).toMatchObject({ reward: 0 });
    expect(await verify(null_, sql("empty"))).toMatchObject({ reward: 0 });
  });

  test("a task's gold query runs once, however many rollouts are verified", async () => {
    const row = rowWithGold([["i8"]], { "SELECT 8": rowsRun(["8"], [["i8"]]), "SELECT 7": rowsRun(["7"], [["i7"]]) });
    for (const text of [sql("SELECT 8"), "no SQL", sql("SELECT 7"), sql("SELECT 8")]) await verify(row, text);
    expect(ran().filter((q) => q === row.gt_sql)).toHaveLength(1);
    expect(ran()).toHaveLength(4);
  });
});

describe("bird_sql: the model's failures score 0, with their reason", () => {
  test.each([
    ["execution_error", "no such column: avg_reading"],
    ["not_read_only", "only a query (SELECT) is run: not authorized"],
    ["over_budget", "string or blob too big"],
    ["timeout", "the query did not finish within 30 s"],
  ])("the runner's %s", async (reason, message) => {
    const row = rowWithGold([["i8"]], { "SELECT x": refusedRun(reason, message) });
    expect(await verify(row, sql("SELECT x"))).toMatchObject({ reward: 0, execution_match: false, failure_reason: reason, sql_error: message });
  });

  test("SQL longer than SQLite's bound is over_budget, and never sent to the sandbox", async () => {
    const row = rowWithGold([["i8"]], {});
    const long = `SELECT '${"x".repeat(1_000_000)}'`;
    expect(await verify(row, sql(long))).toMatchObject({ reward: 0, failure_reason: "over_budget", sql_error: "the SQL is over 1000000 bytes" });
    expect(ran()).toEqual([row.gt_sql]);
  });

  test("a run the sandbox ends after the database was ready is the query's: killed at the wall limit or by SIGXCPU is timeout, out of memory or output over_budget", async () => {
    const running = { stdout: `${READY}\n`, exit_code: null };
    const row = rowWithGold([["i8"]], {
      wall: { ...running, timed_out: true, signal: "SIGKILL" },
      cpu: { ...running, signal: "SIGXCPU" },
      memory: { ...running, signal: "SIGSEGV", out_of_memory: true },
      flood: { stdout: `${READY}\n{"kind": "rows", "columns": ["x"], "rows": [["sxxxx`, output_truncated: true },
    });
    expect(await verify(row, sql("wall"))).toMatchObject({ reward: 0, failure_reason: "timeout", sql_error: "the query did not finish within 30 s (or 108 s of wall-clock time)" });
    expect(await verify(row, sql("cpu"))).toMatchObject({ reward: 0, failure_reason: "timeout" });
    expect(await verify(row, sql("memory"))).toMatchObject({ reward: 0, failure_reason: "over_budget", sql_error: "the query ran out of memory" });
    expect(await verify(row, sql("flood"))).toMatchObject({ reward: 0, failure_reason: "over_budget" });
  });
});

describe("bird_sql: failures that are not the model's give no reward", () => {
  async function failure(row: Record<string, unknown>, text: string, failureClass: string, message: RegExp) {
    const body = await verify(row, text);
    expect(body).toMatchObject({ _ng_failure_class: failureClass, error: { type: failureClass, message: expect.stringMatching(message) } });
    expect(body).not.toHaveProperty("reward");
  }

  test("a gold SQL that fails is gold_execution_error", async () => {
    const row = rowWithGold([], {});
    answers = (query) => (query === row.gt_sql ? refusedRun("execution_error", "no such column: nope") : rowsRun(["x"], []));
    await failure(row, sql("SELECT 1"), "gold_execution_error", /no such column: nope/);
  });

  test("a gold SQL past its deadline is gold_execution_error, and not remembered: the next rollout runs it again", async () => {
    const row = rowWithGold([], {});
    answers = (query) => (query === row.gt_sql ? { stdout: `${READY}\n`, timed_out: true, exit_code: null, signal: "SIGKILL" } : rowsRun(["x"], [["i8"]]));
    await failure(row, sql("SELECT 8"), "gold_execution_error", /\(timeout\)/);
    answers = () => rowsRun(["x"], [["i8"]]);
    expect(await verify(row, sql("SELECT 8"))).toMatchObject({ reward: 1 });
    expect(ran().filter((q) => q === row.gt_sql)).toHaveLength(2);
  });

  test("a sandbox that does not answer, or answers an error, is sandbox_failed", async () => {
    const row = rowWithGold([["i8"]], {});
    globalThis.fetch = (async () => new Response("full", { status: 503 })) as typeof fetch;
    await failure(row, sql("SELECT 8"), "sandbox_failed", /answered 503/);
  });

  test("a run that ends before the database is ready is sandbox_failed, whatever the query", async () => {
    const row = rowWithGold([["i8"]], {
      slow: { stdout: "", timed_out: true, exit_code: null, signal: "SIGKILL" },
      crashed: { stdout: "", exit_code: 1, stderr: "Traceback ...\nOSError: [Errno 28] No space left on device" },
    });
    await failure(row, sql("slow"), "sandbox_failed", /before the database was ready \(killed at its wall limit\)/);
    await failure(row, sql("crashed"), "sandbox_failed", /No space left on device/);
  });

  test("a runner that ends after the database is ready without an answer, or answers nonsense, is sandbox_failed", async () => {
    const row = rowWithGold([["i8"]], {
      silent: { stdout: `${READY}\n`, exit_code: 1, stderr: "Traceback ..." },
      garbled: { stdout: `${READY}\n{"kind": "rows", "columns": ["x"], "rows": [["x8"]]}\n` },
    });
    await failure(row, sql("silent"), "sandbox_failed", /ended without an answer \(exit code 1\)/);
    await failure(row, sql("garbled"), "sandbox_failed", /answered something unreadable/);
  });

  test("a database script that does not load is database_unavailable", async () => {
    const row = rowWithGold([["i8"]], {});
    answers = () => ({ stdout: `${JSON.stringify({ kind: "load_failed", message: "near \"CREAT\": syntax error" })}\n`, exit_code: 0 });
    await failure(row, sql("SELECT 8"), "database_unavailable", /did not load: near "CREAT": syntax error/);
  });
});

describe("bird_sql: real databases (bird_sql_dir)", () => {
  const california = { ...denver, db_id: "california_schools", gt_sql: "SELECT 'california gold'" };

  test("a db_id not bundled runs on the database of that name in the folder: named to the sandbox, mounted, no script sent", async () => {
    answers = () => rowsRun(["x"], [["i1"]]);
    expect(await verify(california, sql("SELECT 1"), { ...CONFIG, bird_sql_dir: "/data/bird" })).toMatchObject({ reward: 1, execution_match: true });
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.database).toEqual({ folder: "/data/bird", id: "california_schools" });
      expect(request.files).toEqual({ "main.py": runner });
      expect(runnerInput(request)).toMatchObject({ mounted: DATABASE_MOUNT });
    }
  });

  test("a bundled db_id stays bundled whatever the folder holds", async () => {
    const row = rowWithGold([["i1"]], { "SELECT 1": rowsRun(["1"], [["i1"]]) });
    await verify(row, sql("SELECT 1"), { ...CONFIG, bird_sql_dir: "/data/bird" });
    for (const request of requests) expect(request).toMatchObject({ files: { "database.sql": retailOrders } });
    expect(requests[0]).not.toHaveProperty("database");
  });

  test("a db_id neither bundled nor in a folder is database_unavailable, no reward, no query run: it says what loads it", async () => {
    const body = await verify(california, sql("SELECT 1"));
    expect(body).toMatchObject({ _ng_failure_class: "database_unavailable" });
    expect(body.error.message).toBe('no database "california_schools": bird_sql bundles retail_orders, school_scores, and its config sets no bird_sql_dir (a folder of SQLite databases); load it with: edge-gym databases import bird_sql california_schools.sqlite');
    expect(body).not.toHaveProperty("reward");
    expect(requests).toEqual([]);
  });

  test("a folder that lacks it (the sandbox answers 404) is an infrastructure failure, never a reward", async () => {
    globalThis.fetch = (async () => new Response(JSON.stringify({ error: "no california_schools/california_schools.sqlite in /data/bird" }), { status: 404 })) as typeof fetch;
    const body = await verify(california, sql("SELECT 1"), { ...CONFIG, bird_sql_dir: "/data/bird" });
    expect(body).toMatchObject({ _ng_failure_class: "sandbox_failed", error: { message: expect.stringContaining("no california_schools/california_schools.sqlite in /data/bird") } });
    expect(body).not.toHaveProperty("reward");
  });
});

describe("bird_sql: bad input", () => {
  test.each(["../../etc/passwd", "/etc/passwd", "california_schools/../x", "..", ""])("a db_id that is not a database name is a 400 at db_id: %j", async (id) => {
    const res = await client(server, serverEnv("bird_sql", { INSTANCE_CONFIG: { ...CONFIG, bird_sql_dir: "/data/bird" } })).post("/verify", { ...rows[0], db_id: id, response: answer(sql("SELECT 1")) });
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["db_id"]);
    expect(requests).toEqual([]);
  });

  test("missing task fields are 400s with their paths", async () => {
    const { gt_sql: _gold, ...row } = rows[0];
    const res = await client(server, serverEnv("bird_sql", { INSTANCE_CONFIG: CONFIG })).post("/verify", { ...row, response: answer("") });
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

// Verify responses (tasks and rollouts out of order, uneven k) and what NeMo Gym's own
// compute_metrics and get_key_metrics return for them (run on these rollouts, pinned).
const ROLLOUTS = [
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0, "extracted_sql": "SELECT 2", "response": {"usage": {"input_tokens": 10, "output_tokens": 5}}, "difficulty": "simple"},
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1, "extracted_sql": "SELECT 1", "response": {"usage": {"input_tokens": 12, "output_tokens": 5}}, "difficulty": "simple"},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 1, "extracted_sql": "SELECT 1", "response": {"usage": {"input_tokens": 13, "output_tokens": 5}}, "difficulty": "simple"},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0, "extracted_sql": null, "response": {"usage": {"input_tokens": 14, "output_tokens": 5}}, "difficulty": "moderate"},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1, "extracted_sql": "SELECT a", "response": {"usage": {"input_tokens": 15, "output_tokens": 5}}, "difficulty": "moderate"},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 1, "extracted_sql": "SELECT b", "response": {"usage": {"input_tokens": 16, "output_tokens": 5}}, "difficulty": "challenging"},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0, "extracted_sql": "SELECT c", "response": {"usage": {"input_tokens": 17, "output_tokens": 5}}, "difficulty": "challenging"},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 0, "extracted_sql": "SELECT c", "response": {"usage": {"input_tokens": 18, "output_tokens": 5}}, "difficulty": "challenging"},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0, "extracted_sql": null, "response": {"usage": {"input_tokens": 19, "output_tokens": 5}}, "difficulty": null},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 1, "extracted_sql": "SELECT d", "response": {"usage": {"input_tokens": 20, "output_tokens": 5}}},
];
const NEMO_METRICS: Record<string, unknown> = {
  "challenging/majority@1/accuracy": 100.0,
  "challenging/majority@1/no_answer": 0.0,
  "challenging/majority@2/accuracy": 50.0,
  "challenging/majority@2/no_answer": 0.0,
  "challenging/majority@3/accuracy": 0.0,
  "challenging/majority@3/no_answer": 0.0,
  "challenging/pass@1/accuracy": 33.333333333333336,
  "challenging/pass@1/no_answer": 0.0,
  "challenging/pass@1[avg-of-1]/accuracy": 100.0,
  "challenging/pass@1[avg-of-1]/no_answer": 0.0,
  "challenging/pass@1[avg-of-2]/accuracy": 50.0,
  "challenging/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "challenging/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "challenging/pass@1[avg-of-2]/no_answer": 0.0,
  "challenging/pass@1[avg-of-2]/no_answer/std_dev_across_runs": 0.0,
  "challenging/pass@1[avg-of-2]/no_answer/std_err_across_runs": 0.0,
  "challenging/pass@1[avg-of-3]/accuracy": 33.33333333333333,
  "challenging/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 57.735026918962575,
  "challenging/pass@1[avg-of-3]/accuracy/std_err_across_runs": 33.333333333333336,
  "challenging/pass@1[avg-of-3]/no_answer": 0.0,
  "challenging/pass@1[avg-of-3]/no_answer/std_dev_across_runs": 0.0,
  "challenging/pass@1[avg-of-3]/no_answer/std_err_across_runs": 0.0,
  "challenging/pass@2/accuracy": 66.66666666666667,
  "challenging/pass@2/no_answer": 0.0,
  "challenging/pass@3/accuracy": 100.0,
  "challenging/pass@3/no_answer": 0.0,
  "majority@1/accuracy": 60.0,
  "majority@1/no_answer": 0.0,
  "majority@2/accuracy": 60.0,
  "majority@2/no_answer": 0.0,
  "majority@3/accuracy": 60.0,
  "majority@3/no_answer": 0.0,
  "moderate/majority@1/accuracy": 0.0,
  "moderate/majority@1/no_answer": 0.0,
  "moderate/majority@2/accuracy": 100.0,
  "moderate/majority@2/no_answer": 0.0,
  "moderate/pass@1/accuracy": 50.0,
  "moderate/pass@1/no_answer": 50.0,
  "moderate/pass@1[avg-of-1]/accuracy": 0.0,
  "moderate/pass@1[avg-of-1]/no_answer": 100.0,
  "moderate/pass@1[avg-of-2]/accuracy": 50.0,
  "moderate/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "moderate/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "moderate/pass@1[avg-of-2]/no_answer": 50.0,
  "moderate/pass@1[avg-of-2]/no_answer/std_dev_across_runs": 70.71067811865476,
  "moderate/pass@1[avg-of-2]/no_answer/std_err_across_runs": 50.0,
  "moderate/pass@2/accuracy": 100.0,
  "moderate/pass@2/no_answer": 100.0,
  "pass@1/accuracy": 50.0,
  "pass@1/no_answer": 30.0,
  "pass@1[avg-of-1]/accuracy": 60.0,
  "pass@1[avg-of-1]/no_answer": 40.0,
  "pass@1[avg-of-2]/accuracy": 50.0,
  "pass@1[avg-of-2]/accuracy/std_dev_across_runs": 18.856180831641264,
  "pass@1[avg-of-2]/accuracy/std_err_across_runs": 13.33333333333333,
  "pass@1[avg-of-2]/no_answer": 30.0,
  "pass@1[avg-of-2]/no_answer/std_dev_across_runs": 28.284271247461902,
  "pass@1[avg-of-2]/no_answer/std_err_across_runs": 20.0,
  "pass@1[avg-of-3]/accuracy": 50.0,
  "pass@1[avg-of-3]/accuracy/std_dev_across_runs": 13.471506281091266,
  "pass@1[avg-of-3]/accuracy/std_err_across_runs": 7.777777777777777,
  "pass@1[avg-of-3]/no_answer": 30.0,
  "pass@1[avg-of-3]/no_answer/std_dev_across_runs": 23.09401076758503,
  "pass@1[avg-of-3]/no_answer/std_err_across_runs": 13.333333333333334,
  "pass@2/accuracy": 88.8888888888889,
  "pass@2/no_answer": 33.333333333333336,
  "pass@3/accuracy": 100.0,
  "pass@3/no_answer": 0.0,
  "per_sample_aggregate": {"accuracy": [60.0, 33.333333333333336, 50.0], "no_answer": [40.0, 0.0, 0.0]},
  "simple/majority@1/accuracy": 100.0,
  "simple/majority@1/no_answer": 0.0,
  "simple/majority@2/accuracy": 50.0,
  "simple/majority@2/no_answer": 0.0,
  "simple/majority@3/accuracy": 100.0,
  "simple/majority@3/no_answer": 0.0,
  "simple/pass@1/accuracy": 66.66666666666667,
  "simple/pass@1/no_answer": 0.0,
  "simple/pass@1[avg-of-1]/accuracy": 100.0,
  "simple/pass@1[avg-of-1]/no_answer": 0.0,
  "simple/pass@1[avg-of-2]/accuracy": 50.0,
  "simple/pass@1[avg-of-2]/accuracy/std_dev_across_runs": 70.71067811865476,
  "simple/pass@1[avg-of-2]/accuracy/std_err_across_runs": 50.0,
  "simple/pass@1[avg-of-2]/no_answer": 0.0,
  "simple/pass@1[avg-of-2]/no_answer/std_dev_across_runs": 0.0,
  "simple/pass@1[avg-of-2]/no_answer/std_err_across_runs": 0.0,
  "simple/pass@1[avg-of-3]/accuracy": 66.66666666666666,
  "simple/pass@1[avg-of-3]/accuracy/std_dev_across_runs": 57.73502691896258,
  "simple/pass@1[avg-of-3]/accuracy/std_err_across_runs": 33.333333333333336,
  "simple/pass@1[avg-of-3]/no_answer": 0.0,
  "simple/pass@1[avg-of-3]/no_answer/std_dev_across_runs": 0.0,
  "simple/pass@1[avg-of-3]/no_answer/std_err_across_runs": 0.0,
  "simple/pass@2/accuracy": 100.0,
  "simple/pass@2/no_answer": 0.0,
  "simple/pass@3/accuracy": 100.0,
  "simple/pass@3/no_answer": 0.0,
};
const NEMO_KEY_METRICS = {
  "challenging/pass@1[avg-of-3]/accuracy": 33.33333333333333,
  "mean/input_tokens": 15.4,
  "mean/output_tokens": 5.0,
  "moderate/pass@1[avg-of-2]/accuracy": 50.0,
  "pass@1[avg-of-3]/accuracy": 50.0,
  "pass@3/accuracy": 100.0,
  "simple/pass@1[avg-of-3]/accuracy": 66.66666666666666,
};
// agent_metrics less the reward profile's statistics of every numeric field: what compute_metrics adds.
const computed = (agent: Record<string, unknown>) => Object.fromEntries(Object.entries(agent).filter(([k]) => !/^(mean|max|min|median|std)\//.test(k)));

describe("aggregate metrics", () => {
  test("pass@k and majority@k over extracted_sql of accuracy (reward above 0), then per difficulty; NeMo Gym's headline with each difficulty's pass@1[avg-of-k]", async () => {
    const res = await client(server, serverEnv("bird_sql")).post("/aggregate_metrics", { verify_responses: ROLLOUTS });
    expect(res.status).toBe(200);
    expect(computed(res.body.agent_metrics)).toEqual(NEMO_METRICS);
    expect(res.body.key_metrics).toEqual(NEMO_KEY_METRICS);
  });
});
