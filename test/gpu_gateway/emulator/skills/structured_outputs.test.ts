// structured_outputs' emulator skill on the bundled structured_outputs rows: the right path's
// answer validates against the row's schema (read strictly, as the server grades), the wrong path's
// does not. Text rows: both paths parse as JSON, so the wrong one is a schema failure, not a parse
// failure. tool_call rows: one call, graded by the server's own rules; the wrong path calls a
// distractor or sends a record that breaks the schema.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { answerJson } from "../../../../workers/resources/structured_outputs/answer_json.ts";
import { compileSchema } from "../../../../workers/resources/structured_outputs/row_schema.ts";
import { toolCallAnswer } from "../../../../workers/resources/structured_outputs/tool_call_answer.ts";

const rows = readFileSync(new URL("../../../../workers/resources/structured_outputs/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const textRows = rows.filter((row) => row.response_mode !== "tool_call");
const toolRows = rows.filter((row) => row.response_mode === "tool_call");
const turnsOf = (row: any) =>
  row.responses_create_params.input.map((m: any) => ({ role: m.role, content: typeof m.content === "string" ? m.content : m.content.map((p: any) => p.text).join("\n") }));
const reply = (row: any, correct: boolean) => play({ turns: turnsOf(row), tools: [], correct }, "structured_outputs").content ?? "";

function grade(row: any, text: string) {
  const answer = answerJson(text);
  if (!answer.ok) return { parsed: false, valid: false };
  return { parsed: true, valid: compileSchema(row.schema_str).validator!.validate(answer.value).valid };
}

describe("emulator: structured outputs", () => {
  test.each(textRows.map((row) => [rows.indexOf(row), row]))("row %i: the right path validates, the wrong path parses but does not", (_i, row) => {
    expect(grade(row, reply(row, true))).toEqual({ parsed: true, valid: true });
    expect(grade(row, reply(row, false))).toEqual({ parsed: true, valid: false });
  });

  test("values come from the text's labels; bare JSON even when the prompt shows a ```json block", () => {
    const book = JSON.parse(reply(rows[0], true));
    expect(book).toEqual({ title: "The Lighthouse Keeper's Almanac", author: "Mirela Oduya", year: 2011, genres: ["literary fiction", "maritime"], in_print: true });
    const product = reply(rows[4], true);
    expect(product).not.toContain("```");
    expect(JSON.parse(product)).toMatchObject({ sku: "TRL-2207", price: 89.9, discount: null, tags: ["hiking", "waterproof", "lightweight"] });
  });

  test("the bundled rows answer in both modes", () => {
    expect(textRows.length).toBeGreaterThan(0);
    expect(toolRows.length).toBeGreaterThan(0);
  });

  test("a prompt without a schema line gets no made-up JSON", () => {
    expect(reply({ responses_create_params: { input: [{ role: "user", content: "Describe JSON schema in one line." }] } }, true)).toMatch(/could not find the schema/);
  });
});

describe("emulator: structured outputs by tool call", () => {
  const toolsOf = (row: any) => row.responses_create_params.tools.map((t: any) => ({ name: t.name, parameters: t.parameters }));
  const firstTurn = (row: any, correct: boolean) => play({ turns: turnsOf(row), tools: toolsOf(row), correct }, "structured_outputs");
  const items = (calls: { name: string; arguments: unknown }[]) =>
    calls.map((c, i) => ({ type: "function_call" as const, call_id: `call_${i}`, name: c.name, arguments: JSON.stringify(c.arguments) }));

  function gradeCalls(row: any, calls: { name: string; arguments: unknown }[]) {
    const answer = toolCallAnswer(items(calls), row, 65_536);
    if (!answer.ok) return answer.error_type;
    return compileSchema(row.schema_str).validator!.validate(answer.value).valid ? "valid" : "validation_error";
  }

  test.each(toolRows.map((row) => [rows.indexOf(row), row]))("row %i: the right path calls tool_name once, validly; the wrong path does not", (_i, row) => {
    const right = firstTurn(row, true);
    expect(right.content).toBeNull();
    expect(gradeCalls(row, right.toolCalls)).toBe("valid");
    const wrong = firstTurn(row, false);
    expect(gradeCalls(row, wrong.toolCalls)).toBe(row.has_distractors ? "wrong_tool_name" : "validation_error");
  });

  test("values come from the text's labels, wrapped under the payload key when the tool wraps the record", () => {
    const shipment = toolRows.find((row) => row.tool_payload_key === null)!;
    expect(firstTurn(shipment, true).toolCalls).toEqual([
      { name: shipment.tool_name, arguments: { tracking_id: "TRK-5521", carrier: "rail", weight_kg: 412.5, fragile: false, stops: ["Leeds", "York", "Durham"] } },
    ]);
    const wrapped = toolRows.find((row) => row.tool_payload_key)!;
    expect(Object.keys(firstTurn(wrapped, true).toolCalls[0]!.arguments)).toEqual([wrapped.tool_payload_key]);
  });

  test("once the tool has answered, the turn is a closing line with no further call", () => {
    for (const row of toolRows) {
      const [planned] = firstTurn(row, true).toolCalls;
      const turns = [
        ...turnsOf(row),
        { role: "assistant", content: "", tool_calls: [{ id: "call_0", type: "function", function: { name: planned!.name, arguments: planned!.arguments } }] },
        { role: "tool", content: '{"status": "recorded"}', tool_call_id: "call_0" },
      ];
      const next = play({ turns, tools: toolsOf(row), correct: true }, "structured_outputs");
      expect(next.toolCalls).toEqual([]);
      expect(next.content).toBeTruthy();
    }
  });
});
