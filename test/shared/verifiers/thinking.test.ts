import { describe, expect, test } from "vitest";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";

describe("withoutThinking", () => {
  test.each([
    ["<think>plan</think>\n Answer <thinking>more</thinking>done ", "Answer done"],
    ["reasoning whose opening tag was in the prompt</think>\n\nThe answer.", "The answer."],
    ["a</thinking>b</thinking>c", "b</thinking>c"],
    ["<think>a</think>x<think>b</think>y", "xy"],
    ["x<think>never closed", "x<think>never closed"],
    ["<think>one<think>two</think>three", "three"],
    ["no tags at all", "no tags at all"],
  ])("%j -> %j", (input, output) => expect(withoutThinking(input)).toBe(output));

  test("a model's megabyte of unclosed tags is read in one pass (a regex scan would not finish)", () => {
    const hostile = "<think>".repeat(150_000) + "answer";
    expect(withoutThinking(hostile)).toBe(hostile);
    expect(withoutThinking(`${"<thinking>x".repeat(100_000)}</thinking>ok`)).toBe("ok");
  });
});
