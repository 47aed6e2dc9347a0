// One query against a database object's SQLite, under budgets, never changing it. SQLite in a
// Durable Object runs synchronously and cannot be interrupted (workerd offers no progress handler,
// and locally no CPU limit), so a runaway query is stopped by construction, in three ways:
// - rows: the cursor is read a row at a time and abandoned past `maxRows` (a cross join listing
//   millions of rows, a recursion selected row by row);
// - work: SQLite's plan, with the database's statistics, estimates the rows a query would visit,
//   and one over `maxRowVisits` never starts (a count(*) over a cross join of big tables);
// - recursion: every recursive CTE is capped (recursion.ts), and the query runs again with the cap
//   one higher: a different answer means the recursion had not ended by itself.
// It runs in a transaction that is always rolled back: read-only by construction, whatever the SQL.
import { tableAliases } from "./aliases.ts";
import { readOnlyRefusal } from "./read_only.ts";
import { capRecursion } from "./recursion.ts";
import { rowKey } from "./values.ts";
import type { Rows } from "./values.ts";
import { estimateWork } from "./work_estimate.ts";
import type { PlanNode, TableStats } from "./work_estimate.ts";

export interface QueryBudget {
  /** Rows a query may return. */
  maxRows: number;
  /** Rows a query may visit, as estimated before it runs. */
  maxRowVisits: number;
  /** Rows a recursive CTE may produce. */
  maxRecursiveRows: number;
}

export type RefusalReason = "execution_error" | "not_read_only" | "over_budget";

export type QueryAnswer = { kind: "rows"; columns: string[]; rows: Rows } | { kind: "refused"; reason: RefusalReason; message: string };

class OverBudget extends Error {}

/** The result of `run` inside a transaction that is then rolled back. */
function rolledBack<T>(storage: DurableObjectStorage, run: () => T): T {
  const rollback = new Error("rollback");
  let result: T | undefined;
  try {
    storage.transactionSync(() => {
      result = run();
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return result as T;
}

function collect(sql: SqlStorage, query: string, maxRows: number): { columns: string[]; rows: Rows } {
  const cursor = sql.exec(query);
  const rows: Rows = [];
  for (const row of cursor.raw()) {
    if (rows.length === maxRows) throw new OverBudget(`the query returns more than ${maxRows} rows`);
    rows.push(row as Rows[number]);
  }
  return { columns: cursor.columnNames, rows };
}

function estimate(sql: SqlStorage, query: string, tables: Readonly<Record<string, TableStats>>, recursionCap: number): number {
  const plan = sql.exec<{ id: number; parent: number; detail: string }>(`EXPLAIN QUERY PLAN ${query}`).toArray() as PlanNode[];
  return estimateWork(plan, { tables, aliases: tableAliases(query, new Set(Object.keys(tables))), recursionCap });
}

const sameRows = (a: Rows, b: Rows) => a.length === b.length && a.every((row, i) => rowKey(row) === rowKey(b[i]!));

export function executeQuery(storage: DurableObjectStorage, tables: Readonly<Record<string, TableStats>>, query: string, budget: QueryBudget): QueryAnswer {
  const refusal = readOnlyRefusal(query);
  if (refusal) return { kind: "refused", ...refusal };
  try {
    const capped = capRecursion(query, budget.maxRecursiveRows);
    const loose = capRecursion(query, budget.maxRecursiveRows + 1);
    const visits = estimate(storage.sql, loose.sql, tables, budget.maxRecursiveRows + 1);
    if (visits > budget.maxRowVisits) throw new OverBudget(`the query would visit about ${Math.round(visits)} rows; at most ${budget.maxRowVisits} are allowed`);
    const answer = rolledBack(storage, () => collect(storage.sql, capped.sql, budget.maxRows));
    if (capped.recursive && !sameRows(answer.rows, rolledBack(storage, () => collect(storage.sql, loose.sql, budget.maxRows)).rows)) {
      throw new OverBudget(`a recursive CTE did not end within ${budget.maxRecursiveRows} rows`);
    }
    return { kind: "rows", ...answer };
  } catch (err) {
    const reason = err instanceof OverBudget ? "over_budget" : "execution_error";
    return { kind: "refused", reason, message: (err as Error).message };
  }
}
