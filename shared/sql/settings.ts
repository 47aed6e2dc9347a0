// The budgets a text-to-SQL environment runs queries under, as instance config fields (Worker-safe:
// declarations read them). Defaults suit databases of a few thousand rows: the cap on row visits
// is about a second of SQLite's time in workerd.
import { z } from "../zod.ts";
import type { QueryBudget } from "./execute.ts";

export const SqlSettings = {
  /** Rows a query may return. */
  max_result_rows: z.int().positive().default(10_000),
  /** Rows a query may visit, as estimated from its plan before it runs. */
  max_row_visits: z.number().positive().default(20_000_000),
  /** Rows a recursive CTE may produce. */
  max_recursive_rows: z.int().positive().default(10_000),
  /** Seconds to wait for the database object; past them, the row fails as an infrastructure failure. */
  database_timeout_s: z.number().positive().default(30),
};

const Settings = z.object(SqlSettings);
export type SqlSettings = z.infer<typeof Settings>;

export const budgetOf = (settings: SqlSettings): QueryBudget => ({
  maxRows: settings.max_result_rows,
  maxRowVisits: settings.max_row_visits,
  maxRecursiveRows: settings.max_recursive_rows,
});
