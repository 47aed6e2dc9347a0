// The whole stack as a user runs it: real Workers in workerd (Miniflare) joined by service
// bindings, the vLLM emulator as its own process, rollouts collected through the head server.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { collectExample, readJsonl } from "../../stack_helpers.ts";
import { RunBatchLine } from "../../../shared/schemas/run.ts";
import { IMPLEMENTATIONS } from "../../../scripts/plan/registry.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const ENVIRONMENTS = ["example_single_tool_call", "example_session_state_mgmt", "example_multi_step"];

let running: RunningStack;
const dir = mkdtempSync(join(tmpdir(), "edge-gym-e2e-"));

beforeAll(async () => {
  running = await bringUp({ headPort: 0, emulatorArgs: ["--seed", "7", "--p-correct", "0.6"] });
});
afterAll(async () => {
  await running?.stop();
});

describe("local stack end to end", () => {
  test("the head lists every instance and publishes the config without secrets", async () => {
    const instances = (await (await fetch(`${running.stack.headUrl}/server_instances`)).json()) as any[];
    const names = instances.map((i) => i.name).sort();
    // Every bundled environment: its resources server and its agent (a simple_agent, or an episode server's gymnasium_agent).
    // Folders, not aliases (an alias is another name for a folder's implementation).
    const bundled = IMPLEMENTATIONS.filter((i) => i.kind === "resources_servers" && i.fixed === undefined).map((i) => i.name);
    expect(bundled).toEqual(expect.arrayContaining(ENVIRONMENTS));
    const agents = instances.filter((i) => i.server_type === "responses_api_agents").map((i) => i.name);
    // At least one agent each (structured_outputs has NeMo Gym's v3 and v4 agents besides).
    expect(agents.length).toBeGreaterThanOrEqual(bundled.length);
    expect(agents).toEqual(expect.arrayContaining([...ENVIRONMENTS.map((e) => `${e}_simple_agent`), "blackjack_gymnasium_agent"]));
    // The model servers: the policy, and genrm_compare's judge.
    const servers = instances.filter((i) => i.server_type === "resources_servers");
    // Each bundled environment at least once (format_verification has NeMo's two instances, citation_format and freeform_formatting).
    expect([...new Set(servers.map((i) => i.implementation))].sort()).toEqual(bundled);
    expect(names).toEqual([...servers.map((i) => i.name), ...agents, "genrm_model", "policy_model"].sort());
    for (const instance of instances) {
      expect(instance.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(instance.url)).json()).toEqual({ status: "ok" });
    }
    const yamlText = (await (await fetch(`${running.stack.headUrl}/global_config_dict_yaml`)).json()) as string;
    const config = parse(yamlText);
    expect(config.example_single_tool_call_simple_agent.responses_api_agents.simple_agent.resources_server.name).toBe("example_single_tool_call");
    expect(config.policy_api_key).not.toBe("emulator");
    expect(yamlText).not.toContain("api_key: emulator");
  });

  test.each(ENVIRONMENTS)("collects and scores rollouts for %s", async (environment) => {
    const summary = await collectExample(running.stack.headUrl, environment, 3, dir);
    const output = summary.files.rollouts;
    expect(summary).toMatchObject({ total: 15, succeeded: 15, failed: 0 });
    const materialized = readJsonl(summary.files.materialized);
    expect(materialized.map((r) => [r._ng_task_index, r._ng_rollout_index])).toEqual(
      [0, 1, 2, 3, 4].flatMap((t) => [0, 1, 2].map((r) => [t, r])),
    );
    const rollouts = readJsonl(output);
    expect(rollouts).toHaveLength(15);
    const pairs = new Set(rollouts.map((r) => `${r._ng_task_index}/${r._ng_rollout_index}`));
    expect(pairs.size).toBe(15);
    for (const r of rollouts) {
      expect(r.agent_ref).toEqual({ name: `${environment}_simple_agent` });
      expect([0, 1]).toContain(r.reward);
      expect(r.response.output.some((i: any) => i.type === "function_call")).toBe(true);
      expect(r.response.usage.total_tokens).toBeGreaterThan(0);
    }
    const [aggregate] = JSON.parse(readFileSync(summary.files.aggregateMetrics, "utf8"));
    expect(aggregate.agent_ref).toEqual({ name: `${environment}_simple_agent` });
    expect(aggregate.agent_metrics["mean/reward"]).toBeCloseTo(summary.meanReward!);
    expect(aggregate.group_level_metrics).toHaveLength(5);
    expect(aggregate.agent_metrics).toHaveProperty(["pass@2/accuracy"]);
    expect(aggregate.key_metrics).toHaveProperty(["mean/reward"]);
    if (environment === "example_single_tool_call") expect(summary.meanReward).toBe(1);
    else {
      // seeded right/wrong answers: both outcomes occur, so rewards are not trivial
      const rewards = new Set(rollouts.map((r) => r.reward));
      expect(rewards).toEqual(new Set([0, 1]));
    }
  });

  test("/run_batch streams NDJSON results from the real agent as they complete", async () => {
    const agent = running.stack.instances.find((i) => i.name === "example_multi_step_simple_agent")!;
    const rows = readJsonl("workers/resources/example_multi_step/data/example.jsonl").slice(0, 3);
    const response = await fetch(`${agent.url}/run_batch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    const lines = (await response.text()).trim().split("\n").map((l) => RunBatchLine.parse(JSON.parse(l)));
    expect(lines.map((l) => l.index).sort()).toEqual([0, 1, 2]);
    for (const line of lines) {
      if (!("result" in line)) throw new Error(`rollout ${line.index} failed: ${JSON.stringify(line.failure)}`);
      expect(line.result.id).toBe(rows[line.index].id);
      expect([0, 1]).toContain(line.result.reward);
    }
  });

  test("an unreachable model is an infrastructure failure, never a reward", async () => {
    await running.emulator!.stop();
    const agent = running.stack.instances.find((i) => i.name === "example_single_tool_call_simple_agent")!;
    const row = readJsonl("workers/resources/example_single_tool_call/data/example.jsonl")[0];
    const response = await fetch(`${agent.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(row) });
    expect([502, 503, 504]).toContain(response.status);
    const body = (await response.json()) as any;
    expect(body.error.hop).toMatch(/^policy_model/);
    expect(body.reward).toBeUndefined();
  });
});
