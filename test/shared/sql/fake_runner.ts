// What the SQL runner (shared/sql/run_query.py) prints, for workerd tests whose sandbox is a
// stand-in (test/workerd/fake_sandbox.ts): the ready line, then its answer, values as typed text
// ("i8", "f8.0", "sAva", "b00ff", null). The real runner is tested through the stack
// (query.node.test.ts).
import type { RunRequest, RunResult } from "../../../shared/sandbox/schema.ts";
import { READY } from "../../../shared/sql/query.ts";

export type Cell = string | null;

export const rowsRun = (columns: string[], rows: Cell[][]): Partial<RunResult> => ({ stdout: `${READY}\n${JSON.stringify({ kind: "rows", columns, rows })}\n` });

export const refusedRun = (reason: string, message: string): Partial<RunResult> => ({ stdout: `${READY}\n${JSON.stringify({ kind: "refused", reason, message })}\n` });

/** The query a request asks the runner to run, and the bounds it sends. */
export const runnerInput = (request: RunRequest) => JSON.parse(request.stdin) as { sql: string; ready: string; max_rows: number; max_bytes: number; deadline_s: number; wall_s: number; max_sql_bytes: number };
