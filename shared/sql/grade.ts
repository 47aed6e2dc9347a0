// Grading a predicted query by execution, the part both text-to-SQL environments share: run the
// gold query and the predicted one on the task's database, and name what went wrong in the
// reference's terms (`failure_reason`), split finer so the model's faults read apart: its SQL did
// not run (`execution_error`), was not a single read-only query (`not_read_only`), went over a
// bound (`over_budget`), ran past its deadline (`timeout`, scored 0 as BIRD's evaluator does), or
// ran and answered otherwise (`wrong_result`; the reference says `execution_error` for all of
// these). A gold query that fails or times out, or a sandbox that cannot run a query, is not the
// model's fault: VerifierFailure, and the row gets no reward at all.
import { VerifierFailure } from "../resources/failure.ts";
import { sandboxOf } from "../sandbox/target.ts";
import type { InstanceConfigBindings } from "../server/instance_config.ts";
import type { SqlCatalog } from "./catalog.ts";
import { importCommand } from "./folders.ts";
import { DATABASE_UNAVAILABLE, runQuery } from "./query.ts";
import type { QueryAnswer } from "./query.ts";
import { budgetOf } from "./settings.ts";
import type { SqlSettings } from "./settings.ts";
import type { Rows } from "./values.ts";

export type FailureReason = "none" | "no_sql_extracted" | "execution_error" | "not_read_only" | "over_budget" | "timeout" | "wrong_result";

export interface Grade {
  execution_match: boolean;
  failure_reason: FailureReason;
  /** SQLite's message, or why the query was refused; null when it ran. */
  sql_error: string | null;
}

export interface Database {
  query(sql: string): Promise<QueryAnswer>;
  /** A gold query: the same answer for every rollout of a task, so it may be remembered. */
  gold(sql: string): Promise<QueryAnswer>;
}

/** A config key naming a folder of databases (folders.ts), and its value in this instance's config. */
export interface FolderSetting {
  key: string;
  value: string | undefined;
}

/**
 * Database `id`: one `catalog` bundles, else the one of that name in the folder the config names.
 * Neither is the server's missing data, not the row's fault nor the model's: VerifierFailure, no
 * reward (a folder that lacks it is found out by the sandbox: sandbox_failed, naming the file).
 */
export function openDatabase(catalog: SqlCatalog, env: InstanceConfigBindings, id: string, settings: SqlSettings, folder: FolderSetting): Database {
  const source = catalog.source(id, folder.value);
  if (!source) {
    const name = env.INSTANCE_NAME ?? "this server";
    throw new VerifierFailure(DATABASE_UNAVAILABLE, `no database "${id}": ${name} bundles ${catalog.ids.join(", ")}, and its config sets no ${folder.key} (a folder of SQLite databases); load it with: ${importCommand(name, id)}`);
  }
  const budget = budgetOf(settings);
  const sandbox = sandboxOf(settings, env);
  return { query: (sql) => runQuery(sandbox, source, sql, budget), gold: (sql) => catalog.gold(sandbox, id, source, sql, budget) };
}

export async function goldRows(database: Database, sql: string): Promise<Rows> {
  const answer = await database.gold(sql);
  if (answer.kind === "rows") return answer.rows;
  throw new VerifierFailure("gold_execution_error", `the gold SQL did not run (${answer.reason}): ${answer.message}`);
}

/** Runs the predicted query; `matches` decides whether its rows answer the task. */
export async function grade(database: Database, predicted: string, matches: (rows: Rows) => boolean): Promise<Grade> {
  const answer = await database.query(predicted);
  if (answer.kind === "refused") return { execution_match: false, failure_reason: answer.reason, sql_error: answer.message };
  const match = matches(answer.rows);
  return { execution_match: match, failure_reason: match ? "none" : "wrong_result", sql_error: null };
}
