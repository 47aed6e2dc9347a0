// Python's json.loads and json.dumps (default arguments) over PyValue, for scorers that parse a
// model's answer as JSON and then compare it with Python's rules. json.loads differs from
// JSON.parse where it matters to them: integers stay exact ints (1 and 1.0 are different types),
// NaN, Infinity and -Infinity are read, and nesting deeper than CPython 3.12 (NeMo Gym's Python)
// accepts raises. One pass over the text, no regex: an answer may be half a megabyte.
import { PyTuple, type PyValue } from "./python_value.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";

/** What json.loads raises on (JSONDecodeError, RecursionError, ValueError), as one error. */
export class PyJsonError extends Error {}

// CPython 3.12 raises RecursionError past this many nested arrays or objects in json.loads.
const MAX_DEPTH = 1497;
// int() refuses longer digit strings (sys.get_int_max_str_digits()).
const MAX_INT_DIGITS = 4300;

const isWhite = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** json.loads(text); throws PyJsonError where it raises. */
export function pyJsonLoads(text: string): PyValue {
  let pos = 0;
  const fail = (what: string): never => {
    throw new PyJsonError(`${what} at ${pos}`);
  };
  const skip = () => {
    while (pos < text.length && isWhite(text.charCodeAt(pos))) pos++;
  };

  function value(depth: number): PyValue {
    const c = text[pos];
    if (c === "{" || c === "[") {
      if (depth >= MAX_DEPTH) fail("maximum recursion depth exceeded");
      return c === "[" ? array(depth + 1) : object(depth + 1);
    }
    if (c === '"') return string();
    for (const [word, v] of WORDS) if (text.startsWith(word, pos)) return (pos += word.length), v;
    if (c === "-" || (c !== undefined && isDigit(c.charCodeAt(0)))) return number();
    return fail("Expecting value");
  }

  function array(depth: number): PyValue[] {
    pos++;
    const items: PyValue[] = [];
    skip();
    if (text[pos] === "]") return pos++, items;
    for (;;) {
      skip();
      items.push(value(depth));
      skip();
      if (text[pos] === "]") return pos++, items;
      if (text[pos] !== ",") fail("Expecting ',' delimiter");
      pos++;
    }
  }

  function object(depth: number): Map<string, PyValue> {
    pos++;
    const entries = new Map<string, PyValue>();
    skip();
    if (text[pos] === "}") return pos++, entries;
    for (;;) {
      skip();
      if (text[pos] !== '"') fail("Expecting property name enclosed in double quotes");
      const key = string();
      skip();
      if (text[pos] !== ":") fail("Expecting ':' delimiter");
      pos++;
      skip();
      entries.set(key, value(depth));
      skip();
      if (text[pos] === "}") return pos++, entries;
      if (text[pos] !== ",") fail("Expecting ',' delimiter");
      pos++;
    }
  }

  function string(): string {
    pos++;
    let out = "";
    let start = pos;
    for (;;) {
      if (pos >= text.length) fail("Unterminated string");
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        out += text.slice(start, pos++);
        return out;
      }
      if (c < 0x20) fail("Invalid control character");
      if (c !== 0x5c) {
        pos++;
        continue;
      }
      out += text.slice(start, pos);
      const e = text[pos + 1];
      if (e === "u") {
        const hex = text.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("Invalid \\uXXXX escape");
        out += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else {
        const plain = e === undefined ? undefined : ESCAPES[e];
        if (plain === undefined) fail("Invalid \\escape");
        out += plain;
        pos += 2;
      }
      start = pos;
    }
  }

  function number(): bigint | number {
    const start = pos;
    if (text[pos] === "-") pos++;
    if (text[pos] === "0") pos++;
    else if (pos < text.length && isDigit(text.charCodeAt(pos)) && text[pos] !== "0") while (pos < text.length && isDigit(text.charCodeAt(pos))) pos++;
    else {
      // A lone "-": only -Infinity may follow.
      if (text.startsWith("Infinity", pos)) return (pos += 8), -Infinity;
      pos = start;
      return fail("Expecting value");
    }
    const intEnd = pos;
    let isFloat = false;
    if (text[pos] === "." && isDigit(text.charCodeAt(pos + 1))) {
      pos++;
      while (pos < text.length && isDigit(text.charCodeAt(pos))) pos++;
      isFloat = true;
    }
    if (text[pos] === "e" || text[pos] === "E") {
      let p = pos + 1;
      if (text[p] === "+" || text[p] === "-") p++;
      if (isDigit(text.charCodeAt(p))) {
        while (p < text.length && isDigit(text.charCodeAt(p))) p++;
        pos = p;
        isFloat = true;
      }
    }
    const literal = text.slice(start, pos);
    if (isFloat) return Number(literal);
    if (intEnd - start > MAX_INT_DIGITS + (text[start] === "-" ? 1 : 0)) fail("Exceeds the limit for integer string conversion");
    return BigInt(literal);
  }

  skip();
  const result = value(0);
  skip();
  if (pos !== text.length) fail("Extra data");
  return result;
}

const WORDS: readonly [string, PyValue][] = [
  ["null", null],
  ["true", true],
  ["false", false],
  ["NaN", NaN],
  ["Infinity", Infinity],
];

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** json.dumps(v) with its defaults (", " and ": " separators, ASCII only, NaN and Infinity allowed). */
export function pyJsonDumps(v: PyValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return Number.isNaN(v) ? "NaN" : !Number.isFinite(v) ? (v > 0 ? "Infinity" : "-Infinity") : pyFloatRepr(v);
  if (typeof v === "string") return dumpString(v);
  if (Array.isArray(v)) return `[${v.map(pyJsonDumps).join(", ")}]`;
  if (v instanceof PyTuple) return `[${v.items.map(pyJsonDumps).join(", ")}]`;
  return `{${[...v].map(([key, value]) => `${dumpString(key)}: ${pyJsonDumps(value)}`).join(", ")}}`;
}

const SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

function dumpString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const c = s.charCodeAt(i);
    out += SHORT[ch] ?? (c < 0x20 || c > 0x7f ? `\\u${c.toString(16).padStart(4, "0")}` : ch);
  }
  return out + '"';
}

/** A JSON value as JavaScript parsed it (a row's metadata) as the PyValue Python's json.loads gives: whole numbers as ints. */
export function fromJson(v: unknown): PyValue {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === "object") return new Map(Object.entries(v as object).map(([k, x]) => [k, fromJson(x)]));
  throw new TypeError(`not a JSON value: ${typeof v}`);
}
