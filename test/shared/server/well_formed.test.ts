// Well-formed text in parsed bodies (shared/server/well_formed.ts): a lone UTF-16 surrogate in any
// string or object key is found, with the field path a 400 reports.
import { describe, expect, test } from "vitest";
import { illFormedText } from "../../../shared/server/well_formed.ts";

const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

describe("illFormedText", () => {
  test("well-formed text passes, astral characters (surrogate pairs) included", () => {
    expect(illFormedText({ text: "héllo 😀 𝄞", list: ["a", 1, null, true, { deep: ["ok"] }] })).toBeUndefined();
    expect(illFormedText("😀")).toBeUndefined();
    expect(illFormedText(42)).toBeUndefined();
  });

  test("a lone surrogate in a string is reported at its field path", () => {
    const row = { responses_create_params: { input: [{ role: "user", content: `hi ${LONE_HIGH}` }] } };
    expect(illFormedText(row)).toEqual({ path: "responses_create_params.input[0].content", message: expect.stringContaining("lone UTF-16 surrogate") });
    expect(illFormedText({ a: [["ok", `x${LONE_LOW}`]] })?.path).toBe("a[0][1]");
    // A low surrogate before a high one is two lone halves, not a pair.
    expect(illFormedText({ a: LONE_LOW + LONE_HIGH })?.path).toBe("a");
    expect(illFormedText(LONE_HIGH)?.path).toBe("(body)");
  });

  test("a lone surrogate in an object key is reported at the key, shown with U+FFFD so the answer stays well-formed", () => {
    const issue = illFormedText({ tools: [{ parameters: { [`k${LONE_HIGH}`]: 1 } }] });
    expect(issue).toEqual({ path: "tools[0].parameters.k\ufffd", message: expect.stringContaining("object key") });
    expect(issue!.path).not.toMatch(/\p{Surrogate}/u);
  });

  test("the first bad field in document order is the one reported", () => {
    expect(illFormedText({ a: "ok", b: { c: LONE_HIGH }, [`d${LONE_HIGH}`]: 1, e: LONE_LOW })?.path).toBe("b.c");
    expect(illFormedText([{ [`k${LONE_LOW}`]: "x" }, LONE_HIGH])?.path).toBe("[0].k\ufffd");
  });
});
