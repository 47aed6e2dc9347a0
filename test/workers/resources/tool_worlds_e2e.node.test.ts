// workplace_assistant and calendar through the whole stack, as `edge-gym eval` runs them: real
// Workers in workerd (each workplace session its own world in its SessionDO), the vLLM emulator
// playing both with their skills. The seed gives every task right and wrong rollouts; a right
// workplace rollout made the row's expected writes, a wrong one left another state.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectExample, readJsonl } from "../../stack_helpers.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-tool-worlds-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ["workplace_assistant_simple_agent", "calendar_simple_agent"], emulatorArgs: ["--seed", "5", "--p-correct", "0.5"] });
});
afterAll(async () => {
  await running?.stop();
});

const writes = (rollout: any) =>
  rollout.response.output
    .filter((item: any) => item.type === "function_call" && !/search|find|get_/.test(item.name))
    .map((item: any) => ({ name: item.name, arguments: JSON.parse(item.arguments) }));

describe("stateful tool worlds end to end", () => {
  test("workplace_assistant: 4 rollouts per task, right ones make the expected writes, wrong ones earn 0", async () => {
    const summary = await collectExample(running.stack.headUrl, "workplace_assistant", 4, dir);
    expect(summary).toMatchObject({ total: 20, succeeded: 20, failed: 0 });
    const rollouts = readJsonl(summary.files.rollouts);
    for (const r of rollouts) {
      const expected = r.ground_truth.map((c: any) => ({ name: c.name, arguments: JSON.parse(c.arguments) }));
      if (r.reward === 1) expect(writes(r)).toEqual(expected);
      else expect(writes(r)).not.toEqual(expected);
    }
    const rewards = rollouts.map((r: any) => r.reward);
    expect(rewards).toContain(1);
    expect(rewards).toContain(0);
  });

  test("calendar: 4 rollouts per task, scored with its grade reason, right and wrong ones", async () => {
    const summary = await collectExample(running.stack.headUrl, "calendar", 4, dir);
    expect(summary).toMatchObject({ total: 20, succeeded: 20, failed: 0 });
    const rollouts = readJsonl(summary.files.rollouts);
    for (const r of rollouts) expect(r.grade_reason).toBe(r.reward === 1 ? "pass" : "different_number_of_events");
    expect(new Set(rollouts.map((r: any) => r.reward))).toEqual(new Set([0, 1]));
  });
});
