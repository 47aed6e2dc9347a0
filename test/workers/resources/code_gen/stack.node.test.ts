// code_gen through the whole local stack: the emulator writes right and wrong code, the real local
// sandbox runs it, the tests are compared outside it. Killing the sandbox mid-run makes the
// remaining rollouts sandbox_failed failures (no reward, never 0), and --resume with a sandbox
// back on its port completes the run.
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
const dir = mkdtempSync(join(tmpdir(), "edge-gym-code-gen-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ["code_gen_simple_agent"] });
});
afterAll(async () => {
  await running?.stop();
  await restarted?.stop();
});

const options = (name: string, extra: Partial<CollectOptions> = {}) => exampleOptions(running.stack.headUrl, "code_gen", join(dir, `${name}.jsonl`), extra);

test("right and wrong code, run in the real sandbox, are scored with NeMo Gym's fields", async () => {
  const summary = await collect(options("scored"));
  expect(summary).toMatchObject({ total: 10, failed: 0 });
  const rows = readJsonl(summary.files.rollouts);
  expect(new Set(rows.map((r) => r.reward))).toEqual(new Set([0, 1]));
  for (const row of rows) {
    expect(row.extracted_model_code.length).toBeGreaterThan(0);
    expect(Array.isArray(row.result)).toBe(true);
    expect(row.reward).toBe(row.result.every((status: unknown) => status === true) ? 1 : 0);
  }
});

test("a sandbox killed mid-run gives sandbox_failed failures, never a reward; --resume completes the run", async () => {
  restarted = await expectSandboxKillRecovers(running, options("killed", { numRepeats: 4 }), 20);
});
