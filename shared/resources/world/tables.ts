// A tool world: a resources server's session state as a few relational tables in the session's
// own SQLite (SessionState.sql), seeded from the environment's data at /seed_session, read and
// written by the server's tools (each call's statements one transaction, so a tool that checks and
// then changes does both in one call), and read back whole to verify. Each table is a zod object, the
// one source of its columns (in order) and of what the data seeding it must look like. Columns
// carry no SQL type, so SQLite keeps every value as given: "00000057" stays text.
import { z } from "../../zod.ts";
import { invalidRequest, zodIssues } from "../../server/errors.ts";
import { MAX_BOUND_VALUES } from "../../session/sql.ts";
import type { SqlRow, SqlStatement, SqlValue } from "../../session/sql.ts";
import type { SessionState } from "../../session/session.ts";

export type Tables = Record<string, z.ZodObject>;

/** Every table's rows, in order. */
export type WorldData<T extends Tables> = { [K in keyof T]: z.infer<T[K]>[] };

const TABLE_NAME = /^[a-z][a-z0-9_]*$/;
// The SessionDO's own key/value table, and the prefix Cloudflare keeps for its tables.
const RESERVED = (name: string) => name === "state" || name.startsWith("_cf_");

/** A quoted SQL identifier: column names may hold any character but a double quote ("inbox/outbox"). */
export const ident = (name: string): string => `"${name}"`;

export interface World<T extends Tables> {
  tables: T;
  /** The data checked against the tables: a 400 naming the field (under `path`) when it does not fit. */
  parse(data: unknown, path?: readonly PropertyKey[]): WorldData<T>;
  /** Replaces the session's tables with fresh ones holding `data`. */
  reset(state: SessionState, data: WorldData<T>): Promise<void>;
  /** Every table's rows, in the order they were added. */
  read(state: SessionState): Promise<WorldData<T>>;
}

function columnsOf(table: z.ZodObject): string[] {
  return Object.keys(table.shape);
}

/** INSERTs of `rows`, as many rows per statement as the bound-value limit allows. */
function inserts(name: string, columns: string[], rows: readonly Record<string, unknown>[]): SqlStatement[] {
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_VALUES / columns.length));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const statements: SqlStatement[] = [];
  for (let at = 0; at < rows.length; at += perStatement) {
    const chunk = rows.slice(at, at + perStatement);
    statements.push({
      sql: `INSERT INTO ${ident(name)} (${columns.map(ident).join(", ")}) VALUES ${chunk.map(() => tuple).join(", ")}`,
      params: chunk.flatMap((row) => columns.map((column) => (row[column] ?? null) as SqlValue)),
    });
  }
  return statements;
}

export function defineWorld<T extends Tables>(tables: T): World<T> {
  for (const [name, table] of Object.entries(tables)) {
    if (!TABLE_NAME.test(name) || RESERVED(name)) throw new Error(`world table name "${name}" is not allowed`);
    const bad = columnsOf(table).find((column) => column.includes('"') || column === "");
    if (bad !== undefined) throw new Error(`world table ${name}: column name ${JSON.stringify(bad)} is not allowed`);
  }
  const names = Object.keys(tables);
  const schema = z.strictObject(Object.fromEntries(names.map((name) => [name, z.array(tables[name]!)])));

  return {
    tables,
    parse(data, path = []) {
      const result = schema.safeParse(data);
      if (!result.success) throw invalidRequest(zodIssues(result.error, path));
      return result.data as WorldData<T>;
    },
    async reset(state, data) {
      const statements = names.flatMap((name) => {
        const columns = columnsOf(tables[name]!);
        return [
          { sql: `DROP TABLE IF EXISTS ${ident(name)}` },
          { sql: `CREATE TABLE ${ident(name)} (${columns.map(ident).join(", ")})` },
          ...inserts(name, columns, data[name] as Record<string, unknown>[]),
        ];
      });
      await state.sql(statements);
    },
    async read(state) {
      const results = await state.sql(names.map((name) => ({ sql: `SELECT ${columnsOf(tables[name]!).map(ident).join(", ")} FROM ${ident(name)} ORDER BY rowid` })));
      return Object.fromEntries(names.map((name, i) => [name, results[i] as SqlRow[]])) as WorldData<T>;
    },
  };
}
