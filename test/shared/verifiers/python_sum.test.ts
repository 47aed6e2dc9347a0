// Python 3.12+'s sum() of floats (Neumaier-compensated). Every expected value below is what CPython
// 3.12.1 and 3.13.0 print for the same list (and each can be followed by hand: the comments say how);
// on every case a plain left-to-right fold gives something else.
import { describe, expect, test } from "vitest";
import { pythonFloatSum } from "../../../shared/verifiers/python_sum.ts";

const naive = (values: number[]): number => values.reduce((total, x) => total + x, 0);

describe("pythonFloatSum", () => {
  test.each([
    // 1e16 + 1 rounds back to 1e16 (a tie, to even); the lost 1 is kept and added at the end.
    { values: [1e16, 1.0, -1e16], expected: 1.0, naive: 0 },
    { values: [-1e16, -1.0, 1e16], expected: -1.0, naive: 0 },
    // The Python 3.12 tutorial's example of the change.
    { values: Array<number>(10).fill(0.1), expected: 1.0, naive: 0.9999999999999999 },
    { values: [0.1, 0.2, 0.3], expected: 0.6, naive: 0.6000000000000001 },
    // Neumaier, not Kahan: the large term comes second, yet both 1.0s survive.
    { values: [1.0, 1e100, 1.0, -1e100], expected: 2.0, naive: 0 },
    { values: [3.0, 1e-16, 1e-16, -3.0], expected: 2e-16, naive: 0 },
  ])("$values sums to $expected (naive: $naive)", ({ values, expected, naive: naiveSum }) => {
    expect(Object.is(naive(values), naiveSum)).toBe(true);
    expect(Object.is(pythonFloatSum(values), expected)).toBe(true);
  });

  test("an infinite or overflowed total stays infinite: a non-finite compensation is dropped", () => {
    // inf + 1.0: the compensation (inf - inf) + 1.0 is NaN; 1e308 + 1e308 overflows with compensation -inf.
    expect(pythonFloatSum([Infinity, 1.0])).toBe(Infinity);
    expect(pythonFloatSum([1e308, 1e308])).toBe(Infinity);
    expect(pythonFloatSum([1e308, 1e308, -1e308])).toBe(Infinity);
    expect(pythonFloatSum([-Infinity, Infinity])).toBeNaN();
    expect(pythonFloatSum([Number.NaN, 1.0])).toBeNaN();
  });

  test("the int start: an empty list is 0 and a lone -0.0 becomes 0.0", () => {
    expect(Object.is(pythonFloatSum([]), 0)).toBe(true);
    expect(Object.is(pythonFloatSum([-0.0]), 0)).toBe(true);
    expect(Object.is(pythonFloatSum([-0.0, -0.0]), 0)).toBe(true);
    expect(pythonFloatSum([2.5])).toBe(2.5);
  });
});
