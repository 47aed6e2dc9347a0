// Tool-call arguments read the way the reference's Python reads them: `key in args`, `args[key]`,
// `args.get(key)` and `str(value)` on whatever JSON the arguments held (a list or a string as
// well as an object), and json.dumps for the model_output field. Where Python raises (a key read
// from a list, `in` on a number), PyTypeError is thrown, and the verifier scores the row as the
// reference's catch-all does (unknown_error).
import { isExactNumber, pyNumber } from "../../../shared/json/exact.ts";
import { pyFloatRepr } from "../../../shared/verifiers/python_float_repr.ts";

export class PyTypeError extends Error {}

const isDict = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !isExactNumber(value);

/** `key in value`: a dict's keys, a list's items, a string's substrings; anything else raises. */
export function pyContains(value: unknown, key: string): boolean {
  if (isDict(value)) return Object.hasOwn(value, key);
  if (Array.isArray(value)) return value.some((item) => item === key);
  if (typeof value === "string") return value.includes(key);
  throw new PyTypeError(`argument of type ${typeName(value)} is not iterable`);
}

/** `value[key]` for a string key: only a dict has one. */
export function pyIndex(value: unknown, key: string): unknown {
  if (isDict(value) && Object.hasOwn(value, key)) return value[key];
  throw new PyTypeError(`${typeName(value)} has no item ${key}`);
}

/** `value.get(key, fallback)`: only a dict has .get. */
export function pyGet(value: unknown, key: string, fallback: unknown = null): unknown {
  if (!isDict(value)) throw new PyTypeError(`${typeName(value)} has no attribute get`);
  return Object.hasOwn(value, key) ? value[key] : fallback;
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  const number = pyNumber(value);
  if (number) return number.int !== undefined ? "int" : "float";
  return "dict";
}

function numberText(value: unknown): string | undefined {
  if (typeof value === "boolean") return undefined;
  const number = pyNumber(value);
  if (!number) return undefined;
  return number.int !== undefined ? String(number.int) : pyFloatRepr(number.float);
}

/** repr() of a str: single quotes unless only double quotes avoid escaping; control characters escaped. */
function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === quote || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || (code >= 0x7f && code <= 0xa0)) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out + quote;
}

/** repr() of a JSON value as Python holds it (dicts in their keys' order here). */
function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return pyStrRepr(value);
  const number = numberText(value);
  if (number !== undefined) return number;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
}

/** str(value): a string as it is, anything else as its repr. */
export const pyStr = (value: unknown): string => (typeof value === "string" ? value : pyRepr(value));

/** A JSON string as json.dumps writes it (ensure_ascii: everything outside printable ASCII escaped). */
function dumpsString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text[i]!;
    if (char === '"' || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (char === "\b") out += "\\b";
    else if (char === "\f") out += "\\f";
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}

/** json.dumps(value) with Python's defaults: ", " and ": " separators, ASCII only, NaN and Infinity as such. */
export function pyJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return dumpsString(value);
  const number = pyNumber(value);
  if (number) {
    if (number.int !== undefined) return String(number.int);
    if (Number.isNaN(number.float)) return "NaN";
    if (!Number.isFinite(number.float)) return number.float > 0 ? "Infinity" : "-Infinity";
    return pyFloatRepr(number.float);
  }
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${dumpsString(k)}: ${pyJsonDumps(v)}`).join(", ")}}`;
}
