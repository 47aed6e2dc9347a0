// The two "same result" rules: BIRD's set equality, Spider 2.0's column vectors.
import { describe, expect, test } from "vitest";
import { anyColumnsMatch, columnsMatch } from "../../../shared/sql/column_vectors.ts";
import { sameRowSet } from "../../../shared/sql/set_equality.ts";

describe("BIRD: equal as sets of rows", () => {
  test("order and duplicates aside; column order counts; 1 equals 1.0, not '1'", () => {
    expect(sameRowSet([], [])).toBe(true);
    expect(sameRowSet([[1], [2]], [[2], [1], [2]])).toBe(true);
    expect(sameRowSet([[1, "a"]], [["a", 1]])).toBe(false);
    expect(sameRowSet([[1.0]], [[1]])).toBe(true);
    expect(sameRowSet([[1]], [["1"]])).toBe(false);
    expect(sameRowSet([[null]], [[0]])).toBe(false);
    expect(sameRowSet([[new Uint8Array([1, 2]).buffer]], [[new Uint8Array([1, 2]).buffer]])).toBe(true);
  });

  test("integers compare exactly, past 2^53 too; an integer equals a float only when the float is exactly it", () => {
    expect(sameRowSet([[2n ** 53n + 1n]], [[2n ** 53n + 1n]])).toBe(true);
    expect(sameRowSet([[2n ** 53n + 1n]], [[2n ** 53n]])).toBe(false);
    expect(sameRowSet([[2n ** 53n + 1n]], [[2 ** 53]])).toBe(false);
    expect(sameRowSet([[2n ** 53n]], [[2 ** 53]])).toBe(true);
    expect(sameRowSet([[9223372036854775807n]], [[9223372036854775806n]])).toBe(false);
    expect(sameRowSet([[8n]], [[8.0]])).toBe(true);
    expect(sameRowSet([[0n]], [[-0]])).toBe(true);
    expect(sameRowSet([[8n]], [["8"]])).toBe(false);
    expect(sameRowSet([[8n]], [[8.5]])).toBe(false);
  });
});

describe("Spider 2.0: column vectors", () => {
  test("exact, and rows in another order only with ignore_order", () => {
    expect(columnsMatch([[1, "a"], [2, "b"]], [[1, "a"], [2, "b"]], [], false)).toBe(true);
    expect(columnsMatch([[1, "a"], [2, "b"]], [[2, "b"], [1, "a"]], [], true)).toBe(true);
    expect(columnsMatch([[1, "a"], [2, "b"]], [[2, "b"], [1, "a"]], [], false)).toBe(false);
  });

  test("numbers within 0.01; text that reads as a number is one; NULL and NaN are 0", () => {
    expect(columnsMatch([[1.234]], [[1.24]], [], true)).toBe(true);
    expect(columnsMatch([[1.234]], [[1.25]], [], true)).toBe(false);
    expect(columnsMatch([["13664.08"], [" 7 "]], [[13664.08], [7]], [], true)).toBe(true);
    expect(columnsMatch([[null]], [[0]], [], true)).toBe(true);
    expect(columnsMatch([["abc"]], [["abc"]], [], true)).toBe(true);
  });

  test("extra predicted columns are allowed, and condition_cols picks the gold columns that count", () => {
    expect(columnsMatch([[1], [2]], [["x", 1], ["y", 2]], [], true)).toBe(true);
    expect(columnsMatch([[1, "a"], [2, "b"]], [[1, "z"], [2, "z"]], [0], true)).toBe(true);
    expect(columnsMatch([[1, "a"], [2, "b"]], [[1, "z"], [2, "z"]], [], true)).toBe(false);
    // Out-of-range condition columns fall back to all columns.
    expect(columnsMatch([[1, "a"]], [[1, "z"]], [5], true)).toBe(false);
  });

  test("integers from SQLite and from gold_result text: compared as floats (the reference's float()), sorted by Python's str()", () => {
    expect(columnsMatch([["9007199254740993"]], [[9007199254740993n]], [], true)).toBe(true);
    expect(columnsMatch([[100n]], [[100.004]], [], true)).toBe(true);
    expect(columnsMatch([[100n]], [[100.02]], [], true)).toBe(false);
    // Sorted as Python sorts str(): "10" < "9" for ints, "1e+16" < "2.0" for floats.
    expect(columnsMatch([["10"], ["9"]], [[9.0], [10.0]], [], true)).toBe(true);
    expect(columnsMatch([[2n], [10n ** 16n]], [[1e16], [2.0]], [], true)).toBe(true);
    // Python's str(5.0) is "5.0", after the text "5-"; str(5) is "5", before it: the sorted
    // columns pair 5.0 with 5 on one side only, so they do not match (as in the reference).
    expect(columnsMatch([["5-"], [5.5]], [["5-"], [5.5]], [], true)).toBe(true);
    expect(columnsMatch([["5-"], [5.0]], [["5-"], [5n]], [], true)).toBe(false);
  });

  test("empty results match only empty results", () => {
    expect(columnsMatch([], [], [], true)).toBe(true);
    expect(columnsMatch([[1]], [], [], true)).toBe(false);
    expect(columnsMatch([], [[1]], [], true)).toBe(false);
  });

  test("several gold results: any may match; condition_cols is shared, or one list per gold result", () => {
    const wrong = [[9]];
    const right = [[1]];
    expect(anyColumnsMatch([wrong, right], [[1]], null, true)).toBe(true);
    expect(anyColumnsMatch([], [[1]], null, true)).toBe(false);
    expect(anyColumnsMatch([[[0, 1]], [[0, 2]]], [[5, 2]], [1], true)).toBe(true);
    expect(anyColumnsMatch([[[0, 1]], [[0, 2]]], [[5, 2]], [[1], [1]], true)).toBe(true);
    // As the reference pairs them, gold results beyond the per-result lists are not compared.
    expect(anyColumnsMatch([[[0, 1]], [[0, 2]]], [[5, 2]], [[1]], true)).toBe(false);
  });
});
