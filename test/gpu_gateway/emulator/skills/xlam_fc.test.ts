// xlam_fc's emulator skill (function calling) on the bundled xlam_fc rows: the right path makes
// exactly the expected calls; the wrong path fills the arguments with the schema defaults.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { callMatches } from "../../../../shared/verifiers/function_calls.ts";
import type { Call } from "../../../../shared/verifiers/function_calls.ts";

const rows = readFileSync(new URL("../../../../workers/resources/xlam_fc/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const situation = (row: any, correct: boolean, extra: Turn[] = []) => ({
  turns: [...row.responses_create_params.input.map((m: any) => ({ role: m.role, content: m.content })), ...extra],
  tools: row.responses_create_params.tools.map((t: any) => ({ name: t.name, parameters: t.parameters })),
  correct,
});

/** The xlam_fc reward: every expected call matched by a distinct made call, and nothing more. */
function solves(made: readonly Call[], expected: readonly Call[]): boolean {
  const used = new Set<number>();
  for (const call of expected) {
    const i = made.findIndex((m, j) => !used.has(j) && callMatches(m, call));
    if (i !== -1) used.add(i);
  }
  return used.size === expected.length && made.length === expected.length;
}

describe("emulator: function calling", () => {
  test.each(rows.map((row) => [row.id, row]))("row %i: the right path makes the expected calls, the wrong path does not", (_id, row) => {
    const right = play(situation(row, true), "xlam_fc");
    expect(right.content).toBeNull();
    expect(solves(right.toolCalls, row.expected_answers)).toBe(true);
    const wrong = play(situation(row, false), "xlam_fc");
    expect(wrong.toolCalls.map((c) => c.name)).toEqual(right.toolCalls.map((c) => c.name));
    expect(solves(wrong.toolCalls, row.expected_answers)).toBe(false);
  });

  test("after the calls it reports what came back", () => {
    const row = rows[0];
    const extra: Turn[] = [
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "get_exchange_rate", arguments: { base: "GBP", target: "JPY" } } }] },
      { role: "tool", tool_call_id: "c1", content: '{"error": {"message": "unknown tool"}}' },
    ];
    const action = play(situation(row, true, extra), "xlam_fc");
    expect(action.toolCalls).toEqual([]);
    expect(action.content).toContain("get_exchange_rate");
    expect(action.content).toContain("unknown tool");
  });

  test("a request none of the tools fits gets a text answer", () => {
    const row = { ...rows[0], responses_create_params: { ...rows[0].responses_create_params, input: [rows[0].responses_create_params.input[0], { role: "user", content: "Tell me a joke." }] } };
    const action = play(situation(row, true), "xlam_fc");
    expect(action.toolCalls).toEqual([]);
    expect(action.content).toMatch(/None of my functions/);
    expect(play({ ...situation(rows[0], true), tools: [] }, "xlam_fc").content).toMatch(/None of my functions/);
  });
});
