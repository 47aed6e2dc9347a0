import { describe, expect, test } from "vitest";
import { stdioMismatch, truncate } from "../../../../workers/resources/code_gen/compare_stdio.ts";
import { callResultMatches } from "../../../../workers/resources/code_gen/compare_call.ts";
import type { Json } from "../../../../workers/resources/code_gen/compare_call.ts";
import { parseExact } from "../../../../shared/json/exact.ts";
import { decimalsEqual, parseDecimal } from "../../../../workers/resources/code_gen/decimal.ts";
import { extractCode } from "../../../../workers/resources/code_gen/extract.ts";

describe("code_gen: extracting the code (LiveCodeBench's extract_code)", () => {
  test("the last fenced block, whatever its language tag", () => {
    expect(extractCode("first\n```python\nprint(1)\n```\nthen\n```python\nprint(2)\nprint(3)\n```\ndone")).toBe("print(2)\nprint(3)");
    expect(extractCode("```\nx = 1\n```")).toBe("x = 1");
    expect(extractCode("```py\nx = 1\n```")).toBe("x = 1");
  });

  test("fewer than two fence lines is no code", () => {
    expect(extractCode("print(1)")).toBe("");
    expect(extractCode("```python\nprint(1)")).toBe("");
  });

  test("fence lines are any lines containing ```, so a stray one ends the block early", () => {
    expect(extractCode("```python\ns = '```'\nprint(s)\n```")).toBe("print(s)");
  });
});

describe("code_gen: Decimal", () => {
  const eq = (a: string, b: string) => decimalsEqual(parseDecimal(a)!, parseDecimal(b)!);

  test("numeric equality whatever the notation", () => {
    expect(eq("3", "3.0")).toBe(true);
    expect(eq("3.00", "3")).toBe(true);
    expect(eq("1e2", "100")).toBe(true);
    expect(eq(".5", "0.50")).toBe(true);
    expect(eq("-0", "0.000")).toBe(true);
    expect(eq("+7", "7")).toBe(true);
    expect(eq("1_000", "1000")).toBe(true);
    expect(eq("1__0", "10")).toBe(true); // CPython 3.11 drops every underscore
    expect(eq("1._5", "1.5")).toBe(true);
    expect(eq("Infinity", "inf")).toBe(true);
  });

  test("exact, with no float rounding; NaN equals nothing", () => {
    expect(eq("50000000000000000", "50000000000000001")).toBe(false);
    expect(eq("0.1", "0.10000000000000001")).toBe(false);
    expect(eq("NaN", "NaN")).toBe(false);
    expect(eq("-inf", "inf")).toBe(false);
  });

  test("what Decimal() refuses is not a Decimal", () => {
    for (const token of ["abc", "1.2.3", "1e", "--1", "_", "0x10", ""]) expect(parseDecimal(token), token).toBeNull();
  });
});

describe("code_gen: stdin/stdout comparison (LiveCodeBench's grade_stdio)", () => {
  test("whitespace around the output and around each line does not matter", () => {
    expect(stdioMismatch("  3 \r\n\n", "3")).toBeNull();
    expect(stdioMismatch("1 2\n 3 4\t\n", "1 2\n3 4\n")).toBeNull();
  });

  test("tokens compare as Decimals when the lines differ", () => {
    expect(stdioMismatch("2.50\n3.0\n", "2.5\n3\n")).toBeNull();
    expect(stdioMismatch("1   2", "1 2")).toBeNull();
    expect(stdioMismatch("2.5000001", "2.5")).toBe("Wrong answer at output_line_idx=0: 2.5000001 != 2.5");
  });

  test("a different number of lines is a wrong answer, blank inner lines included", () => {
    expect(stdioMismatch("1\n\n2", "1\n2")).toBe("Wrong answer: mismatched output length");
    expect(stdioMismatch("", "0")).toBe("Wrong answer at output_line_idx=0:  != 0");
  });

  test("words must be equal exactly, case included", () => {
    expect(stdioMismatch("Yes", "YES")).toBe("Wrong answer at output_line_idx=0: Yes != YES");
    expect(stdioMismatch("yes 1.0", "yes 1")).toMatch(/^Wrong answer at output_line_idx=0/);
  });

  test("truncate keeps the two ends of a long value", () => {
    expect(truncate("x".repeat(400))).toBe(`${"x".repeat(150)}...(truncated) ...${"x".repeat(150)}`);
  });
});

describe("code_gen: function-call comparison (LiveCodeBench's grade_call_based)", () => {
  test("Python's ==: ints equal floats and booleans, lists and dicts element by element", () => {
    expect(callResultMatches([1, 3, 6], [1, 3.0, 6])).toBe(true);
    expect(callResultMatches(true, 1)).toBe(true);
    expect(callResultMatches({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(callResultMatches([1, 2], [2, 1])).toBe(false);
    expect(callResultMatches({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(callResultMatches(null, 0)).toBe(false);
  });

  test("scalars that read as floats may be close (numpy.allclose)", () => {
    expect(callResultMatches(0.30000000000000004, 0.3)).toBe(true);
    expect(callResultMatches(1.00001, 1)).toBe(true);
    expect(callResultMatches(1.001, 1)).toBe(false);
    expect(callResultMatches("2.5", 2.5)).toBe(true);
    expect(callResultMatches("two", 2)).toBe(false);
    expect(callResultMatches([0.1], [0.1000001])).toBe(false);
  });

  test("no result (a result line the harness did not print) never matches", () => {
    expect(callResultMatches(undefined, null)).toBe(false);
  });

  test("numbers read exactly: lists of ints past 2^53 compare exactly (float() of a list raises), scalars as floats (numpy.allclose)", () => {
    const matches = (prediction: string, expected: string) => callResultMatches(parseExact(prediction) as Json, parseExact(expected) as Json);
    expect(matches("[9007199254740993]", "[9007199254740992]")).toBe(false);
    expect(matches('{"n": 12345678901234567891}', '{"n": 12345678901234567892}')).toBe(false);
    expect(matches("[12345678901234567891, 2.0]", "[12345678901234567891, 2]")).toBe(true);
    expect(matches("9007199254740993", "9007199254740992")).toBe(true);
    expect(matches(`1${"0".repeat(400)}`, "1e+308")).toBe(false);
  });
});
