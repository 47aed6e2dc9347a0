// example_tool_call_multireward's emulator skill on its bundled rows: the right path is exactly one correct
// get_weather call and no text; each wrong path breaks one component (city, format or schema).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { callMatches } from "../../../../shared/verifiers/function_calls.ts";

const rows = readFileSync(new URL("../../../../workers/resources/example_tool_call_multireward/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const situation = (row: any, correct: boolean, extra: Turn[] = []) => ({
  turns: [...row.responses_create_params.input.map((m: any) => ({ role: m.role === "developer" ? "system" : m.role, content: m.content })), ...extra],
  tools: row.responses_create_params.tools.map((t: any) => ({ name: t.name, parameters: t.parameters })),
  correct,
});

/** correctness, schema_valid, format, as the server scores a single-turn reply. */
function components(row: any, correct: boolean): [number, number, number] {
  const { content, toolCalls } = play(situation(row, correct), "example_tool_call_multireward");
  const calls = toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }));
  return [
    Number(calls.some((c) => callMatches(c, row.expected_call))),
    Number(calls.length > 0 && "city" in calls[0]!.arguments),
    Number(calls.length === 1 && !content),
  ];
}

describe("emulator: one weather call", () => {
  test.each(rows.map((row) => [row.expected_call.arguments.city, row]))("%s: the right path scores every component", (_city, row) => {
    expect(components(row, true)).toEqual([1, 1, 1]);
  });

  test("each wrong path breaks one thing, and the rows cover all three", () => {
    const wrong = rows.map((row) => components(row, false).join(""));
    expect(new Set(wrong)).toEqual(new Set(["011", "110", "001"]));
  });

  test("after the call's output it reports the weather, as the weather skill does", () => {
    const extra: Turn[] = [
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: { city: "Chicago" } } }] },
      { role: "tool", tool_call_id: "c1", content: '{"city": "Chicago", "weather_description": "The weather in Chicago is sunny."}' },
    ];
    expect(play(situation(rows[0], true, extra), "example_tool_call_multireward").content).toContain("The weather in Chicago is sunny.");
  });

  test("the same task sent as example_single_tool_call is the weather skill's: its wrong path only picks another city", () => {
    for (const row of rows) {
      const wrong = play(situation(row, false), "example_single_tool_call");
      expect(wrong.content).toBeNull();
      expect(wrong.toolCalls).toEqual([{ name: "get_weather", arguments: { city: expect.not.stringMatching(new RegExp(`^${row.expected_call.arguments.city}$`)) } }]);
    }
  });
});
