// What a text-to-SQL environment's config says about its queries (Worker-safe: declarations read
// it): the sandbox they run in, and the bounds every query, model's and gold, runs under.
import { SandboxSettings } from "../sandbox/client.ts";
import { LIMIT_MAXIMA } from "../sandbox/schema.ts";
import { z } from "../zod.ts";

/** The bounds of one query (shared/sql/query.ts). */
export interface QueryBudget {
  /** Rows it may return. */
  maxRows: number;
  /** Bytes its result may take. */
  maxBytes: number;
  /** Seconds of its own (CPU) time it may run. */
  deadlineS: number;
}

/** Seconds a run may take to start its interpreter and build the database, before the query's deadlines start. */
export const STARTUP_S = 10;
/** Seconds past the wall-clock deadline before the sandbox kills a run whose query the runner could not interrupt. */
export const GRACE_S = 2;
/** The longest query text run (UTF-8 bytes; SQLite's SQLITE_LIMIT_SQL_LENGTH): a longer one is over_budget, never sent. */
export const MAX_SQL_BYTES = 1_000_000;
/** Output bytes beyond the result (its envelope, a refusal's message). */
export const OUTPUT_SLACK_BYTES = 64 * 1024;
/**
 * Every query's wall-clock deadline: all the sandbox's wall limit leaves. A query that gets the
 * CPU ends at its CPU deadline long before; this one ends a query starved of it, however busy the
 * machine, and only a query so starved that it could not use its CPU time in 108 s runs into it.
 */
export const QUERY_WALL_S = LIMIT_MAXIMA.wall_s - STARTUP_S - GRACE_S;

// The run's CPU limit (the whole process's) must not end a query before its own deadline does.
const MAX_TIMEOUT_S = LIMIT_MAXIMA.cpu_s - STARTUP_S - GRACE_S;
const MAX_RESULT_BYTES = LIMIT_MAXIMA.output_bytes - OUTPUT_SLACK_BYTES;

export const SqlSettings = {
  ...SandboxSettings.shape,
  /** Rows a query may return. */
  max_result_rows: z.int().positive().default(10_000),
  /** Bytes a query's result may take (values as text, JSON-encoded), at most what the sandbox returns. */
  max_result_bytes: z.int().positive().max(MAX_RESULT_BYTES).default(MAX_RESULT_BYTES),
  /**
   * Seconds a query may run (NeMo Gym's name and default), counted in its own CPU time so a busy
   * machine does not change its verdict (and in any case QUERY_WALL_S of wall-clock time). Past
   * either, it is stopped: failure_reason timeout.
   */
  sql_execution_timeout_s: z.number().positive().max(MAX_TIMEOUT_S).default(30),
};

const Settings = z.object(SqlSettings);
export type SqlSettings = z.infer<typeof Settings>;

export const budgetOf = (settings: SqlSettings): QueryBudget => ({
  maxRows: settings.max_result_rows,
  maxBytes: settings.max_result_bytes,
  deadlineS: settings.sql_execution_timeout_s,
});
