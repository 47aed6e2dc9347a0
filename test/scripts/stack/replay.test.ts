// --policy replay:FILE through a real stack: the agent's model calls are answered with the turns of
// a rollouts file in NeMo Gym's shape, the environment's tools run them and its verifier scores
// them; a row the file has no rollout for is a failure naming why, never a reward.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readJsonl } from "../../stack_helpers.ts";
import { collect } from "../../../scripts/collect/collect.ts";
import { policyEmulatorArgs } from "../../../scripts/cli/policy.ts";
import { bringUp, type RunningStack } from "../../../scripts/stack/up.ts";

const ENVIRONMENT = "example_session_state_mgmt";
const dir = mkdtempSync(join(tmpdir(), "edge-gym-replay-"));

const TOOLS = [
  { type: "function", name: "increment_counter", parameters: { type: "object", properties: { count: { type: "integer" } }, required: ["count"] }, strict: true },
  { type: "function", name: "get_counter_value", parameters: { type: "object", properties: {} }, strict: true },
];
const params = (text: string) => ({ input: [{ role: "user", content: text }], tools: TOOLS });
const rows = [
  { responses_create_params: params("add 5 then add 8 then get the count"), initial_count: 2, expected_count: 15 },
  { responses_create_params: params("add 3 then add 4 then get the count"), initial_count: 10, expected_count: 17 },
  { responses_create_params: params("add 1 then get the count"), initial_count: 0, expected_count: 1 },
];

const call = (id: string, name: string, args: string) => ({ type: "function_call", id: `fc_${id}`, call_id: id, name, arguments: args, status: "completed" });
const output = (id: string, text: string) => ({ type: "function_call_output", call_id: id, output: text });
const say = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });
// Recorded as NeMo writes example_rollouts.jsonl: the row, its response (every item of the episode) and its reward.
const rollouts = [
  {
    ...rows[0],
    response: { output: [call("a1", "increment_counter", '{"count": 5}'), output("a1", "{}"), call("a2", "increment_counter", '{"count": 8}'), output("a2", "{}"), call("a3", "get_counter_value", "{}"), output("a3", "15"), say("15")] },
    reward: 1,
  },
  // The recorded model added 5 instead of 4: the environment scores that 0 again.
  { ...rows[1], response: { output: [call("b1", "increment_counter", '{"count": 3}'), call("b2", "increment_counter", '{"count": 5}'), output("b1", "{}"), output("b2", "{}"), say("18")] }, reward: 0 },
];

let running: RunningStack;
beforeAll(async () => {
  const file = join(dir, "example_rollouts.jsonl");
  writeFileSync(file, rollouts.map((r) => JSON.stringify(r)).join("\n") + "\n");
  running = await bringUp({ headPort: 0, only: [`${ENVIRONMENT}_simple_agent`], emulatorArgs: policyEmulatorArgs(`replay:${file}`) });
});
afterAll(async () => {
  await running?.stop();
});

test("recorded rollouts are scored by the environment, and a row with none fails with the reason", async () => {
  const input = join(dir, "rows.jsonl");
  writeFileSync(input, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const summary = await collect({
    headUrl: running.stack.headUrl,
    input,
    output: join(dir, "out.jsonl"),
    agent: `${ENVIRONMENT}_simple_agent`,
    concurrency: 2,
    numRepeats: 1,
    rolloutTimeoutS: 120,
    maxAttempts: 1,
    progress: false,
  });
  expect(summary).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
  const scored = readJsonl(summary.files.rollouts).map((r) => [r._ng_task_index, r.reward]);
  expect(scored.sort()).toEqual([
    [0, 1],
    [1, 0],
  ]);
  // The episode went as recorded: the same calls with the same ids and argument text.
  const first = readJsonl(summary.files.rollouts).find((r) => r._ng_task_index === 0);
  expect(first.response.output.filter((i: any) => i.type === "function_call").map((i: any) => [i.call_id, i.arguments])).toEqual([
    ["a1", '{"count": 5}'],
    ["a2", '{"count": 8}'],
    ["a3", "{}"],
  ]);
  const [failure] = readJsonl(summary.files.failures);
  expect(failure._ng_task_index).toBe(2);
  expect(failure.reward).toBeUndefined();
  expect(JSON.stringify(failure.error)).toContain("replay: no rollout in");
});
