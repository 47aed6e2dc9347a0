// The bundled example datasets: every row is a valid /run row, and each server's task fields agree
// with the prompt they ship with (the vLLM emulator plays the prompt, the verifier reads the fields).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { RunRequest } from "../../shared/schemas/run.ts";

const ROOT = new URL("../../workers/resources/", import.meta.url).pathname;
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
});
