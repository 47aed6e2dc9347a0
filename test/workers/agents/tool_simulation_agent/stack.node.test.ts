// tool_simulation_agent through the whole local stack on xlam_fc (whose tools are descriptions
// only, run by no server), with the vLLM emulator as the policy: one model call per rollout, its
// tool calls scored as the next action and never answered. Collection, profiling, /run_batch and
// async /run work unchanged.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { collect } from "../../../../scripts/collect/collect.ts";
import { defaultConfigPaths } from "../../../../scripts/plan/registry.ts";
import { profile } from "../../../../scripts/profile/profile.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { readJsonl } from "../../../stack_helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-tool-simulation-"));
const AGENT = "xlam_fc_tool_simulation_agent";
const DATA = "workers/resources/xlam_fc/data/example.jsonl";

let running: RunningStack;
beforeAll(async () => {
  const config = join(dir, "config.yaml");
  writeFileSync(
    config,
    [
      `${AGENT}:`,
      "  responses_api_agents:",
      "    tool_simulation_agent:",
      "      resources_server: {type: resources_servers, name: xlam_fc}",
      "      model_server: {type: responses_api_models, name: policy_model}",
    ].join("\n"),
  );
  running = await bringUp({ headPort: 0, configPaths: [...defaultConfigPaths(), config], only: [AGENT] });
});
afterAll(async () => {
  await running?.stop();
});

test("one model call per rollout: its calls are scored, none is answered", async () => {
  const summary = await collect({ headUrl: running.stack.headUrl, input: DATA, output: join(dir, "rollouts.jsonl"), agent: AGENT, concurrency: 4, numRepeats: 4, rolloutTimeoutS: 60, maxAttempts: 1, progress: false });
  expect(summary).toMatchObject({ total: 20, failed: 0 });
  const rows = readJsonl(summary.files.rollouts);
  for (const row of rows) {
    const items = row.response.output;
    expect(items.filter((i: { type: string }) => i.type === "function_call").length).toBeGreaterThan(0);
    expect(items.filter((i: { type: string }) => i.type === "function_call_output")).toEqual([]);
    expect(row.reward).toBe(row.num_correct === row.num_expected && row.num_predicted === row.num_expected ? 1 : 0);
  }
  // The policy's calls are right or wrong as the emulator drew them: both kinds are scored.
  expect(new Set(rows.map((r) => r.reward))).toEqual(new Set([0, 1]));
  const profiled = await profile({ inputs: summary.files.materialized, rollouts: summary.files.rollouts });
  expect(profiled.agents[0]!.metrics["mean/reward"]).toBe(rows.reduce((s, r) => s + r.reward, 0) / rows.length);
});

test("/run_batch and async /run answer as every agent's do", async () => {
  const url = running.stack.urls.get(AGENT)!;
  const rows = readJsonl(DATA);
  const batch = await (await fetch(`${url}/run_batch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) })).text();
  const lines = batch.trim().split("\n").map((l) => JSON.parse(l));
  expect(lines.map((l) => l.index).sort()).toEqual([0, 1, 2, 3, 4]);
  for (const line of lines) expect(typeof line.result.reward).toBe("number");

  const submitted = await fetch(`${url}/run`, { method: "POST", headers: { "content-type": "application/json", prefer: "respond-async" }, body: JSON.stringify(rows[0]) });
  expect(submitted.status).toBe(202);
  let state: any;
  for (let i = 0; i < 200 && state?.status !== "completed" && state?.status !== "failed"; i++) {
    await new Promise((r) => setTimeout(r, 50));
    state = await (await fetch(`${url}${submitted.headers.get("location")}`)).json();
  }
  expect(state).toMatchObject({ status: "completed", result: { reward: expect.any(Number) } });
});
