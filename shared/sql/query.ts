// One query on one database, run where model-written SQL belongs: in the code sandbox, a process
// of its own with a wall-clock limit that kills it. Our runner (run_query.py) builds the database
// from its script (or opens a real one the sandbox mounts read-only: folders.ts), runs the query
// read-only under SQLite's limits, and interrupts it at its deadlines (its own CPU time, and
// wall-clock time); the sandbox kills the run if that fails.
// Nothing else waits: the Worker only awaits an HTTP answer. Whose failure it is depends on when:
// before the runner says the database is ready, the sandbox's (VerifierFailure, no reward); after,
// the query's (`timeout`, `over_budget`, ...), a verdict like any other.
import { SANDBOX_FAILED, runInSandbox } from "../sandbox/client.ts";
import type { Sandbox } from "../sandbox/client.ts";
import { DATABASE_MOUNT, LIMIT_DEFAULTS, LIMIT_MAXIMA } from "../sandbox/schema.ts";
import type { RunResult } from "../sandbox/schema.ts";
import { VerifierFailure } from "../resources/failure.ts";
import { pythonFloat } from "../verifiers/python_float.ts";
import { z } from "../zod.ts";
import RUNNER from "./run_query.py" with { type: "text" };
import { GRACE_S, MAX_SQL_BYTES, OUTPUT_SLACK_BYTES, QUERY_WALL_S, STARTUP_S } from "./settings.ts";
import type { QueryBudget } from "./settings.ts";
import type { Rows, SqlValue } from "./values.ts";

export type RefusalReason = "execution_error" | "not_read_only" | "over_budget" | "timeout";

export type QueryAnswer = { kind: "rows"; columns: string[]; rows: Rows } | { kind: "refused"; reason: RefusalReason; message: string };

/** The failure class of a database script that does not load: the environment's data is broken. */
export const DATABASE_UNAVAILABLE = "database_unavailable";

/** The line the runner prints once the database is built. */
export const READY = "@@edge-gym-sql-ready@@";
// The runner's address space: Python, SQLite's heap (capped at 256 MiB there) and the result.
const MEMORY_MB = 1024;

// What the runner prints after READY. A value is typed text: "i<integer>", "f<float's repr>",
// "s<text>", "b<hex>", or null.
const VALUE = /^(?:i-?\d+|f(?:-?inf|-?\d+\.\d+(?:e[+-]\d+)?|-?\d+e[+-]\d+)|s[\s\S]*|b(?:[0-9a-f]{2})*)$/;
const RunnerAnswer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("rows"), columns: z.array(z.string()), rows: z.array(z.array(z.string().regex(VALUE).nullable())) }),
  z.object({ kind: z.literal("refused"), reason: z.enum(["execution_error", "not_read_only", "over_budget", "timeout"]), message: z.string() }),
]);
const LoadFailed = z.object({ kind: z.literal("load_failed"), message: z.string() });

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

function bytes(hex: string): ArrayBuffer {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out.buffer;
}

function value(text: string | null): SqlValue {
  if (text === null) return null;
  const body = text.slice(1);
  if (text[0] === "i") return BigInt(body);
  if (text[0] === "f") return pythonFloat(body)!;
  return text[0] === "s" ? body : bytes(body);
}

/** A database: the SQL script that builds it (bundled), or a file of a folder the sandbox has (folders.ts). */
export type DatabaseSource = { script: string } | { folder: string; id: string };

/** The sandbox request that runs `sql` on database `source`. */
export function queryRun(source: DatabaseSource, sql: string, budget: QueryBudget) {
  const built = "script" in source;
  // Room for the database file the runner builds (the run's largest file and its workspace); a mounted one takes none.
  const fileBytes = Math.min(LIMIT_MAXIMA.file_bytes, Math.max(LIMIT_DEFAULTS.file_bytes, built ? 8 * utf8Bytes(source.script) : 0));
  return {
    language: "python" as const,
    ...(built ? { files: { "main.py": RUNNER, "database.sql": source.script } as Record<string, string> } : { files: { "main.py": RUNNER }, database: source }),
    stdin: JSON.stringify({ sql, ready: READY, mounted: built ? null : DATABASE_MOUNT, max_rows: budget.maxRows, max_bytes: budget.maxBytes, deadline_s: budget.deadlineS, wall_s: QUERY_WALL_S, max_sql_bytes: MAX_SQL_BYTES }),
    limits: { wall_s: STARTUP_S + QUERY_WALL_S + GRACE_S, cpu_s: Math.ceil(STARTUP_S + budget.deadlineS + GRACE_S), memory_mb: MEMORY_MB, output_bytes: budget.maxBytes + OUTPUT_SLACK_BYTES, file_bytes: fileBytes },
  };
}

const ending = (run: RunResult) => (run.timed_out ? "killed at its wall limit" : run.signal !== null ? `killed by ${run.signal}` : `exit code ${run.exit_code}`);

function parsed<T>(schema: z.ZodType<T>, line: string | undefined): T | undefined {
  if (line === undefined) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(line));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** The query's answer from the runner's run (see the top of the file for whose failure is whose). */
export function answerOf(run: RunResult, budget: QueryBudget): QueryAnswer {
  const [first, second] = run.stdout.split("\n");
  if (first !== READY) {
    const load = parsed(LoadFailed, first);
    if (load) throw new VerifierFailure(DATABASE_UNAVAILABLE, `the database script did not load: ${load.message}`);
    throw new VerifierFailure(SANDBOX_FAILED, `the SQL runner stopped before the database was ready (${ending(run)}): ${run.stderr.slice(-300)}`);
  }
  const answer = parsed(RunnerAnswer, second);
  if (answer?.kind === "rows") return { kind: "rows", columns: answer.columns, rows: answer.rows.map((row) => row.map(value)) };
  if (answer) return answer;
  // The query was running when the process ended without a readable answer.
  if (run.timed_out || run.signal === "SIGXCPU") return { kind: "refused", reason: "timeout", message: `the query did not finish within ${budget.deadlineS} s (or ${QUERY_WALL_S} s of wall-clock time)` };
  if (run.out_of_memory) return { kind: "refused", reason: "over_budget", message: "the query ran out of memory" };
  if (run.output_truncated) return { kind: "refused", reason: "over_budget", message: "the query's answer is over the sandbox's output limit" };
  const what = second ? "answered something unreadable" : "ended without an answer";
  throw new VerifierFailure(SANDBOX_FAILED, `the SQL runner ${what} (${ending(run)}): ${run.stderr.slice(-300)}`);
}

/** Runs `sql` on database `source`, in the sandbox. A sandbox that cannot run it throws VerifierFailure. */
export async function runQuery(sandbox: Sandbox, source: DatabaseSource, sql: string, budget: QueryBudget): Promise<QueryAnswer> {
  // Over SQLite's bound it would be refused there; refused here, it cannot outgrow the sandbox's request limit.
  if (utf8Bytes(sql) > MAX_SQL_BYTES) return { kind: "refused", reason: "over_budget", message: `the SQL is over ${MAX_SQL_BYTES} bytes` };
  return answerOf(await runInSandbox(sandbox, queryRun(source, sql, budget)), budget);
}
