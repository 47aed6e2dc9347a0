import { describe, expect, test } from "vitest";
import { pyLastWord, pyStrip, pythonInt } from "../../../shared/verifiers/python_str.ts";

describe("Python str whitespace", () => {
  test("strip: U+001C..U+001F and U+0085 are whitespace, U+FEFF is not (unlike String.trim)", () => {
    expect(pyStrip("\x1c\x85 a b\u3000\x1f")).toBe("a b");
    expect(pyStrip("\ufeffa\ufeff")).toBe("\ufeffa\ufeff");
    expect(pyStrip(" \n\t ")).toBe("");
  });

  test("the last word of split()", () => {
    expect(pyLastWord("grade:\u00a0correct \n")).toBe("correct");
    expect(pyLastWord("x\x1ccorrect")).toBe("correct");
    expect(pyLastWord("a\ufeffb")).toBe("a\ufeffb");
    expect(pyLastWord(" \n ")).toBeUndefined();
  });
});

describe("Python int()", () => {
  test.each([
    ["2", 2n],
    [" +2\n", 2n],
    ["-7", -7n],
    ["0_02", 2n],
    ["\uff12", 2n],
    ["\u0662", 2n],
    ["\u{1D7D0}", 2n], // MATHEMATICAL BOLD DIGIT TWO, in a run of five 0..9 blocks
    ["\u{1D7E4}", 2n], // MATHEMATICAL SANS-SERIF DIGIT TWO, the third block of that run
    ["\x0b1\x85", 1n],
    ["\u00a01\u3000", 1n],
  ])("reads %j", (text, value) => {
    expect(pythonInt(text)).toBe(value);
  });

  test.each([["2.0"], ["0__2"], ["_2"], ["2_"], ["+ 2"], [""], ["0x2"], ["\ufeff2"], ["\x1c1"], ["1\x1f"], ["2".repeat(4301)]])("refuses %j", (text) => {
    expect(pythonInt(text)).toBeUndefined();
  });

  test("4300 digits are still read (Python's default limit)", () => {
    expect(pythonInt("1".repeat(4300))).toBe(BigInt("1".repeat(4300)));
  });
});
