// A recorded rollout's output split into the model's turns: what parity steps an episode with and
// what the emulator's replay policy answers with.
import { describe, expect, test } from "vitest";
import { contentText, modelTurns } from "../../../shared/rollouts/recorded.ts";

const say = (role: string, text: string, type: string | undefined = "message") => ({ ...(type ? { type } : {}), role, content: [{ type: "output_text", text }] });

describe("modelTurns", () => {
  test("a tool loop: reasoning, message and calls of one model call are one turn; tool outputs follow it", () => {
    const output = [
      { type: "reasoning", summary: [] },
      say("assistant", "Let me look."),
      { type: "function_call", call_id: "a", name: "f", arguments: "{}" },
      { type: "function_call", call_id: "b", name: "f", arguments: "{}" },
      { type: "function_call_output", call_id: "a", output: "1" },
      { type: "function_call_output", call_id: "b", output: "2" },
      say("assistant", "Done."),
    ];
    expect(modelTurns(output)).toEqual([
      { turn: output.slice(0, 4), next: output.slice(4, 6) },
      { turn: [output[6]], next: [] },
    ]);
  });

  test("an episode: the environment's user messages separate the moves; a message without type is a message", () => {
    const output = [say("assistant", "Up", undefined), say("user", "board 2"), say("assistant", "Left"), say("user", "board 3")];
    expect(modelTurns(output).map((t) => [t.turn.map((i) => contentText(i.content)), t.next.map((i) => contentText(i.content))])).toEqual([
      [["Up"], ["board 2"]],
      [["Left"], ["board 3"]],
    ]);
  });

  test("nothing the model said: no turns", () => {
    expect(modelTurns([])).toEqual([]);
    expect(modelTurns([say("user", "hello")])).toEqual([]);
  });
});

test("contentText joins text parts with newlines and reads refusals, skips other parts; a string is itself", () => {
  expect(contentText("plain")).toBe("plain");
  expect(contentText([{ type: "output_text", text: "a" }, { type: "refusal", refusal: "no" }, { type: "input_image" }])).toBe("a\nno");
  expect(contentText(undefined)).toBe("");
});
