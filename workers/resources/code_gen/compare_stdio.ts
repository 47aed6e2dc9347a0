// LiveCodeBench's stdin/stdout check (grade_stdio): both outputs stripped and split into lines,
// each line stripped; the line counts must agree, and each pair of lines must be equal, or else
// both split on whitespace into Decimals that are equal one by one.
import { decimalsEqual, parseDecimal, type Decimal } from "./decimal.ts";

// What Python's str.strip() and str.split() treat as whitespace.
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
const RUN = new RegExp(`[${SPACE}]+`);

const strip = (text: string) => text.replace(EDGES, "");
const strippedLines = (text: string) => strip(text).split("\n").map(strip);

function decimalsOf(line: string): Decimal[] | null {
  const tokens = line === "" ? [] : line.split(RUN);
  const values = tokens.map(parseDecimal);
  return values.every((v) => v !== null) ? (values as Decimal[]) : null;
}

function linesMatch(got: string, want: string): boolean {
  if (got === want) return true;
  const a = decimalsOf(got);
  const b = decimalsOf(want);
  return a !== null && b !== null && a.length === b.length && a.every((value, i) => decimalsEqual(value, b[i]!));
}

/** Null when the output is right; else LiveCodeBench's wrong-answer message. */
export function stdioMismatch(output: string, expected: string): string | null {
  const got = strippedLines(output);
  const want = strippedLines(expected);
  if (got.length !== want.length) return "Wrong answer: mismatched output length";
  const line = got.findIndex((g, i) => !linesMatch(g, want[i]!));
  return line < 0 ? null : `Wrong answer at output_line_idx=${line}: ${truncate(got[line]!)} != ${truncate(want[line]!)}`;
}

/** LiveCodeBench's truncatefn: long values keep their two ends. */
export function truncate(text: string, length = 300): string {
  return text.length <= length ? text : `${text.slice(0, length / 2)}...(truncated) ...${text.slice(-length / 2)}`;
}
