// The wave-1 verifiers through the whole stack, as `edge-gym start` + `edge-gym collect` run them:
// real Workers in workerd, the vLLM emulator as its own process, rollouts found through the head.
// The emulator's seed gives each environment both right and wrong rollouts.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectExample, readJsonl } from "../../stack_helpers.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";


/** Per environment: the fields its verify adds, and the best reward a rollout can earn. */
const ENVIRONMENTS: Record<string, { fields: string[]; best: number }> = {
  example_tool_call_multireward: { fields: ["reward_components", "correctness", "schema_valid", "format", "predicted_calls"], best: 3 },
  mcqa: { fields: ["expected_answer", "extracted_answer"], best: 1 },
  string_match: { fields: ["extracted_answer"], best: 1 },
  arc_agi: { fields: ["predicted_output", "extraction_successful"], best: 1 },
  xlam_fc: { fields: ["num_expected", "num_predicted", "num_correct", "predicted_calls"], best: 1 },
  instruction_following: { fields: ["follow_all_instructions", "follow_instruction_list"], best: 1 },
  math_with_judge: { fields: ["extracted_answer", "library_reward", "judge_evaluations"], best: 1 },
  structured_outputs: { fields: ["error_type", "error_message"], best: 1 },
  equivalence_llm_judge: { fields: ["extracted_answer", "judge_evaluations"], best: 1 },
};

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-verifiers-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, emulatorArgs: ["--seed", "11", "--p-correct", "0.5"] });
});
afterAll(async () => {
  await running?.stop();
});

describe("wave-1 verifiers end to end", () => {
  test.each(Object.entries(ENVIRONMENTS))("%s: 2 rollouts per example task, scored, with right and wrong ones", async (environment, { fields, best }) => {
    const summary = await collectExample(running.stack.headUrl, environment, 2, dir);
    const output = summary.files.rollouts;
    expect(summary).toMatchObject({ total: 10, succeeded: 10, failed: 0 });
    const rollouts = readJsonl(output);
    expect(rollouts).toHaveLength(10);
    for (const r of rollouts) {
      expect(r.agent_ref).toEqual({ name: `${environment}_simple_agent` });
      for (const field of fields) expect(r, field).toHaveProperty(field);
    }
    const rewards = rollouts.map((r) => r.reward as number);
    expect(Math.max(...rewards)).toBe(best);
    expect(Math.min(...rewards)).toBeLessThan(best);
    const [aggregate] = JSON.parse(readFileSync(summary.files.aggregateMetrics, "utf8"));
    expect(aggregate.group_level_metrics).toHaveLength(5);
  });
});
