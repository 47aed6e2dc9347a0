// The nesting-depth scan over raw JSON text (shared/server/json_depth.ts): brackets count only
// outside strings, and the limit is inclusive.
import { describe, expect, test } from "vitest";
import { nestsDeeperThan } from "../../../shared/server/json_depth.ts";

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("nestsDeeperThan", () => {
  test("exactly at the limit passes, one level over does not; a top-level object or array is one level", () => {
    expect(nestsDeeperThan(nested(128), 128)).toBe(false);
    expect(nestsDeeperThan(nested(129), 128)).toBe(true);
    expect(nestsDeeperThan("{}", 1)).toBe(false);
    expect(nestsDeeperThan('{"a":{}}', 1)).toBe(true);
    expect(nestsDeeperThan('"text"', 1)).toBe(false);
    expect(nestsDeeperThan("42", 1)).toBe(false);
  });

  test("objects and arrays count alike, and siblings do not add up", () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`[${Array(1000).fill("[[]]").join(",")}]`, 3)).toBe(false);
  });

  test("brackets inside strings do not count, however the string is escaped", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[[[[{{{{" }), 1)).toBe(false);
    // An escaped quote does not end the string, so the brackets after it are still text.
    expect(nestsDeeperThan(JSON.stringify({ text: 'say "[[[[" \\" [[[[' }), 1)).toBe(false);
    // An escaped backslash right before the closing quote does end it: the bracket after is real.
    expect(nestsDeeperThan('{"a":"\\\\","b":[[]]}', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"\\\\","b":[[]]}', 3)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ "[[[[": "]]]]" }), 1)).toBe(false);
  });

  test("a 10,000-level body is caught, and so is a truncated one that never closes", () => {
    expect(nestsDeeperThan(`{"metadata":${nested(10_000)}}`, 128)).toBe(true);
    expect(nestsDeeperThan("[".repeat(129), 128)).toBe(true);
  });
});
