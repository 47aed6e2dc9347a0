// math_with_code's emulator skill on the bundled rows, its cells run by the machine's python3 the
// way the sandbox's session runs them (one interpreter, the second cell after the first): the
// right path's boxed answer earns 1 from the server's extraction and grading, the wrong path's 0.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../gpu_gateway/emulator/policy/index.ts";
import { PRINT_CELL } from "../../../gpu_gateway/emulator/skills/math_with_code.ts";
import { extractAnswer } from "../../../workers/resources/math_with_code/extract.ts";
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";

const rows = readFileSync(new URL("../../../workers/resources/math_with_code/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const TOOLS = [{ name: "execute_python", parameters: {} }];
const MARK = "@@last cell@@";
// The interpreter itself, not a version manager's shim: one start-up per cell run.
const python = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).stdout?.trim();

const answer = (stdout: string, success = true, error_message: string | null = null) => JSON.stringify({ success, stdout, stderr: "", error_message, result: null });

/** The whole episode, each cell run after the ones before it, as one stateful interpreter would. */
function episode(row: any, correct: boolean): { turns: Turn[]; cells: string[]; final: string | null } {
  const turns: Turn[] = row.responses_create_params.input.map((m: any) => ({ role: m.role, content: m.content }));
  const cells: string[] = [];
  for (let step = 0; step < 3; step++) {
    const action = play({ turns, tools: TOOLS, correct }, "math_with_code");
    if (action.toolCalls.length === 0) return { turns, cells, final: action.content };
    const [planned] = action.toolCalls;
    expect(action.toolCalls).toHaveLength(1);
    expect(planned!.name).toBe("execute_python");
    cells.push(planned!.arguments.code as string);
    const id = `call_${step}`;
    turns.push({ role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name: planned!.name, arguments: planned!.arguments } }] });
    // The cells so far in one interpreter; the last cell's output is what follows the marker.
    const program = [...cells.slice(0, -1), `print(${JSON.stringify(MARK)})`, cells.at(-1)].join("\n");
    const run = spawnSync(python!, ["-c", program], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    turns.push({ role: "tool", content: answer(run.stdout.split(`${MARK}\n`)[1]!), tool_call_id: id });
  }
  return { turns, cells, final: null };
}

const score = (row: any, final: string | null) => {
  const extracted = extractAnswer([{ type: "message", role: "assistant", content: final ?? "" }]);
  return extracted !== null && mathEquivalent(row.expected_result, extracted).equal ? 1 : 0;
};

describe.skipIf(!python)("emulator: math_with_code", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path scores 1, the wrong path 0, in three steps", (_i, row) => {
    const right = episode(row, true);
    expect(right.cells).toHaveLength(2);
    expect(right.cells[1]).toBe(PRINT_CELL);
    expect(score(row, right.final)).toBe(1);
    const wrong = episode(row, false);
    expect(wrong.cells).toHaveLength(2);
    expect(wrong.final).toMatch(/\\boxed\{/);
    expect(score(row, wrong.final)).toBe(0);
  });
});

describe("emulator: math_with_code, off the happy path", () => {
  const first = rows[0].responses_create_params.input;
  const turns: Turn[] = first.map((m: any) => ({ role: m.role, content: m.content }));
  const call = { id: "c1", type: "function" as const, function: { name: "execute_python", arguments: { code: PRINT_CELL } } };

  test("a failed cell is reported without a boxed answer", () => {
    const failed = [...turns, { role: "assistant" as const, content: "", tool_calls: [call] }, { role: "tool" as const, content: answer("", false, "NameError: name 'answer' is not defined"), tool_call_id: "c1" }];
    const action = play({ turns: failed, tools: TOOLS, correct: true }, "math_with_code");
    expect(action.toolCalls).toEqual([]);
    expect(action.content).toContain("NameError");
    expect(action.content).not.toMatch(/\\boxed/);
  });

  test("a problem it does not know gets no code and no answer", () => {
    const action = play({ turns: [{ role: "user", content: "Prove that there are infinitely many primes." }], tools: TOOLS, correct: true }, "math_with_code");
    expect(action).toEqual({ content: "I cannot solve this one.", toolCalls: [], declined: true });
  });
});
