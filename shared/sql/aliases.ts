// The names a query gives its tables (`FROM orders o JOIN customers AS c`): SQLite's query plan
// names each loop by alias, and the work estimate needs the table behind it.
import { identifier, keyword, tokenize } from "./tokens.ts";

// Words that may follow a table reference and are not its alias.
const NOT_ALIASES = new Set(["ON", "USING", "WHERE", "GROUP", "ORDER", "LIMIT", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL", "OUTER", "UNION", "EXCEPT", "INTERSECT", "WINDOW", "HAVING", "INDEXED", "NOT"]);

/** Alias -> table, lower-cased, for every reference to one of `tables` after FROM, JOIN or a comma. */
export function tableAliases(sql: string, tables: ReadonlySet<string>): Map<string, string> {
  const tokens = tokenize(sql);
  const aliases = new Map<string, string>();
  tokens.forEach((token, i) => {
    const table = identifier(token);
    const before = tokens[i - 1];
    if (table === undefined || !tables.has(table) || !(["FROM", "JOIN"].includes(keyword(before) ?? "") || before?.text === ",")) return;
    const next = keyword(tokens[i + 1]) === "AS" ? tokens[i + 2] : tokens[i + 1];
    const alias = NOT_ALIASES.has(keyword(next) ?? "") ? undefined : identifier(next);
    if (alias !== undefined) aliases.set(alias, table);
  });
  return aliases;
}
