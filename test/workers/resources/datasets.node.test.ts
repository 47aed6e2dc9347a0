// The bundled example datasets: every row is a valid /run row, and each server's task fields agree
// with the prompt they ship with (the vLLM emulator plays the prompt, the verifier reads the fields).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { RunRequest } from "../../../shared/schemas/run.ts";
import { strictify } from "../../../workers/resources/structured_outputs/row_schema.ts";

const ROOT = new URL("../../../workers/resources/", import.meta.url).pathname;
const servers = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const rows = (server: string): any[] =>
  readFileSync(join(ROOT, server, "data/example.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));

const messages = (row: any, role: string): string[] =>
  row.responses_create_params.input.filter((m: any) => m.role === role).map((m: any) => m.content);
const toolNames = (row: any): string[] => row.responses_create_params.tools.map((t: any) => t.name);
const charCodeSum = (word: string) => [...word].reduce((sum, ch) => sum + ch.codePointAt(0)!, 0);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const hasWord = (text: string, word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, "iu").test(text);

describe.each(servers)("%s/data/example.jsonl", (server) => {
  test("every line parses as a RunRequest", () => {
    const parsed = rows(server);
    expect(parsed.length).toBeGreaterThan(0);
    for (const [i, row] of parsed.entries()) {
      const result = RunRequest.safeParse(row);
      expect(result.error?.issues, `line ${i + 1}`).toBeUndefined();
    }
  });
});

describe("server-specific invariants", () => {
  test("example_single_tool_call: each row offers a strict get_weather to a developer + user conversation", () => {
    for (const row of rows("example_single_tool_call")) {
      expect(row.responses_create_params.tools).toEqual([
        expect.objectContaining({ name: "get_weather", strict: true, parameters: expect.objectContaining({ required: ["city"], additionalProperties: false }) }),
      ]);
      expect(messages(row, "developer")).toHaveLength(1);
      expect(messages(row, "user")).toHaveLength(1);
    }
  });

  test("example_session_state_mgmt: expected_count is initial_count plus the two adds", () => {
    for (const row of rows("example_session_state_mgmt")) {
      expect(toolNames(row)).toEqual(["increment_counter", "get_counter_value"]);
      const [text] = messages(row, "user");
      const match = /^add (-?\d+) then add (-?\d+) then get the count$/.exec(text ?? "");
      expect(match, text).not.toBeNull();
      expect(Number.isInteger(row.initial_count)).toBe(true);
      expect(row.expected_count).toBe(row.initial_count + Number(match![1]) + Number(match![2]));
    }
  });

  test("example_multi_step: expected values are the listed synonyms' values and the query names only the term", () => {
    const ids = new Set<number>();
    for (const row of rows("example_multi_step")) {
      ids.add(row.id);
      expect(toolNames(row)).toEqual(["get_synonym_value", "extract_synonym_values"]);
      const [system] = messages(row, "system");
      const [query] = messages(row, "user");
      expect(system).toContain("# Instructions");
      const table = new Map<string, string[]>();
      for (const [, term, synonym] of system!.matchAll(/^The term '(.+?)' has a synonym '(.+?)'\.$/gm)) {
        table.set(term!, [...(table.get(term!) ?? []), synonym!]);
      }
      expect(table.get(row.minefield_label)).toEqual(row.expected_synonyms);
      expect(row.expected_synonym_values).toEqual(row.expected_synonyms.map(charCodeSum));
      expect(row.minefield_label_value).toBe(charCodeSum(row.minefield_label));
      // The emulator's scripted policy picks the listed term that occurs in the query as a word.
      expect([...table.keys()].filter((term) => hasWord(query!, term))).toEqual([row.minefield_label]);
    }
    expect(ids.size).toBe(rows("example_multi_step").length);
  });

  test("example_tool_call_multireward: one strict get_weather, an exactly-one-call instruction, and the expected city named by the user", () => {
    for (const row of rows("example_tool_call_multireward")) {
      expect(row.responses_create_params.tools).toEqual([
        expect.objectContaining({ name: "get_weather", strict: true, parameters: expect.objectContaining({ required: ["city"], additionalProperties: false }) }),
      ]);
      const [developer] = messages(row, "developer");
      expect(developer).toMatch(/exactly one get_weather tool call/);
      expect(row.expected_call).toEqual({ name: "get_weather", arguments: { city: expect.any(String) } });
      expect(hasWord(messages(row, "user")[0]!, row.expected_call.arguments.city)).toBe(true);
    }
  });

  test("mcqa: the options are the prompt's option lines, the gold option is the one that works the question out, templates match their regex", () => {
    const uuids = new Set<string>();
    for (const row of rows("mcqa")) {
      uuids.add(row.uuid);
      const [prompt] = messages(row, "user") as string[];
      const lines = [...prompt!.matchAll(/^([A-Z]): (.+)$/gm)].map(([, letter, text]) => ({ [letter!]: text }));
      expect(row.options).toEqual(lines);
      const [, a, op, b] = /(\d+) ([+−×÷]) (\d+)\?/.exec(prompt!)!;
      const value = { "+": Number(a) + Number(b), "−": Number(a) - Number(b), "×": Number(a) * Number(b), "÷": Number(a) / Number(b) }[op!];
      const gold = row.options.find((o: Record<string, string>) => row.expected_answer in o);
      expect(Number(gold[row.expected_answer])).toBe(value);
      expect(row.options.filter((o: Record<string, string>) => Number(Object.values(o)[0]) === value)).toHaveLength(1);
      expect(["strict_single_letter_boxed", "lenient_boxed", "lenient_answer_colon"]).toContain(row.grading_mode);
      const regexes = row.template_metadata?.output_regex;
      if (regexes !== undefined) {
        const template = /"([^"]*\bX)"/.exec(prompt!)![1]!;
        const pattern = typeof regexes === "string" ? regexes : regexes[0];
        expect(new RegExp(pattern, "i").exec(template.replace(/X$/, row.expected_answer))?.[1]).toBe(row.expected_answer);
      } else if (row.grading_mode === "lenient_answer_colon") {
        expect(prompt).toContain("'Answer: X'");
      } else {
        expect(prompt).toContain("\\boxed{}");
      }
    }
    expect(uuids.size).toBe(rows("mcqa").length);
  });

  test("string_match: each row's prompt asks for the form its extraction_mode reads", () => {
    const asks = { boxed: "\\boxed{}", final_answer: "'Final answer: <answer>'", last_line: "on the last line", full_response: "answer only" };
    for (const row of rows("string_match")) {
      const [part] = row.responses_create_params.input[0].content;
      expect(part.type).toBe("input_text");
      expect(part.text).toContain(asks[row.extraction_mode as keyof typeof asks]);
      expect(typeof row.case_sensitive).toBe("boolean");
      expect(row.expected_answer.length).toBeGreaterThan(0);
    }
    expect(new Set(rows("string_match").map((r) => r.extraction_mode))).toEqual(new Set(Object.keys(asks)));
  });

  test("arc_agi: the prompt shows exactly train and test_input, and the answer is not the test input", () => {
    const grid = (text: string) => text.trim().split("\n").map((line) => line.split(" ").map(Number));
    const ids = new Set<string>();
    for (const row of rows("arc_agi")) {
      ids.add(row.task_id);
      const [prompt] = messages(row, "user") as string[];
      expect(prompt).toContain(`ARC-AGI task ${row.task_id}.`);
      const examples = [...prompt!.matchAll(/Example \d+:\nInput:\n([\d \n]+?)\n\nOutput:\n([\d \n]+?)\n\n/g)].map(([, i, o]) => ({ input: grid(i!), output: grid(o!) }));
      expect(examples).toEqual(row.train);
      expect(grid(/Test Input:\n([\d \n]+?)\n\n/.exec(prompt!)![1]!)).toEqual(row.test_input);
      expect(row.expected_output).not.toEqual(row.test_input);
    }
    expect(ids.size).toBe(rows("arc_agi").length);
  });

  test("xlam_fc: expected calls use offered tools and declared parameters of the right type, never all defaults", () => {
    const typeOf = (v: unknown) => (Number.isInteger(v) ? ["integer", "number"] : typeof v === "number" ? ["number"] : [typeof v]);
    for (const row of rows("xlam_fc")) {
      expect(messages(row, "system")[0]).toMatch(/with access to functions/);
      for (const call of row.expected_answers) {
        const tool = row.responses_create_params.tools.find((t: any) => t.name === call.name);
        expect(tool, call.name).toBeDefined();
        const entries = Object.entries(call.arguments);
        for (const [name, value] of entries) expect(typeOf(value)).toContain(tool.parameters.properties[name]?.type);
        // The emulator's wrong path uses the defaults: they must not be the answer.
        expect(entries.some(([name, value]) => tool.parameters.properties[name].default !== value)).toBe(true);
      }
    }
    expect(new Set(rows("xlam_fc").map((r) => r.id)).size).toBe(rows("xlam_fc").length);
  });
  test("structured_outputs: a tool_call row offers tool_name, wraps schema_str under tool_payload_key (or is it), and names the tool in its prompt", () => {
    const toolRows = rows("structured_outputs").filter((row) => row.response_mode === "tool_call");
    expect(toolRows.length).toBeGreaterThan(0);
    for (const row of toolRows) {
      const tool = row.responses_create_params.tools.find((t: any) => t.name === row.tool_name);
      expect(tool, row.tool_name).toBeDefined();
      expect(row.num_tools).toBe(row.responses_create_params.tools.length);
      expect(row.has_distractors).toBe(row.num_tools > 1);
      const record = row.tool_payload_key ? tool.parameters.properties[row.tool_payload_key] : tool.parameters;
      // The model-facing schema is schema_str made strict, as the verifier reads it.
      expect(record).toEqual(strictify(JSON.parse(row.schema_str)));
      // The emulator's skill finds the tool by this phrase; the reference's own prompts name none.
      expect(messages(row, "user").map((c: any) => (typeof c === "string" ? c : c[0].text)).join("\n")).toContain(`by calling ${row.tool_name}.`);
    }
  });
});
