// Byte-pair merging on a toy vocabulary, where the expected parts can be worked out by hand.
import { describe, expect, test } from "vitest";
import { bytePairMerge } from "../../../gpu_gateway/emulator/bpe.ts";

/** A vocabulary given in rank order; merging ASCII text, one byte a char. */
function vocabulary(tokens: string[]) {
  const ranks = new Map(tokens.map((token, rank) => [token, rank]));
  return (text: string) => ({
    merge: () => bytePairMerge(text.length, (start, end) => ranks.get(text.slice(start, end))).map((rank) => tokens[rank]),
  });
}

describe("bytePairMerge", () => {
  test("the lowest-ranked pair merges first", () => {
    const of = vocabulary(["a", "b", "c", "bc", "ab"]);
    // "bc" outranks "ab", so b goes right: a + bc, not ab + c.
    expect(of("abc").merge()).toEqual(["a", "bc"]);
  });

  test("equal pairs merge leftmost first, merged parts merge again", () => {
    const of = vocabulary(["x", "xx", "xxxx"]);
    expect(of("xxx").merge()).toEqual(["xx", "x"]);
    expect(of("xxxxx").merge()).toEqual(["xxxx", "x"]);
    expect(of("x".repeat(11)).merge()).toEqual(["xxxx", "xxxx", "xx", "x"]);
  });

  test("a pair merges only into a token of the vocabulary", () => {
    const of = vocabulary(["a", "b", "aa"]);
    expect(of("abba").merge()).toEqual(["a", "b", "b", "a"]);
    expect(of("a").merge()).toEqual(["a"]);
    expect(of("").merge()).toEqual([]);
  });

  test("a byte without a token is a RangeError", () => {
    const of = vocabulary(["a"]);
    expect(() => of("ab").merge()).toThrow(RangeError);
  });
});
