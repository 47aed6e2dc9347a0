// What a session's Durable Object answers (durable_objects/session_do.ts implements it; session.ts
// is its one caller). Values cross as JSON text. A session exists from its seed (`seed`, or `sql`
// with `create`) to its release or expiry; any other call on a session that does not exist
// answers NOT_SEEDED and stores nothing.
import type { SqlRow, SqlStatement } from "./sql.ts";

export const NOT_SEEDED = "not_seeded";
export type NotSeeded = typeof NOT_SEEDED;
export type UpdateOutcome = "updated" | NotSeeded | "timed_out";

/** An update's change: the key's new text for its current one (null: none; answering null removes it, undefined stores nothing). */
export type TextChange = (current: string | null) => Promise<string | null | undefined>;

export interface SessionStore {
  /** Creates the session's state holding `entries`. */
  seed(entries: Record<string, string>, ttlMs: number): Promise<void>;
  read(keys: string[], ttlMs: number): Promise<Record<string, string> | NotSeeded>;
  /** Reads `key`, awaits `change` on it and stores its answer, with no other update of the session in between. */
  update(key: string, change: TextChange, ttlMs: number): Promise<UpdateOutcome>;
  /** Runs the statements in order, in one transaction of the session's SQLite; each one's rows. */
  sql(statements: readonly SqlStatement[], ttlMs: number, create: boolean): Promise<SqlRow[][] | NotSeeded>;
  release(): Promise<void>;
}
