// SQLite's lexical rules, just enough to see a statement's structure: where statements end, which
// words are keywords at which parenthesis depth, and where each token sits in the text (for
// rewriting). Strings, quoted identifiers and comments are single tokens, so a `;` or a `DELETE`
// inside them is never mistaken for structure.

export type TokenKind = "word" | "quoted" | "string" | "number" | "param" | "punct";

export interface Token {
  kind: TokenKind;
  /** The token's text as written. */
  text: string;
  start: number;
  end: number;
  /** Parenthesis depth at the token (a `(` is at the depth outside it). */
  depth: number;
}

const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const NUMBER = /(?:0[xX][0-9A-Fa-f]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)/y;
const PARAM = /(?:\?\d*|[:@$][A-Za-z0-9_$]+)/y;
const BLOB = /[xX]'[0-9A-Fa-f]*'/y;

/** Where the quoted run starting at `start` ends: `close` ends it unless doubled (SQL's escape). */
function quotedEnd(sql: string, start: number, close: string, doubling: boolean): number {
  let i = start + 1;
  for (;;) {
    const at = sql.indexOf(close, i);
    if (at === -1) return sql.length;
    if (doubling && sql[at + 1] === close) {
      i = at + 2;
      continue;
    }
    return at + 1;
  }
}

function matchAt(pattern: RegExp, sql: string, at: number): number | undefined {
  pattern.lastIndex = at;
  return pattern.test(sql) ? pattern.lastIndex : undefined;
}

/** The tokens of `sql`, comments and whitespace left out. Never throws: SQLite judges validity. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    const text = sql.slice(i, end);
    if (text === ")") depth = Math.max(0, depth - 1);
    tokens.push({ kind, text, start: i, end, depth });
    if (text === "(") depth++;
    i = end;
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) i++;
    else if (sql.startsWith("--", i)) i = sql.indexOf("\n", i) === -1 ? sql.length : sql.indexOf("\n", i) + 1;
    else if (sql.startsWith("/*", i)) i = sql.indexOf("*/", i + 2) === -1 ? sql.length : sql.indexOf("*/", i + 2) + 2;
    else if (c === "'") push("string", quotedEnd(sql, i, "'", true));
    else if (c === '"' || c === "`") push("quoted", quotedEnd(sql, i, c, true));
    else if (c === "[") push("quoted", quotedEnd(sql, i, "]", false));
    else {
      const blob = matchAt(BLOB, sql, i);
      const word = blob === undefined ? matchAt(WORD, sql, i) : undefined;
      const number = matchAt(NUMBER, sql, i);
      const param = matchAt(PARAM, sql, i);
      if (blob !== undefined) push("string", blob);
      else if (word !== undefined) push("word", word);
      else if (number !== undefined) push("number", number);
      else if (param !== undefined) push("param", param);
      else push("punct", i + 1);
    }
  }
  return tokens;
}

/** A word token's keyword, upper-cased; undefined for anything else. */
export const keyword = (token: Token | undefined): string | undefined => (token?.kind === "word" ? token.text.toUpperCase() : undefined);

/** An identifier's name as SQLite compares it: unquoted, lower-cased. */
export function identifier(token: Token | undefined): string | undefined {
  if (token?.kind === "word") return token.text.toLowerCase();
  if (token?.kind !== "quoted") return undefined;
  const close = token.text.at(-1)!;
  return token.text.slice(1, -1).replaceAll(close + close, close).toLowerCase();
}

/** The statements of a token list, split at top-level `;`, empty ones dropped. */
export function statements(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === "punct" && token.text === ";") out.push([]);
    else out.at(-1)!.push(token);
  }
  return out.filter((statement) => statement.length > 0);
}

/** The index of the `)` closing the `(` at `open`, or the end of the list if it never closes. */
export function closingParen(tokens: readonly Token[], open: number): number {
  const depth = tokens[open]!.depth;
  for (let i = open + 1; i < tokens.length; i++) {
    if (tokens[i]!.text === ")" && tokens[i]!.depth === depth) return i;
  }
  return tokens.length;
}
