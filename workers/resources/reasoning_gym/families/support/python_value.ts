// Python values as scorers that json.loads or eval a model's answer see them, and the few Python
// operations those scorers apply to them: ==, < (which sorted() uses), str(), repr() and iteration.
// Python's types are kept apart so the operations can follow them: int is a bigint, float a number,
// bool a boolean, None null, str a string, list an array, tuple a PyTuple, dict a Map.
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";

export class PyTuple {
  readonly items: readonly PyValue[];
  constructor(items: readonly PyValue[]) {
    this.items = items;
  }
}

export type PyValue = null | boolean | bigint | number | string | PyValue[] | PyTuple | Map<string, PyValue>;

/** The Python error a scorer's operation would raise (callers catching it score as the library's except does). */
export class PyTypeError extends TypeError {}

const isNumeric = (v: PyValue): v is boolean | bigint | number => typeof v === "boolean" || typeof v === "bigint" || typeof v === "number";
const asExact = (v: boolean | bigint): bigint => (typeof v === "boolean" ? (v ? 1n : 0n) : v);

/** a <=> b for Python numbers compared exactly (an int with a float is not rounded); NaN for NaN. */
function numericOrder(a: boolean | bigint | number, b: boolean | bigint | number): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN;
  if (typeof a !== "number" && typeof b !== "number") {
    const x = asExact(a);
    const y = asExact(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const [int, float, sign] = typeof a === "number" ? [asExact(b as boolean | bigint), a, -1] : [asExact(a as boolean | bigint), b as number, 1];
  if (Number.isNaN(float)) return NaN;
  if (!Number.isFinite(float)) return float > 0 ? -sign : sign;
  const floor = BigInt(Math.floor(float));
  // int <=> float, then flipped when the float came first.
  const order = int < floor ? -1 : int > floor ? 1 : Number.isInteger(float) ? 0 : -1;
  return order * sign;
}

/** Python's a == b. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  if (isNumeric(a) && isNumeric(b)) return numericOrder(a, b) === 0;
  if (typeof a === "string" || typeof b === "string" || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && sameItems(a, b);
  if (a instanceof PyTuple || b instanceof PyTuple) return a instanceof PyTuple && b instanceof PyTuple && sameItems(a.items, b.items);
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !pyEquals(value, b.get(key)!)) return false;
    return true;
  }
  return false;
}

const sameItems = (a: readonly PyValue[], b: readonly PyValue[]): boolean => a.length === b.length && a.every((item, i) => pyEquals(item, b[i]!));

/** Code point order, as Python orders str (JavaScript's < orders UTF-16 units). */
function stringOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Python's a < b; throws PyTypeError where Python raises TypeError ('<' not supported). */
export function pyLess(a: PyValue, b: PyValue): boolean {
  if (isNumeric(a) && isNumeric(b)) return numericOrder(a, b) < 0;
  if (typeof a === "string" && typeof b === "string") return stringOrder(a, b) < 0;
  const seqA = Array.isArray(a) ? a : a instanceof PyTuple ? a.items : undefined;
  const seqB = Array.isArray(b) ? b : b instanceof PyTuple ? b.items : undefined;
  if (seqA && seqB && Array.isArray(a) === Array.isArray(b)) {
    const n = Math.min(seqA.length, seqB.length);
    for (let i = 0; i < n; i++) if (!pyEquals(seqA[i]!, seqB[i]!)) return pyLess(seqA[i]!, seqB[i]!);
    return seqA.length < seqB.length;
  }
  throw new PyTypeError(`'<' not supported between ${typeName(a)} and ${typeName(b)}`);
}

/** sorted(items, key=key): stable, ordered by Python's <, throwing where Python's sort would. */
export function pySorted<T>(items: readonly T[], key: (item: T) => PyValue): T[] {
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((x, y) => (pyLess(x.key, y.key) ? -1 : pyLess(y.key, x.key) ? 1 : 0));
  return keyed.map((k) => k.item);
}

export function typeName(v: PyValue): string {
  if (v === null) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "float";
  if (typeof v === "string") return "str";
  if (Array.isArray(v)) return "list";
  return v instanceof PyTuple ? "tuple" : "dict";
}

/** What `for x in v` yields: a list's or tuple's items, a str's characters, a dict's keys; else TypeError. */
export function pyIterate(v: PyValue): PyValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof PyTuple) return [...v.items];
  if (typeof v === "string") return Array.from(v);
  if (v instanceof Map) return [...v.keys()];
  throw new PyTypeError(`'${typeName(v)}' object is not iterable`);
}

/** str(v). */
export const pyStr = (v: PyValue): string => (typeof v === "string" ? v : pyRepr(v));

/** repr(v). */
export function pyRepr(v: PyValue): string {
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return pyFloatRepr(v);
  if (typeof v === "string") return reprString(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  if (v instanceof PyTuple) return v.items.length === 1 ? `(${pyRepr(v.items[0]!)},)` : `(${v.items.map(pyRepr).join(", ")})`;
  return `{${[...v].map(([key, value]) => `${reprString(key)}: ${pyRepr(value)}`).join(", ")}}`;
}

// Characters str.isprintable() rejects (besides the space, which it accepts).
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch !== " " && (cp < 0x20 || cp === 0x7f || UNPRINTABLE.test(ch))) {
      const hex = cp.toString(16);
      out += cp < 0x100 ? `\\x${hex.padStart(2, "0")}` : cp < 0x10000 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** bool(v) in Python for a value of a JSON row (as JavaScript parsed it): empty containers are false, NaN is true. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string" || Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return Boolean(v);
}
