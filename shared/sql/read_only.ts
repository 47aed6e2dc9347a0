// Which SQL a grader runs: exactly one statement, and that one a query (SELECT, VALUES, or a WITH
// whose main statement is one of those). A write, DDL, ATTACH, PRAGMA or any other statement, or
// a second statement behind the first, is refused before it runs; what is no statement at all is
// left to SQLite, whose syntax error says more. The database object also runs every query inside
// a transaction it rolls back, so even a statement this check misjudged changes nothing.
import { keyword, statements, tokenize } from "./tokens.ts";
import type { Token } from "./tokens.ts";

const QUERY_VERBS = new Set(["SELECT", "VALUES"]);
const WRITE_VERBS = new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);
// Every other statement SQLite knows.
const OTHER_VERBS = new Set(["CREATE", "DROP", "ALTER", "ATTACH", "DETACH", "PRAGMA", "VACUUM", "REINDEX", "ANALYZE", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "EXPLAIN"]);
const MAIN_VERBS = new Set([...QUERY_VERBS, ...WRITE_VERBS]);

export type Refusal = { reason: "execution_error" | "not_read_only"; message: string };

/** The main statement's verb: the first word, or after a WITH clause the first verb outside its CTEs. */
function verb(statement: readonly Token[]): string | undefined {
  const first = keyword(statement[0]);
  if (first !== "WITH") return first;
  const depth = statement[0]!.depth;
  return statement.slice(1).map((token) => (token.depth === depth ? keyword(token) : undefined)).find((word) => word !== undefined && MAIN_VERBS.has(word));
}

/** Why `sql` may not run as a read-only query, or undefined when it may. */
export function readOnlyRefusal(sql: string): Refusal | undefined {
  const found = statements(tokenize(sql));
  if (found.length === 0) return { reason: "execution_error", message: "the SQL contains no statement" };
  if (found.length > 1) return { reason: "not_read_only", message: `only one statement is run; this SQL has ${found.length}` };
  const main = verb(found[0]!);
  if (main !== undefined && (WRITE_VERBS.has(main) || OTHER_VERBS.has(main))) return { reason: "not_read_only", message: `only a query (SELECT) is run; this statement is ${main}` };
  return undefined;
}
