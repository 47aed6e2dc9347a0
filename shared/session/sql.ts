// SQL a stateful resources server runs on its own session's SQLite (SessionDO.sql). Statements are
// written by the server's code only; whatever a request carries (a model's tool arguments, a row's
// data) enters as bound values (`?`), never as SQL text.

/** A value SQLite binds and returns (no world needs blobs). */
export type SqlValue = string | number | null;

export type SqlRow = Record<string, SqlValue>;

export interface SqlStatement {
  sql: string;
  params?: readonly SqlValue[];
}

/** Cloudflare's limit on bound values per statement in a Durable Object's SQLite. */
export const MAX_BOUND_VALUES = 100;
