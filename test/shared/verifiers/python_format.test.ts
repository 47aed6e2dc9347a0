import { describe, expect, test } from "vitest";
import { pyFormatFixed, pyFormatPercent } from "../../../shared/verifiers/python_format.ts";

// Expected values from CPython's format().
describe("Python's fixed-point float formatting", () => {
  test("the exact binary value, rounded half to even (toFixed rounds halves up)", () => {
    expect([pyFormatFixed(0.5, 0), pyFormatFixed(2.5, 0), pyFormatFixed(2.675, 2), pyFormatFixed(123456.785, 2)]).toEqual(["0", "2", "2.67", "123456.79"]);
  });

  test("a negative value keeps its sign when it rounds to zero; -0.0 too", () => {
    expect([pyFormatFixed(-0.04, 1), pyFormatFixed(-0.0, 0), pyFormatFixed(1e-7, 1), pyFormatFixed(Infinity, 1), pyFormatFixed(Number.NaN, 2)]).toEqual(["-0.0", "-0", "0.0", "inf", "nan"]);
  });

  test("percent: one float multiplication by 100, then fixed", () => {
    // 0.995 * 100 is the double 99.5, an exact half, so it goes to the even 100.
    expect([pyFormatPercent(0.125, 0), pyFormatPercent(0.995, 0), pyFormatPercent(0, 0), pyFormatPercent(0.4, 0)]).toEqual(["12%", "100%", "0%", "40%"]);
  });
});
