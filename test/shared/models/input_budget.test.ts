// The model servers' input budget: what counts as text, and the refusal past max_input_chars.
import { describe, expect, test } from "vitest";
import { DEFAULT_MAX_INPUT_CHARS, MaxInputChars, checkInputBudget, inputChars } from "../../../shared/models/input_budget.ts";
import { HttpError } from "../../../shared/server/errors.ts";

describe("input budget", () => {
  test("text is every string, object keys included; numbers, booleans and null are not", () => {
    expect(inputChars("hello")).toBe(5);
    expect(inputChars({ role: "user", content: "hi" })).toBe("role".length + "user".length + "content".length + "hi".length);
    expect(inputChars({ properties: { "a very long property name": { type: "string" } } })).toBe(10 + 25 + 4 + 6);
    expect(inputChars({ prompt_token_ids: Array.from({ length: 200_000 }, (_, i) => i), ok: true, none: null })).toBe(16 + 2 + 4);
  });

  test("image, video, audio and file payloads are not text; the rest of their part is", () => {
    const base64 = "A".repeat(100_000);
    expect(inputChars({ type: "input_image", image_url: `data:image/png;base64,${base64}`, detail: "auto" })).toBe(4 + 11 + 9 + 6 + 4);
    expect(inputChars({ type: "image_url", image_url: { url: base64 } })).toBe(4 + 9 + 9);
    expect(inputChars({ type: "input_video", video_url: base64 })).toBe(4 + 11 + 9);
    expect(inputChars({ type: "video_url", video_url: { url: base64 } })).toBe(4 + 9 + 9);
    expect(inputChars({ type: "audio_url", audio_url: { url: base64 } })).toBe(4 + 9 + 9);
    expect(inputChars({ type: "input_file", file_data: base64, filename: "a.pdf" })).toBe(4 + 10 + 9 + 8 + 5);
    // The same key in any other object is text.
    expect(inputChars({ type: "input_text", image_url: base64 })).toBe(4 + 10 + 9 + 100_000);
  });

  test("nesting far deeper than a call stack is counted", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(inputChars(deep)).toBe(4);
  });

  test("at the limit passes; one character over is a 413 naming the limit and the size", () => {
    const request = { input: "x".repeat(95) };
    expect(inputChars(request)).toBe(100);
    expect(() => checkInputBudget(request, 100)).not.toThrow();
    let refusal: unknown;
    try {
      checkInputBudget(request, 99);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(413);
    expect((refusal as HttpError).toJSON()).toEqual({
      error: { type: "input_too_large", message: expect.stringMatching(/100 characters.*max_input_chars \(99\)/), input_chars: 100, max_input_chars: 99 },
    });
  });

  test("the config field defaults to a million characters and takes only positive integers", () => {
    expect(MaxInputChars.parse(undefined)).toBe(DEFAULT_MAX_INPUT_CHARS);
    expect(DEFAULT_MAX_INPUT_CHARS).toBe(1_000_000);
    expect(MaxInputChars.parse(5)).toBe(5);
    for (const bad of [0, -1, 1.5, "100"]) expect(MaxInputChars.safeParse(bad).success, String(bad)).toBe(false);
  });
});
