// evalplus through the whole local stack: the emulator writes right code, or code that passes the
// base tests and misses a plus test's edge; the real local sandbox runs our harness; the outputs
// are compared outside it.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../../../../scripts/collect/collect.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { exampleOptions, readJsonl } from "../../../stack_helpers.ts";

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-evalplus-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ["evalplus_simple_agent"] });
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
