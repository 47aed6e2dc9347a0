// math_with_code through the whole local stack: the emulator computes in real CPython sessions of
// the local sandbox (a later cell reads what an earlier one stored), then boxes what it printed.
// Killing the sandbox mid-run makes the rest sandbox_failed failures; --resume completes the run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../../scripts/collect/collect.ts";
import type { LocalProcess } from "../../../../scripts/stack/local_process.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { exampleOptions, expectSandboxKillRecovers, readJsonl } from "../../../stack_helpers.ts";

let running: RunningStack;
let restarted: LocalProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-math-with-code-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ["math_with_code_simple_agent"] });
});
afterAll(async () => {
  await running?.stop();
  await restarted?.stop();
});

const options = (name: string, extra: Partial<CollectOptions> = {}) => exampleOptions(running.stack.headUrl, "math_with_code", join(dir, `${name}.jsonl`), extra);

test("state persists across execute_python calls, and right and wrong answers are scored", async () => {
  const summary = await collect(options("scored", { numRepeats: 4 }));
  expect(summary).toMatchObject({ total: 20, failed: 0 });
  const rows = readJsonl(summary.files.rollouts);
  expect(new Set(rows.map((r) => r.reward))).toEqual(new Set([0, 1]));
  for (const row of rows) {
    const outputs = row.response.output.filter((i: any) => i.type === "function_call_output").map((i: any) => JSON.parse(i.output));
    expect(outputs.length).toBeGreaterThanOrEqual(2);
    // The second cell prints `answer`, which only the first cell defined.
    expect(outputs[1]).toMatchObject({ success: true, error_message: null });
    expect(row.extracted_answer).toBe(outputs[1].stdout.trim());
    expect(row.accuracy).toBe(row.reward === 1);
  }
});

test("a sandbox killed mid-run gives sandbox_failed failures, never a reward; --resume completes the run", async () => {
  restarted = await expectSandboxKillRecovers(running, options("killed", { numRepeats: 4 }), 20);
});
