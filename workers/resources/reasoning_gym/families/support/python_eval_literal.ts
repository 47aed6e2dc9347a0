// What Python's eval gives for an answer written as a Python literal: ints (decimal, hex, octal,
// binary, with underscores), floats, strings (with the common prefixes and escapes), True, False,
// None, lists and tuples (a bare "a, b" is a tuple), and unary + and - on numbers. Scorers in the
// library eval a model's answer; we evaluate only literals, never code: anything else (a name, a
// call, an operator, a dict or set) throws, as a SyntaxError or NameError makes their eval raise.
// Linear in the text; nesting deeper than Python's parser allows (200) throws as it does.
import { PyTuple, type PyValue } from "./python_value.ts";

export class PyLiteralError extends Error {}

const MAX_NESTING = 200;
// int() refuses longer digit strings (sys.get_int_max_str_digits()).
const MAX_INT_DIGITS = 4300;

const NUMBER = /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*)?\.?(?:\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?)/y;
const NAME = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
// Characters that may follow a number literal (anything else glued on is read by the slow path).
const DELIMITERS = new Set([",", "]", ")", " ", "\t", "\n", "\r", "\f", "#", "\\"]);
const SIMPLE_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\n": "" };

/** eval(text) for a Python literal; throws PyLiteralError where eval would raise (or would run code). */
export function pyLiteralEval(text: string): PyValue {
  let pos = 0;
  let nesting = 0;
  const fail = (what: string): never => {
    throw new PyLiteralError(`${what} at ${pos}`);
  };

  /** Skips blanks and comments; newlines only inside brackets (at the top level they end the expression). */
  function skip(): void {
    while (pos < text.length) {
      const c = text[pos]!;
      if (c === " " || c === "\t" || c === "\f" || (nesting > 0 && (c === "\n" || c === "\r"))) pos++;
      else if (c === "\\" && text[pos + 1] === "\n") pos += 2;
      else if (c === "#") {
        while (pos < text.length && text[pos] !== "\n") pos++;
      } else return;
    }
  }

  /** item ("," item)* [","] up to `close`; `tuple` says whether a comma was seen. */
  function items(close: string | undefined): { values: PyValue[]; comma: boolean } {
    const values: PyValue[] = [];
    let comma = false;
    for (;;) {
      skip();
      if (pos >= text.length || text[pos] === close || (close === undefined && (text[pos] === "\n" || text[pos] === "\r"))) return { values, comma };
      values.push(unary());
      skip();
      if (text[pos] !== ",") return { values, comma };
      comma = true;
      pos++;
    }
  }

  function unary(): PyValue {
    const c = text[pos];
    if (c !== "-" && c !== "+") return atom();
    pos++;
    skip();
    const v = unary();
    if (typeof v === "boolean") return c === "-" ? -BigInt(v) : BigInt(v);
    if (typeof v === "bigint" || typeof v === "number") return c === "-" ? -v : v;
    return fail("bad operand type for unary operator");
  }

  function bracketed(open: string, close: string): PyValue {
    if (++nesting > MAX_NESTING) fail("too many nested parentheses");
    pos++;
    const { values, comma } = items(close);
    skip();
    if (text[pos] !== close) fail(`'${open}' was never closed`);
    pos++;
    nesting--;
    if (open === "[") return values;
    if (values.length === 1 && !comma) return values[0]!;
    return new PyTuple(values);
  }

  function atom(): PyValue {
    const c = text[pos];
    if (c === "[") return bracketed("[", "]");
    if (c === "(") return bracketed("(", ")");
    if (c === "'" || c === '"') return strings();
    if (c === "." || (c !== undefined && c >= "0" && c <= "9")) return number();
    NAME.lastIndex = pos;
    const name = NAME.exec(text)?.[0];
    if (name === undefined) return fail("invalid syntax");
    const prefix = name.toLowerCase();
    if ((prefix === "r" || prefix === "u") && (text[pos + 1] === "'" || text[pos + 1] === '"')) return strings();
    pos += name.length;
    if (name === "True") return true;
    if (name === "False") return false;
    if (name === "None") return null;
    return fail(`name '${name}' is not defined`);
  }

  /** Adjacent string literals, concatenated as Python's parser does. */
  function strings(): string {
    let out = "";
    do {
      out += stringLiteral();
      skip();
    } while (text[pos] === "'" || text[pos] === '"' || (/^[rRuU]['"]/.test(text.slice(pos, pos + 2))));
    return out;
  }

  function stringLiteral(): string {
    let raw = false;
    if (text[pos] === "r" || text[pos] === "R") (raw = true), pos++;
    else if (text[pos] === "u" || text[pos] === "U") pos++;
    const quote = text[pos]!;
    if (text.startsWith(quote.repeat(3), pos)) fail("triple-quoted strings are not read");
    pos++;
    let out = "";
    for (;;) {
      const ch = text[pos];
      if (ch === undefined || ch === "\n" || ch === "\r") fail("unterminated string literal");
      pos++;
      if (ch === quote) return out;
      if (ch !== "\\") {
        out += ch;
        continue;
      }
      const e = text[pos];
      if (e === undefined) fail("unterminated string literal");
      if (raw) {
        // A raw string keeps the backslash, but it still escapes the quote.
        out += `\\${e}`;
        pos++;
        continue;
      }
      out += escape();
    }
  }

  function escape(): string {
    const e = text[pos]!;
    if (e in SIMPLE_ESCAPES) return pos++, SIMPLE_ESCAPES[e]!;
    const octal = /^[0-7]{1,3}/.exec(text.slice(pos, pos + 3));
    if (octal) return (pos += octal[0].length), String.fromCodePoint(parseInt(octal[0], 8));
    const width = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    if (width === 0) return "\\"; // an unknown escape keeps its backslash; the character follows as itself
    const hex = text.slice(pos + 1, pos + 1 + width);
    if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) fail("truncated escape");
    const cp = parseInt(hex, 16);
    if (cp > 0x10ffff) fail("illegal Unicode character");
    pos += 1 + width;
    return String.fromCodePoint(cp);
  }

  function number(): bigint | number {
    // Plain decimal digits followed by a delimiter, the common case, without the regex.
    let end = pos;
    while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
    if (end > pos && end - pos <= MAX_INT_DIGITS && (end === text.length || DELIMITERS.has(text[end]!))) {
      const digits = text.slice(pos, end);
      if (digits.length > 1 && digits[0] === "0" && /[1-9]/.test(digits)) fail("leading zeros in decimal integer literals are not permitted");
      pos = end;
      return BigInt(digits);
    }
    NUMBER.lastIndex = pos;
    const literal = NUMBER.exec(text)?.[0] ?? "";
    if (!/\d/.test(literal)) return fail("invalid syntax");
    pos += literal.length;
    // A name or digit glued on (1j, 1x, 0777) is not a literal we read.
    if (pos < text.length && /[\p{L}\p{Nd}_]/u.test(text[pos]!)) fail("invalid literal");
    const digits = literal.replaceAll("_", "");
    if (/^0[xXoObB]/.test(digits)) return BigInt(digits);
    if (/[.eE]/.test(digits)) return Number(digits);
    if (/^0+[1-9]/.test(digits)) fail("leading zeros in decimal integer literals are not permitted");
    if (digits.length > MAX_INT_DIGITS) fail("Exceeds the limit for integer string conversion");
    return BigInt(digits);
  }

  // eval drops leading blanks and blank lines.
  while (pos < text.length && /[ \t\f\r\n]/.test(text[pos]!)) pos++;
  const { values, comma } = items(undefined);
  while (pos < text.length && /[ \t\f\r\n]/.test(text[pos]!)) pos++;
  if (pos !== text.length || values.length === 0) fail("invalid syntax");
  return comma ? new PyTuple(values) : values[0]!;
}
