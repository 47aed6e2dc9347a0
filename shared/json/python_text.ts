// JSON values written as Python writes what json.loads gave it: json.dumps (its separators,
// sort_keys, ensure_ascii) and str(). Numbers are read exactly (./exact.ts), so a 5.0 stays a float
// and is written "5.0" as Python writes it. Object keys come in JavaScript's order (integer-like
// keys first), the one place a parsed object can differ from Python's dict.
import { isExactNumber } from "./exact.ts";
import { pyFloatRepr } from "../verifiers/python_float_repr.ts";

/** A JSON number as Python prints it: an int's digits, a float's repr (json.dumps writes NaN and Infinity so). */
function pyNumberText(value: number | bigint | Number, json: boolean): string {
  if (typeof value === "bigint") return String(value);
  if (value instanceof Number) return floatText(value.valueOf(), json);
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? String(value) : floatText(value, json);
}

function floatText(x: number, json: boolean): string {
  if (json && !Number.isFinite(x)) return Number.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
  return pyFloatRepr(x);
}

export interface DumpsOptions {
  sortKeys?: boolean;
  /** [item, key] separators; Python's default is [", ", ": "]. */
  separators?: readonly [string, string];
  /** Python's default true: every non-ASCII character as a \uXXXX escape (surrogate pairs for astral ones). */
  ensureAscii?: boolean;
}

/** Python's comparison of str: by code point (a UTF-16 sort puts astral characters before U+E000..U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  // Where the two first differ, inside a surrogate pair both share its high half: compare whole code points.
  const low = (code: number) => code >= 0xdc00 && code <= 0xdfff;
  const start = i > 0 && low(a.charCodeAt(i)) && low(b.charCodeAt(i)) ? i - 1 : i;
  return a.codePointAt(start)! - b.codePointAt(start)!;
}

function jsonString(text: string, ensureAscii: boolean): string {
  const quoted = JSON.stringify(text);
  // JSON.stringify leaves U+007F and non-ASCII as they are, as Python does with ensure_ascii=False;
  // lone surrogates it writes as \udxxx, as Python does too.
  return ensureAscii ? quoted.replace(/[^\x00-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`) : quoted;
}

/** json.dumps(value, ...) of a value json.loads gave. */
export function pyJsonDumps(value: unknown, options: DumpsOptions = {}): string {
  const [item, key] = options.separators ?? [", ", ": "];
  const ascii = options.ensureAscii ?? true;
  const write = (v: unknown): string => {
    if (v === null || v === undefined) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "string") return jsonString(v, ascii);
    if (typeof v === "number" || isExactNumber(v)) return pyNumberText(v, true);
    if (Array.isArray(v)) return `[${v.map(write).join(item)}]`;
    const entries = Object.entries(v as Record<string, unknown>);
    if (options.sortKeys) entries.sort(([a], [b]) => compareCodePoints(a, b));
    return `{${entries.map(([k, x]) => `${jsonString(k, ascii)}${key}${write(x)}`).join(item)}}`;
  };
  return write(value);
}

/** repr() of a str: single quotes unless the text holds ' and no ". */
export function pyReprStr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return quote + out + quote;
}

/** repr() of a JSON value as Python holds it (dict, list, str, int, float, bool, None). */
export function pyRepr(value: unknown): string {
  if (typeof value === "string") return pyReprStr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (value !== null && typeof value === "object" && !isExactNumber(value)) {
    return `{${Object.entries(value).map(([k, v]) => `${pyReprStr(k)}: ${pyRepr(v)}`).join(", ")}}`;
  }
  return pyStr(value);
}

/** str() of a JSON value. */
export function pyStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  if (typeof value === "number" || isExactNumber(value)) return pyNumberText(value, false);
  return pyRepr(value);
}

/** Python's type name of a JSON value, for the errors it would raise. */
export function pyTypeName(value: unknown): string {
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "bigint") return "int";
  if (value instanceof Number) return "float";
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) < 1e21 ? "int" : "float";
  return Array.isArray(value) ? "list" : "dict";
}
