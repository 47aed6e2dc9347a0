// evalplus through the whole local stack: the emulator writes right code, or code that passes the
// base tests and misses a plus test's edge; the real local sandbox runs our harness; the outputs
// are compared outside it.
import { mkdtempSync } from "node:fs";
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
