// LiveCodeBench's function-call check (grade_call_based), on JSON values read exactly: the
// returned value (tuples already lists) equals the expected one as Python's == says (1 == 1.0 ==
// True; [2^53 + 1] != [2^53]), or both read as floats are close the way numpy.allclose says
// (float("2.5") reads a string too).
import { pyNumber } from "../../../shared/json/exact.ts";
import type { ExactNumber } from "../../../shared/json/exact.ts";
import { pythonEqual } from "../../../shared/verifiers/json_equal.ts";

/** What a JSON text reads as, its numbers exact. */
type Json = null | boolean | number | ExactNumber | string | Json[] | { [key: string]: Json };

const FLOAT_TEXT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*(?:e[+-]?\d(?:_?\d)*)?|\d(?:_?\d)*\.(?:e[+-]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

/** Python's float(v), or null where it would raise (an int too large for a float overflows). */
function pythonFloat(v: Json): number | null {
  const number = pyNumber(v);
  if (number?.int !== undefined) {
    const float = Number(number.int);
    return Number.isFinite(float) ? float : null;
  }
  if (number) return number.float;
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
