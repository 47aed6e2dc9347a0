// EvalPlus's output check, on JSON values (tuples already lists): the returned value equals the
// expected one as Python's == says (1 == 1.0 == True), or, when the values are floats (EvalPlus's
// is_floats: a float, or a list of floats), they are np.allclose(out, exp, rtol=1e-7, atol) with
// atol the problem's, else 1e-6. JSON cannot tell 2.0 from 2: an expected value is floats when
// it holds a non-integer, or when the returned value (typed by our harness) is floats.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isNumeric = (v: unknown): v is number | boolean => typeof v === "number" || typeof v === "boolean";
const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

export function pythonEqual(a: unknown, b: unknown): boolean {
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => pythonEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && pythonEqual(a[key], b[key]));
  }
  return a === b;
}

const RTOL = 1e-7;
const FLOAT_ATOL = 1e-6;

/** np.isclose on two numbers: |a - b| <= atol + rtol × |b|; equal infinities close, NaN never. */
const isClose = (a: number, b: number, atol: number) => (!Number.isFinite(a) || !Number.isFinite(b) ? a === b : Math.abs(a - b) <= atol + RTOL * Math.abs(b));

const nonInteger = (v: unknown) => typeof v === "number" && !Number.isInteger(v);
const looksFloats = (v: unknown) => nonInteger(v) || (Array.isArray(v) && v.length > 0 && v.some(nonInteger) && v.every((i) => typeof i === "number"));

export function outputMatches(out: unknown, outIsFloats: boolean, expected: unknown, problemAtol = 0): boolean {
  if (pythonEqual(out, expected)) return true;
  const atol = problemAtol !== 0 ? problemAtol : outIsFloats || looksFloats(expected) ? FLOAT_ATOL : 0;
  if (atol === 0) return false;
  // EvalPlus first asks type(out) is type(exp): a number for a float must be a float.
  if (typeof expected === "number") return outIsFloats && typeof out === "number" && isClose(out, expected, atol);
  if (Array.isArray(expected) && Array.isArray(out) && out.length === expected.length) {
    return out.every((o, i) => isNumeric(o) && isNumeric(expected[i]) && isClose(Number(o), Number(expected[i]), atol));
  }
  return false;
}
