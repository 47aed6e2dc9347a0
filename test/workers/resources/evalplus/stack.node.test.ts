// evalplus through the whole local stack: the emulator writes right code, or code that passes the
// base tests and misses a plus test's edge; the real local sandbox runs our harness; the outputs
// are compared outside it. Rows that give only a task_id (NeMo Gym's) are completed from an
// EvalPlus-format dataset file the config names, or refused before any model call.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collect } from "../../../../scripts/collect/collect.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { exampleOptions, readJsonl } from "../../../stack_helpers.ts";

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-evalplus-"));
// Written by the test that needs it: until then the config names a file that is not there.
const dataset = join(dir, "HumanEvalPlus-mini.jsonl.gz");

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ["evalplus_simple_agent"], overrides: [`++evalplus.resources_servers.evalplus.dataset_fpath=${dataset}`] });
});
afterAll(async () => {
  await running?.stop();
});

test("right code and base-only code, run in the real sandbox, get base and plus scores", async () => {
  const summary = await collect(exampleOptions(running.stack.headUrl, "evalplus", join(dir, "scored.jsonl")));
  expect(summary).toMatchObject({ total: 10, failed: 0 });
  const rows = readJsonl(summary.files.rollouts);
  expect(new Set(rows.map((r) => r.reward))).toEqual(new Set([0, 1]));
  for (const row of rows) {
    expect(row.extracted_model_code.length).toBeGreaterThan(0);
    expect(row.reward_components).toEqual({ base: expect.any(Number), plus: expect.any(Number) });
    expect(row.reward).toBe(row.reward_components.plus);
    // Every reply passes the base tests: the wrong ones miss only a plus test's edge.
    expect(row.reward_components.base, JSON.stringify(row.base_first_failure)).toBe(1);
    expect(row.base_status).toBe("pass");
    expect(row.plus_status).toBe(row.reward === 1 ? "pass" : "fail");
  }
});

test("a row's big integers and whole floats go from the JSONL through the agent (Workers RPC) and the sandbox exactly, and come back so", async () => {
  // The emulator answers add right (a + b) or base-only (abs(a + b)): both give these sums, which a
  // double would miss (the big pair rounds to one value: 0, not 1) or mistype (2.0000001 is within
  // EvalPlus's float tolerance of 2.0, never of an int 2).
  const prompt = readJsonl("workers/resources/evalplus/data/example.jsonl")[0].responses_create_params;
  const metadata = '{"entry_point": "add", "base_inputs": [[12345678901234567891, -12345678901234567890], [9007199254740993, 0]], "base_outputs": [1, 9007199254740993], "plus_inputs": [[1.0000001, 1]], "plus_outputs": [2.0]}';
  const input = join(dir, "big.jsonl");
  writeFileSync(input, `{"responses_create_params": ${JSON.stringify(prompt)}, "verifier_metadata": ${metadata}}\n`);
  const summary = await collect({ ...exampleOptions(running.stack.headUrl, "evalplus", join(dir, "big_scored.jsonl")), input });
  expect(summary).toMatchObject({ total: 2, failed: 0 });
  // The echo adds the default atol after the row's own fields.
  const fields = metadata.replaceAll(" ", "").slice(0, -1);
  for (const file of [summary.files.materialized, summary.files.rollouts]) {
    for (const line of readFileSync(file, "utf8").trim().split("\n")) expect(line).toContain(fields);
  }
  for (const row of readJsonl(summary.files.rollouts)) expect(row, JSON.stringify(row.base_first_failure ?? row.plus_first_failure)).toMatchObject({ reward: 1, base_details: [true, true], plus_details: [true] });
});

describe("rows that give only verifier_metadata.task_id, as NeMo Gym's", () => {
  // NeMo Gym's row shape, our own task; EvalPlus's release fields (the expected outputs are not among them).
  const PROMPT = 'def add(a: int, b: int) -> int:\n    """Return the sum of a and b.\n    >>> add(2, 3)\n    5\n    """\n';
  const task = { task_id: "EdgeGym/0", prompt: PROMPT, entry_point: "add", canonical_solution: "    return a + b\n", test: "", contract: "", base_input: [[1, 2], [5, 7]], plus_input: [[-3, -4], [0, 0]], atol: 0 };
  const input = join(dir, "task_ids.jsonl");
  writeFileSync(input, `${JSON.stringify({ responses_create_params: { input: [{ role: "user", content: `Here is a problem for which you need to generate/complete code:\n${PROMPT}` }] }, verifier_metadata: { task_id: "EdgeGym/0" } })}\n`);

  test("with the dataset file missing, collect refuses before any model call and says what to do", async () => {
    const options = exampleOptions(running.stack.headUrl, "evalplus", join(dir, "missing.jsonl"), { input });
    const refusal = collect(options);
    await expect(refusal).rejects.toThrow(`task_ids.jsonl:1: evalplus.resources_servers.evalplus.dataset_fpath (${dataset}): ENOENT`);
    await expect(refusal).rejects.toThrow(`HumanEvalPlus.jsonl.gz from https://github.com/evalplus/humanevalplus_release/releases`);
    expect(existsSync(join(dir, "missing.jsonl"))).toBe(false);
    expect(existsSync(join(dir, "missing_materialized_inputs.jsonl"))).toBe(false);
  });

  test("with the file in place, each row is completed from it and scored against its canonical solution's outputs", async () => {
    writeFileSync(dataset, gzipSync(`${JSON.stringify({ ...task, task_id: "EdgeGym/1", entry_point: "other" })}\n${JSON.stringify(task)}\n`));
    const summary = await collect(exampleOptions(running.stack.headUrl, "evalplus", join(dir, "task_ids_scored.jsonl"), { input }));
    expect(summary).toMatchObject({ total: 2, failed: 0 });
    const rows = readJsonl(summary.files.rollouts);
    // The emulator's right add passes both lists; its abs(a + b) misses the plus list's negative sum.
    expect(rows.map((r) => r.reward_components).sort((a, b) => b.plus - a.plus)).toEqual([{ base: 1, plus: 1 }, { base: 1, plus: 0 }]);
    for (const row of rows) expect(row.verifier_metadata).toMatchObject({ task_id: "EdgeGym/0", entry_point: "add", base_inputs: task.base_input, plus_inputs: task.plus_input });
  });

  test("with --skip-invalid, a row whose task is not in the file goes to the failures file with why, and the others run", async () => {
    const mixed = join(dir, "task_ids_mixed.jsonl");
    const unknown = JSON.parse(readFileSync(input, "utf8"));
    unknown.verifier_metadata.task_id = "EdgeGym/9";
    writeFileSync(mixed, `${readFileSync(input, "utf8")}${JSON.stringify(unknown)}\n`);
    const summary = await collect(exampleOptions(running.stack.headUrl, "evalplus", join(dir, "mixed.jsonl"), { input: mixed, skipInvalid: true }));
    expect(summary).toMatchObject({ total: 2, failed: 0, skipped: 1 });
    const [failure] = readJsonl(summary.files.failures);
    expect(failure).toMatchObject({ _ng_failure_class: "invalid_row", _ng_input_line: 2, verifier_metadata: { task_id: "EdgeGym/9" } });
    expect(failure.error).toContain('task "EdgeGym/9" is not in the dataset file');
  });
});
