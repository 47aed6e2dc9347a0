// Python's json.dumps and str() of parsed JSON, pinned to what CPython 3.11 prints for the same text.
import { describe, expect, test } from "vitest";
import { parseExact } from "../../../shared/json/exact.ts";
import { compareCodePoints, pyJsonDumps, pyRepr, pyStr } from "../../../shared/json/python_text.ts";

const value = parseExact('{"b": [1, 2.0, 1e16, 1e-5, 0.0001, true, null], "a": "\\u00e9\\u007f\\ud83d\\ude00", "\\u00e9": {}}');

describe("python_text", () => {
  test("json.dumps: separators, sort_keys, ensure_ascii, float reprs", () => {
    expect(pyJsonDumps(value)).toBe('{"b": [1, 2.0, 1e+16, 1e-05, 0.0001, true, null], "a": "\\u00e9\\u007f\\ud83d\\ude00", "\\u00e9": {}}');
    expect(pyJsonDumps(value, { sortKeys: true, separators: [",", ":"] })).toBe('{"a":"\\u00e9\\u007f\\ud83d\\ude00","b":[1,2.0,1e+16,1e-05,0.0001,true,null],"\\u00e9":{}}');
    expect(pyJsonDumps(value, { ensureAscii: false })).toBe('{"b": [1, 2.0, 1e+16, 1e-05, 0.0001, true, null], "a": "é\u007f😀", "é": {}}');
  });

  test("str() and repr()", () => {
    expect(pyStr(value)).toBe("{'b': [1, 2.0, 1e+16, 1e-05, 0.0001, True, None], 'a': 'é\\x7f😀', 'é': {}}");
    expect(pyRepr(parseExact('[1.5, "it\'s", "q\\"", null, false]'))).toBe(`[1.5, "it's", 'q"', None, False]`);
    expect(pyStr(parseExact("5.0"))).toBe("5.0");
    expect(pyStr(parseExact("12345678901234567891"))).toBe("12345678901234567891");
  });

  test("strs order by code point: an astral character after U+E000", () => {
    expect(["😀", "\ue000", "a"].sort(compareCodePoints)).toEqual(["a", "\ue000", "😀"]);
    expect(compareCodePoints("ab", "a")).toBeGreaterThan(0);
    expect(compareCodePoints("x😀", "x😁")).toBeLessThan(0);
  });
});
