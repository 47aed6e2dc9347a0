// Python's round(x, ndigits) as the reference's metrics use it (arena_judge's win rates, structeval's
// reward, iheval's reference components): the exact binary value, halves to even.
import { describe, expect, test } from "vitest";
import { pyRound } from "../../../shared/verifiers/python_round.ts";

describe("pyRound", () => {
  test("exact halves go to even; values that only print as halves go by their binary value", () => {
    expect([pyRound(0.125, 2), pyRound(0.375, 2), pyRound(2.675, 2), pyRound(-14.065, 2), pyRound(71.875, 2)]).toEqual([0.12, 0.38, 2.67, -14.06, 71.88]);
    expect([pyRound(0.2 + 0.8 * (7 / 32), 2), pyRound(0.2 + 0.8 * (1 / 3), 2), pyRound(0.5, 0), pyRound(1.5, 0), pyRound(2.5, 0)]).toEqual([0.38, 0.47, 0, 2, 2]);
  });

  test("more digits than the value holds, negatives, and zero", () => {
    expect([pyRound(0.1, 5), pyRound(-0.004, 2), pyRound(0, 3), pyRound(123.456, 1)]).toEqual([0.1, 0, 0, 123.5]);
    expect(Object.is(pyRound(-0.004, 2), -0)).toBe(false);
  });
});
