// A recursive CTE can run forever without yielding a row (`SELECT count(*) FROM c` over a
// recursion that never stops), and SQLite in a Durable Object cannot be interrupted. So every
// recursive CTE gets a row cap: SQLite stops a recursion once its LIMIT's worth of rows has been
// added, so a CTE without a LIMIT gets `LIMIT cap`, and one with a LIMIT gets the smaller of its
// own and the cap (a negative LIMIT, which SQLite reads as none, becomes the cap).
import { closingParen, identifier, keyword, tokenize } from "./tokens.ts";
import type { Token } from "./tokens.ts";

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A CTE's body: the tokens strictly inside its parentheses, and its `)`. */
interface Cte {
  name: string;
  body: Token[];
  close: Token | undefined;
}

/** The CTEs of the WITH clause whose WITH is `tokens[at]`. */
function ctes(tokens: readonly Token[], at: number): Cte[] {
  const found: Cte[] = [];
  let i = at + 1;
  if (keyword(tokens[i]) === "RECURSIVE") i++;
  for (;;) {
    const name = identifier(tokens[i]);
    if (name === undefined) return found;
    i++;
    if (tokens[i]?.text === "(") i = closingParen(tokens, i) + 1;
    if (keyword(tokens[i]) !== "AS") return found;
    i++;
    while (keyword(tokens[i]) === "NOT" || keyword(tokens[i]) === "MATERIALIZED") i++;
    if (tokens[i]?.text !== "(") return found;
    const close = closingParen(tokens, i);
    found.push({ name, body: tokens.slice(i + 1, close), close: tokens[close] });
    i = close + 1;
    if (tokens[i]?.text !== ",") return found;
    i++;
  }
}

/** The edit that caps one recursive CTE's rows at `cap`. */
function capEdit(sql: string, cte: Cte, cap: number): Edit {
  const depth = cte.body[0]?.depth ?? 0;
  const top = (token: Token) => token.depth === depth;
  const limit = cte.body.findIndex((token) => top(token) && keyword(token) === "LIMIT");
  const end = cte.close?.start ?? sql.length;
  if (limit === -1) return { start: end, end, text: ` LIMIT ${cap}` };
  // LIMIT count [OFFSET skip] | LIMIT skip, count
  const tail = cte.body.slice(limit + 1);
  const split = tail.findIndex((token) => top(token) && (keyword(token) === "OFFSET" || token.text === ","));
  const countTokens = split === -1 ? tail : tail[split]!.text === "," ? tail.slice(split + 1) : tail.slice(0, split);
  if (countTokens.length === 0) return { start: end, end, text: "" };
  const start = countTokens[0]!.start;
  const stop = countTokens.at(-1)!.end;
  const count = sql.slice(start, stop);
  return { start, end: stop, text: `CASE WHEN (${count}) < 0 THEN ${cap} ELSE min((${count}), ${cap}) END` };
}

/** Whether a CTE's body reads the CTE itself: its name as a table after FROM, JOIN or a comma. */
function recursive(cte: Cte): boolean {
  return cte.body.some((token, i) => identifier(token) === cte.name && i > 0 && (["FROM", "JOIN"].includes(keyword(cte.body[i - 1]) ?? "") || cte.body[i - 1]!.text === ","));
}

/** `sql` with every recursive CTE capped at `cap` rows, and whether it had any. */
export function capRecursion(sql: string, cap: number): { sql: string; recursive: boolean } {
  const tokens = tokenize(sql);
  const edits = tokens
    .flatMap((token, i) => (keyword(token) === "WITH" ? ctes(tokens, i) : []))
    .filter(recursive)
    .map((cte) => capEdit(sql, cte, cap))
    .sort((a, b) => b.start - a.start);
  let out = sql;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { sql: out, recursive: edits.length > 0 };
}
