// EvalPlus's output check, on JSON values read exactly (shared/json/exact.ts: the row's expected
// value and the solution's returned one keep Python's ints and floats). A test passes when the
// value equals the expected one as Python's == says (exact numbers: 1 == 1.0 == True, but
// 2^53 + 1 != 2^53), or when a tolerance applies and numpy's assert_allclose (rtol 1e-7) accepts
// them. The tolerance is the problem's atol, else 1e-6 where the EXPECTED value is floats
// (EvalPlus's is_floats: a float, or a list of nothing but floats), else none: an expected int
// must come back exactly, whatever type the solution returns. (EvalPlus keeps 1e-6 for the rest
// of a list once an expected value was floats; here each test gets its own, so never for an int.)
import { pyNumber } from "../../../shared/json/exact.ts";
import { pythonEqual } from "../../../shared/verifiers/json_equal.ts";

const RTOL = 1e-7;
const FLOATS_ATOL = 1e-6;
const INT64_MIN = -(2n ** 63n);
const UINT64_END = 2n ** 64n;

const isFloat = (value: unknown) => typeof value !== "boolean" && pyNumber(value)?.float !== undefined;
const isFloats = (value: unknown) => isFloat(value) || (Array.isArray(value) && value.every(isFloat));

/** A value as numpy reads it into an array of numbers: its shape and values; undefined where numpy cannot (text, None, ragged lists, ints past 64 bits). */
function asArray(value: unknown): { shape: number[]; values: number[] } | undefined {
  const number = pyNumber(value);
  if (number?.int !== undefined) return number.int >= INT64_MIN && number.int < UINT64_END ? { shape: [], values: [Number(number.int)] } : undefined;
  if (number) return { shape: [], values: [number.float] };
  if (!Array.isArray(value)) return undefined;
  const items = value.map(asArray);
  const inner = items[0]?.shape ?? [];
  if (!items.every((item) => item && item.shape.join() === inner.join())) return undefined;
  return { shape: [value.length, ...inner], values: items.flatMap((item) => item!.values) };
}

/** numpy's isclose, NaN equal to NaN as assert_allclose has it. */
const isClose = (x: number, y: number, atol: number) => x === y || (Number.isNaN(x) && Number.isNaN(y)) || (Number.isFinite(y) && Math.abs(x - y) <= atol + RTOL * Math.abs(y));

/** np.testing.assert_allclose(out, expected, atol): equal shapes, or a single number against every element. */
function allClose(out: unknown, expected: unknown, atol: number): boolean {
  const [a, b] = [asArray(out), asArray(expected)];
  if (!a || !b) return false;
  if (a.shape.length === 0) return b.values.every((y) => isClose(a.values[0]!, y, atol));
  if (b.shape.length === 0) return a.values.every((x) => isClose(x, b.values[0]!, atol));
  return a.shape.join() === b.shape.join() && a.values.every((x, i) => isClose(x, b.values[i]!, atol));
}

export function outputMatches(out: unknown, expected: unknown, problemAtol = 0): boolean {
  if (pythonEqual(out, expected)) return true;
  const atol = problemAtol !== 0 ? problemAtol : isFloats(expected) ? FLOATS_ATOL : 0;
  return atol !== 0 && allClose(out, expected, atol);
}
