// The letter-graded judges' shared pieces: the reply text NeMo's servers grade, reasoning removed,
// letters read both ways, the chat params NeMo sends, the tier flags and recorded replies.
import { describe, expect, test } from "vitest";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import { chatJudgeParams, lastReplyText, readLetter, recordedJudgeOutput, tierFlags } from "../../../shared/judge/graded_letters.ts";
import type { JudgeCallSettings } from "../../../shared/judge/settings.ts";

const text = (t: string) => ({ type: "output_text" as const, text: t, annotations: [] });
const message = (...parts: ReturnType<typeof text>[]) => ({ type: "message" as const, role: "assistant" as const, content: parts });

describe("lastReplyText", () => {
  test("the last assistant message's parts, joined by newlines and trimmed", () => {
    expect(lastReplyText([message(text("draft")), message(text(" one "), text("two "))] as never)).toBe("one \ntwo");
  });
  test("a last message with no text parts gives way to an earlier one; none at all is empty", () => {
    expect(lastReplyText([message(text("earlier")), message()] as never)).toBe("earlier");
    expect(lastReplyText([{ type: "reasoning", id: "r", summary: [] }] as never)).toBe("");
    expect(lastReplyText([{ type: "message", role: "assistant", content: "plain" }] as never)).toBe("plain");
  });
});

describe("withoutThinking", () => {
  test.each([
    ["<think>a</think>B", "B"],
    ["<think>a</think>B<think>c</think> D ", "B D"],
    ["<thinking>\nlong\n</thinking>\nB", "B"],
    ["prompt opened it</think>B", "B"],
    ["x</think>y</think>z", "y</think>z"],
    ["plain", "plain"],
  ])("%j -> %j", (input, output) => expect(withoutThinking(input)).toBe(output));
});

describe("readLetter", () => {
  const leading = { letters: ["A", "B", "C"], match: "leading", fallback: "C" } as const;
  const whole = { letters: ["A", "B", "C"], match: "whole", fallback: "B" } as const;
  test("a leading letter counts only on the leading scale", () => {
    expect(readLetter("C: not an A", leading).letter).toBe("C");
    expect(readLetter("C: not an A", whole).letter).toBe("A");
  });
  test("the last line, then the scale's order anywhere, then the fallback", () => {
    expect(readLetter("A looked likely\nB", whole).letter).toBe("B");
    expect(readLetter("x\nyes B", whole).letter).toBe("B");
    expect(readLetter("lower case a, b, c", whole)).toEqual({ letter: "B", fallback: true });
    expect(readLetter("lower case a, b, c", leading)).toEqual({ letter: "C", fallback: true });
  });
});

describe("chatJudgeParams", () => {
  const settings = (params: Record<string, unknown>, chat = true) => ({ judge_responses_create_params: params, use_chat_completions_for_judge: chat }) as unknown as JudgeCallSettings;
  test("NeMo's three params, defaulted as Python's `or` defaults them", () => {
    expect(chatJudgeParams(settings({ max_output_tokens: 2048, temperature: 0.7, top_p: 0.9, seed: 1 }))).toEqual({ max_output_tokens: 2048, temperature: 0.7, top_p: 0.9 });
    expect(chatJudgeParams(settings({ max_output_tokens: 0 }))).toEqual({ max_output_tokens: 64, temperature: 0, top_p: 1 });
  });
  test("nothing over /v1/responses", () => expect(chatJudgeParams(settings({}, false))).toBeUndefined());
});

test("tierFlags and recordedJudgeOutput", () => {
  expect(tierFlags("b", { is_a: "a", is_b: "b" })).toEqual({ is_a: 0, is_b: 1 });
  expect(recordedJudgeOutput({ judge_output: "A" })).toEqual(["A"]);
  expect(recordedJudgeOutput({ judge_output: null })).toEqual([]);
  expect(recordedJudgeOutput({ judge_output: 3 })).toBeUndefined();
});
