// terminal_multi_harness's emulator skill: quoted commands become calls of the offered tool (one
// per command for a one-parameter tool), the wrong path calls it with something else; without tools it reports.
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";

const tool = (name: string, properties: Record<string, unknown>) => ({ name, parameters: { type: "object", properties, required: Object.keys(properties) } });
const user = (content: string) => [{ role: "user" as const, content }];

describe("emulator: terminal multi-harness", () => {
  test("quoted commands, right and wrong", () => {
    const bash = [tool("bash", { command: { type: "string" } })];
    expect(play({ turns: user("Run `git status` and `git diff`."), tools: bash, correct: true }, "terminal_multi_harness").toolCalls).toEqual([
      { name: "bash", arguments: { command: "git status" } },
      { name: "bash", arguments: { command: "git diff" } },
    ]);
    expect(play({ turns: user("Run `ls`."), tools: bash, correct: false }, "terminal_multi_harness").toolCalls).toEqual([{ name: "bash", arguments: { command: "echo nothing to do here" } }]);
  });

  test("several parameters take the quoted values in order, as their types want them", () => {
    const tools = [tool("finish", { reason: { type: "string" }, paths: { type: "array" } }), tool("code_exec", { cmd: { type: "string" } })];
    expect(play({ turns: user("Call finish with `Done` and `/out/a.md`."), tools, correct: true }, "terminal_multi_harness").toolCalls).toEqual([
      { name: "finish", arguments: { reason: "Done", paths: ["/out/a.md"] } },
    ]);
  });

  test("no tools: a completion message, empty on the wrong path", () => {
    expect(play({ turns: user("Summarize."), tools: [], correct: true }, "terminal_multi_harness").content).not.toBe("");
    expect(play({ turns: user("Summarize."), tools: [], correct: false }, "terminal_multi_harness").content).toBe("");
  });
});
