// LiveCodeBench's function-call check (grade_call_based), on JSON values: the returned value
// (tuples already lists) equals the expected one as Python's == says (1 == 1.0 == True), or both
// read as floats are close the way numpy.allclose says (float("2.5") reads a string too).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isNumeric = (v: Json): v is number | boolean => typeof v === "number" || typeof v === "boolean";
const isObject = (v: Json): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

export function pythonEqual(a: Json, b: Json): boolean {
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => pythonEqual(item, b[i]!));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && pythonEqual(a[key]!, b[key]!));
  }
  return a === b;
}

const FLOAT_TEXT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*(?:e[+-]?\d(?:_?\d)*)?|\d(?:_?\d)*\.(?:e[+-]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

/** Python's float(v), or null where it would raise. */
function pythonFloat(v: Json): number | null {
  if (isNumeric(v)) return Number(v);
  if (typeof v !== "string") return null;
  const text = v.trim();
  if (!FLOAT_TEXT.test(text)) return null;
  const lower = text.toLowerCase().replaceAll("_", "");
  if (lower.endsWith("nan")) return NaN;
  if (lower.endsWith("inf") || lower.endsWith("infinity")) return lower.startsWith("-") ? -Infinity : Infinity;
  return Number(lower);
}

/** numpy.allclose on two scalars: |a - b| <= 1e-8 + 1e-5 × |b|, equal infinities close, NaN never. */
function allClose(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= 1e-8 + 1e-5 * Math.abs(b);
}

export function callResultMatches(prediction: Json | undefined, expected: Json): boolean {
  if (prediction === undefined) return false;
  if (pythonEqual(prediction, expected)) return true;
  const a = pythonFloat(prediction);
  const b = pythonFloat(expected);
  return a !== null && b !== null && allClose(a, b);
}

export type { Json };
