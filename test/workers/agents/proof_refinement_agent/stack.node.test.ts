// proof_refinement_agent through the whole local stack, played by the vLLM emulator with
// --p-correct 0: every first answer is wrong (the skills' wrong paths), and every answer after the
// verifier's feedback is right (the emulator draws right or wrong on a conversation's first turn
// only; later turns follow the history, and the correction message restates the task for the
// skill to read). So on math_with_judge and code_gen (its code run in the real local sandbox) the
// mean reward is 0 with max_correction_turns 0 and 1 with max_correction_turns 2. Collection,
// profiling and async /run work unchanged.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collect } from "../../../../scripts/collect/collect.ts";
import { defaultConfigPaths } from "../../../../scripts/plan/registry.ts";
import { profile } from "../../../../scripts/profile/profile.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { readJsonl } from "../../../stack_helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-proof-refinement-"));
const ENVIRONMENTS = ["math_with_judge", "code_gen"];
const agentName = (environment: string, turns: number) => `${environment}_refine_${turns}`;

function agentConfig(environment: string, turns: number): string {
  return [
    `${agentName(environment, turns)}:`,
    "  responses_api_agents:",
    "    proof_refinement_agent:",
    `      resources_server: {type: resources_servers, name: ${environment}}`,
    "      model_server: {type: responses_api_models, name: policy_model}",
    `      max_correction_turns: ${turns}`,
  ].join("\n");
}

let running: RunningStack;
beforeAll(async () => {
  const config = join(dir, "config.yaml");
  writeFileSync(config, ENVIRONMENTS.flatMap((e) => [agentConfig(e, 0), agentConfig(e, 2)]).join("\n"));
  running = await bringUp({
    headPort: 0,
    configPaths: [...defaultConfigPaths(), config],
    only: ENVIRONMENTS.flatMap((e) => [agentName(e, 0), agentName(e, 2)]),
    emulatorArgs: ["--p-correct", "0"],
  });
});
afterAll(async () => {
  await running?.stop();
});

async function collectThrough(environment: string, turns: number) {
  const agent = agentName(environment, turns);
  const summary = await collect({
    headUrl: running.stack.headUrl,
    input: `workers/resources/${environment}/data/example.jsonl`,
    output: join(dir, `${agent}.jsonl`),
    agent,
    concurrency: 4,
    numRepeats: 1,
    rolloutTimeoutS: 120,
    maxAttempts: 1,
    progress: false,
  });
  expect(summary).toMatchObject({ total: 5, failed: 0 });
  const rows = readJsonl(summary.files.rollouts);
  const meanReward = rows.reduce((sum, r) => sum + r.reward, 0) / rows.length;
  const profiled = await profile({ inputs: summary.files.materialized, rollouts: summary.files.rollouts });
  return { rows, meanReward, profiledMean: profiled.agents[0]!.metrics["mean/reward"] };
}

describe.each(ENVIRONMENTS)("%s: the emulator's first answers are wrong, its corrected ones right", (environment) => {
  test("mean reward 0 in a single turn, 1 with correction turns", async () => {
    const before = await collectThrough(environment, 0);
    const after = await collectThrough(environment, 2);
    console.log(`${environment}: mean reward ${before.meanReward} with max_correction_turns 0, ${after.meanReward} with 2`);
    expect(before.meanReward).toBe(0);
    expect(after.meanReward).toBe(1);
    expect([before.profiledMean, after.profiledMean]).toEqual([0, 1]);
    for (const row of before.rows) expect(row).toMatchObject({ total_turns: 1, error_feedback: expect.any(String) });
    for (const row of after.rows) {
      // One wrong attempt, its feedback, one right attempt.
      expect(row).toMatchObject({ total_turns: 2, error_feedback: null });
      expect(row.all_attempts.map((a: { reward: number }) => a.reward)).toEqual([0, 1]);
      expect(row.all_attempts[0].error_feedback).toMatch(environment === "code_gen" ? /^Test \d+ of \d+ failed/ : /^Your final answer, .*, is not correct/);
    }
  });
});

test("async /run: a refined rollout runs in the agent's own RolloutDO", async () => {
  const url = running.stack.urls.get(agentName("math_with_judge", 2))!;
  const row = readJsonl("workers/resources/math_with_judge/data/example.jsonl")[0];
  const submitted = await fetch(`${url}/run`, { method: "POST", headers: { "content-type": "application/json", prefer: "respond-async" }, body: JSON.stringify(row) });
  expect(submitted.status).toBe(202);
  const location = submitted.headers.get("location")!;
  let state: any;
  for (let i = 0; i < 200; i++) {
    state = await (await fetch(`${url}${location}`)).json();
    if (state.status === "completed" || state.status === "failed") break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(state).toMatchObject({ status: "completed", result: { reward: 1, total_turns: 2 } });
});
