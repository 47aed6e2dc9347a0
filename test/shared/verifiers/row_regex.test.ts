// A row's regex is compiled only in a shape that cannot backtrack exponentially: a group repeated
// more than once may not hold a quantifier or an alternation; a group taken at most once may.
import { describe, expect, test } from "vitest";
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";

describe("row regex guard", () => {
  test.each([
    ["^\\d{5}(-\\d{4})?$", "12345-6789"],
    ["^(a+){1}$", "aaa"],
    ["^(x|y)?z$", "yz"],
    ["^(?:ab+){0,1}c$", "abbbc"],
  ])("a group taken at most once may hold quantifiers: %s", (pattern, text) => {
    expect(rowRegex(pattern)?.test(text)).toBe(true);
  });

  test.each(["^(a+)+$", "^(a|aa)*$", "^(a+){2}$", "^(a+){0,}$", "^(a+){0,2}$", "^((a+)?)+$", "^((a|b)?)*c$", "(a)\\1"])("refused: %s", (pattern) => {
    expect(rowRegex(pattern)).toBeUndefined();
  });
});
