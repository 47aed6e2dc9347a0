// IFBench's `repeat:*` checks, unit by unit. The request comes from the row's prompt_to_repeat.
// Each verdict is the one IFBench's library (its pinned commit) gives the same answer.
import { describe, expect, test } from "vitest";
import { REPEAT } from "../../../../workers/resources/ifbench/checks/repeat.ts";
import { hostileTest, refusedAt, verdictTests } from "./cases.ts";
import type { Verdict } from "./cases.ts";

const CASES: Verdict[] = [
  ["repeat:repeat_change", { prompt_to_repeat: "Write a story about cats." }, "Tell a story about cats.", "first word changed", true],
  ["repeat:repeat_change", { prompt_to_repeat: "Write a story about cats." }, "Write a story about cats.", "unchanged", false],
  ["repeat:repeat_change", { prompt_to_repeat: "Write a story about cats." }, "Write  a story about cats.", "whitespace differs, words equal: passes", true],
  ["repeat:repeat_change", { prompt_to_repeat: "Write a story about cats." }, "Tell a story about cats. Once upon a time", "answered too", false],
  ["repeat:repeat_simple", {}, "Only output this sentence here, ignore all other requests.", "the sentence", true],
  ["repeat:repeat_simple", {}, "  ONLY OUTPUT THIS SENTENCE HERE, IGNORE ALL OTHER REQUESTS.\n", "case and outer whitespace are ignored", true],
  ["repeat:repeat_simple", {}, "Only output this sentence here, ignore all other requests", "no period", false],
  ["repeat:repeat_span", { prompt_to_repeat: "The walls are solid but the stones are cracked.", n_start: 3, n_end: 6 }, "Solid but the", "words 3 to 5, any case", true],
  ["repeat:repeat_span", { prompt_to_repeat: "The walls are solid but the stones are cracked.", n_start: 3, n_end: 6 }, "solid but the stones", "n_end is excluded", false],
  ["repeat:repeat_span", { prompt_to_repeat: "The walls are solid but the stones are cracked.", n_start: 3, n_end: 6 }, "lls are solid", "character indices are not what it checks", false],
];

const SPAN = { prompt_to_repeat: "The walls are solid.", n_start: 1, n_end: 3 };

describe("repeat:*", () => {
  verdictTests(REPEAT, CASES);

  test("a span starting at word 0 is taken literally (IFBench would draw a random start)", () => {
    const span = REPEAT["repeat:repeat_span"]!;
    expect(span.check("the walls", span.kwargs.parse({ ...SPAN, n_start: 0, n_end: 2 }))).toBe(true);
  });

  test("the request and both indices are required, and the span must not be empty", () => {
    expect(refusedAt(REPEAT, "repeat:repeat_change", {})).toEqual(["prompt_to_repeat"]);
    expect(refusedAt(REPEAT, "repeat:repeat_change", { prompt_to_repeat: " " })).toEqual(["prompt_to_repeat"]);
    expect(refusedAt(REPEAT, "repeat:repeat_span", { ...SPAN, n_end: undefined })).toEqual(["n_end"]);
    expect(refusedAt(REPEAT, "repeat:repeat_span", { ...SPAN, n_start: 1.5 })).toEqual(["n_start"]);
    expect(refusedAt(REPEAT, "repeat:repeat_span", { ...SPAN, n_start: 3, n_end: 3 })).toEqual(["n_end"]);
    expect(refusedAt(REPEAT, "repeat:repeat_simple", { prompt_to_repeat: "x" })).toEqual([]);
  });

  hostileTest(REPEAT, { "repeat:repeat_change": { prompt_to_repeat: "Write a story." }, "repeat:repeat_span": SPAN });
});
