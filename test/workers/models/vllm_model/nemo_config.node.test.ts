// NeMo Gym's own vllm_model.yaml, nulls included (null means unset there), starts and serves
// rollouts unchanged: before, it started "ready" and every rollout was a 500 misconfigured.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readJsonl, collectExample } from "../../../stack_helpers.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";

let running: RunningStack;

beforeAll(async () => {
  running = await bringUp({
    headPort: 0,
    configPaths: ["gpu_gateway/emulator/config.yaml", "test/fixtures/nemo_gym/vllm_model.yaml", "workers/resources/example_single_tool_call/config.yaml"],
  });
});
afterAll(async () => {
  await running?.stop();
});

test("every rollout through NeMo Gym's vllm_model.yaml is served and scored", async () => {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-nemo-vllm-"));
  const summary = await collectExample(running.stack.headUrl, "example_single_tool_call", 2, dir);
  expect(summary.failed).toBe(0);
  const rows = readJsonl(join(dir, "example_single_tool_call.jsonl"));
  expect(rows).toHaveLength(10);
  for (const row of rows) expect(row.reward).toBeTypeOf("number");
});
