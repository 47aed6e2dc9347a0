// NeMo Gym's own config files, unedited (test/fixtures/nemo_gym/), start and serve rollouts: its
// vllm_model.yaml with its nulls (null means unset there: before, it started "ready" and every
// rollout was a 500 misconfigured), mcqa.yaml with NeMo Gym's dataset entries and extra fields,
// and structured_outputs_v4.yaml, whose agent records its tool calls unexecuted.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../scripts/collect/collect.ts";
import { bringUp } from "../scripts/stack/up.ts";
import type { RunningStack } from "../scripts/stack/up.ts";
import { readJsonl } from "./stack_helpers.ts";

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-nemo-configs-"));

beforeAll(async () => {
  running = await bringUp({
    headPort: 0,
    configPaths: [
      "gpu_gateway/emulator/config.yaml",
      "test/fixtures/nemo_gym/vllm_model.yaml",
      "test/fixtures/nemo_gym/mcqa.yaml",
      "test/fixtures/nemo_gym/structured_outputs_v4.yaml",
    ],
  });
});
afterAll(async () => {
  await running?.stop();
});

async function collectThrough(agent: string, input: string) {
  const output = join(dir, `${agent}.jsonl`);
  const summary = await collect({ headUrl: running.stack.headUrl, input, output, agent, concurrency: 4, numRepeats: 2, rolloutTimeoutS: 120, progress: false });
  return { summary, rows: readJsonl(output) };
}

test("mcqa through NeMo Gym's mcqa.yaml and vllm_model.yaml: every rollout served and scored, right and wrong", async () => {
  const { summary, rows } = await collectThrough("mcqa_simple_agent", "workers/resources/mcqa/data/example.jsonl");
  expect(summary).toMatchObject({ total: 10, failed: 0 });
  for (const row of rows) expect(row.reward).toBeTypeOf("number");
  expect(new Set(rows.map((r) => r.reward)).size).toBeGreaterThan(1);
});

test("structured_outputs through NeMo Gym's v4 config: its agent records the tool call and does not run it", async () => {
  const { summary, rows } = await collectThrough("structured_outputs_v4_simple_agent", "workers/resources/structured_outputs/data/example.jsonl");
  expect(summary).toMatchObject({ total: 10, failed: 0 });
  for (const row of rows) {
    expect(row.reward).toBeTypeOf("number");
    expect(row.response.output.some((item: { type: string }) => item.type === "function_call_output")).toBe(false);
  }
});
