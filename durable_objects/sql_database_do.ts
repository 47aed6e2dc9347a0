// One SQL database of an environment (a text-to-SQL task's `db_id`): a SQLite-backed Durable Object
// addressed by the database's name, loaded from the SQL file the environment ships. The Worker
// names the file's version on every query; an object holding another version (or none) says so,
// and the Worker sends the file, which replaces whatever the object held. Queries run under
// budgets and never change the data (shared/sql/execute.ts).
import { DurableObject } from "cloudflare:workers";
import { executeQuery } from "../shared/sql/execute.ts";
import type { QueryAnswer, QueryBudget } from "../shared/sql/execute.ts";
import type { DatabaseObject } from "../shared/sql/catalog.ts";
import { statements, tokenize } from "../shared/sql/tokens.ts";
import type { TableStats } from "../shared/sql/work_estimate.ts";

/** The key (in the object's key-value storage, which SQL cannot reach) of what is loaded. */
const LOADED = "loaded";

interface Loaded {
  version: string;
  tables: Record<string, TableStats>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

// The object's own objects: SQLite's, and the platform's (`_cf_KV` holds the key-value storage).
const USER_OBJECTS = "type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'";

function userTables(sql: SqlStorage): string[] {
  return sql.exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE ${USER_OBJECTS} AND type = 'table' ORDER BY rowid`).toArray().map((r) => r.name);
}

/** Row counts and rows per distinct value of every column: what the work estimate reads. */
function statistics(sql: SqlStorage): Record<string, TableStats> {
  const tables: Record<string, TableStats> = {};
  for (const table of userTables(sql)) {
    const rows = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${quote(table)}`).one().n;
    const columns = sql.exec<{ name: string }>(`PRAGMA table_info(${quote(table)})`).toArray().map((c) => c.name);
    const rowsPerValue = Object.fromEntries(
      columns.map((column) => [column.toLowerCase(), sql.exec<{ r: number }>(`SELECT count(*) * 1.0 / max(1, count(DISTINCT ${quote(column)})) AS r FROM ${quote(table)}`).one().r]),
    );
    tables[table.toLowerCase()] = { rows, rowsPerValue };
  }
  return tables;
}

export class SqlDatabaseDO extends DurableObject implements DatabaseObject {
  #loaded: Loaded | undefined;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    this.#loaded = ctx.storage.kv.get<Loaded>(LOADED);
  }

  /** Loads `script` in place of everything the object holds, unless `version` is loaded already. */
  load(version: string, script: string): void {
    if (this.#loaded?.version === version) return;
    const { sql } = this.ctx.storage;
    const loaded = this.ctx.storage.transactionSync(() => {
      sql.exec<{ type: string; name: string }>(`SELECT type, name FROM sqlite_master WHERE ${USER_OBJECTS} ORDER BY type = 'table', rowid DESC`)
        .toArray()
        .forEach(({ type, name }) => sql.exec(`DROP ${type === "view" ? "VIEW" : "TABLE"} ${quote(name)}`));
      // One statement at a time: SQLite's limit on one call's SQL text is far below a database's.
      for (const statement of statements(tokenize(script))) sql.exec(script.slice(statement[0]!.start, statement.at(-1)!.end));
      const next: Loaded = { version, tables: statistics(sql) };
      this.ctx.storage.kv.put(LOADED, next);
      return next;
    });
    this.#loaded = loaded;
  }

  query(version: string, query: string, budget: QueryBudget): QueryAnswer | { kind: "not_loaded" } {
    if (this.#loaded?.version !== version) return { kind: "not_loaded" };
    return executeQuery(this.ctx.storage, this.#loaded.tables, query, budget);
  }
}
