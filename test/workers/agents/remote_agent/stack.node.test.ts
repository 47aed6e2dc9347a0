// remote_agent through the whole local stack against a local fake of the external service: a
// Node server behind a bearer token that answers POST <base>/v1/responses by asking the stack's
// policy model (the vLLM emulator), as a hosted agent would ask its own. The environment is
// example_session_state_mgmt, whose counter lives in the resources server's session: the reward
// is right only if the service's asks ran there, in the rollout's seeded session. A service that
// goes down makes the rest of the rollouts `remote_agent_error` failures, never rewards; the token
// never leaves the agent's config.
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import { collect } from "../../../../scripts/collect/collect.ts";
import type { CollectOptions } from "../../../../scripts/collect/collect.ts";
import { defaultConfigPaths } from "../../../../scripts/plan/registry.ts";
import { profile } from "../../../../scripts/profile/profile.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { readJsonl } from "../../../stack_helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-remote-agent-"));
const AGENT = "counter_remote_agent";
const ENVIRONMENT = "example_session_state_mgmt";
const TOKEN = "sk-remote-agent-test";

let running: RunningStack;
let service: Server;
const calls = { total: 0, unauthorized: 0 };

/** The fake hosted agent: its model step is the stack's policy model. */
function startService(): Promise<string> {
  service = createServer(async (req, res) => {
    calls.total++;
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      calls.unauthorized++;
      res.writeHead(401).end("bad token");
      return;
    }
    let body = "";
    for await (const chunk of req) body += chunk;
    const answer = await fetch(`${running.stack.urls.get("policy_model")}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", [ENVIRONMENT_HEADER]: ENVIRONMENT },
      body,
    });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
  });
  return new Promise((resolve) => service.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(service.address() as AddressInfo).port}/hosted`)));
}

beforeAll(async () => {
  const base = await startService();
  const config = join(dir, "config.yaml");
  writeFileSync(
    config,
    [
      `${AGENT}:`,
      "  responses_api_agents:",
      "    remote_agent:",
      `      agent_base_url: ${base}/`,
      `      agent_api_key: ${TOKEN}`,
      `      resources_server: {type: resources_servers, name: ${ENVIRONMENT}}`,
      "      max_steps: 10",
      "      concurrency: 4",
    ].join("\n"),
  );
  running = await bringUp({ headPort: 0, configPaths: [...defaultConfigPaths(), config], only: [AGENT, "policy_model"] });
});
afterAll(async () => {
  await running?.stop();
  service?.close();
});

const options = (name: string): CollectOptions => ({
  headUrl: running.stack.headUrl,
  input: `workers/resources/${ENVIRONMENT}/data/example.jsonl`,
  output: join(dir, `${name}.jsonl`),
  agent: AGENT,
  concurrency: 4,
  numRepeats: 2,
  rolloutTimeoutS: 60,
  maxAttempts: 1,
  progress: false,
});

test("the service's asks run in the rollout's session on the resources server, and are scored", async () => {
  const summary = await collect(options("scored"));
  expect(summary).toMatchObject({ total: 10, failed: 0 });
  const rows = readJsonl(summary.files.rollouts);
  for (const row of rows) {
    const types = row.response.output.map((i: { type: string }) => i.type);
    expect(types).toContain("function_call_output");
    expect(types.at(-1)).toBe("message");
  }
  // The emulator's right and wrong paths: both rewards, from the session's counter.
  expect(new Set(rows.map((r) => r.reward))).toEqual(new Set([0, 1]));
  const profiled = await profile({ inputs: summary.files.materialized, rollouts: summary.files.rollouts });
  expect(profiled.agents[0]!.metrics["mean/reward"]).toBe(rows.reduce((s, r) => s + r.reward, 0) / rows.length);
  expect(calls.unauthorized).toBe(0);
});

test("the token is redacted where the head publishes the config", async () => {
  const published = await (await fetch(`${running.stack.headUrl}/global_config_dict_yaml`)).text();
  expect(published).toContain("agent_api_key");
  expect(published).not.toContain(TOKEN);
});

test("a service that is down is a remote_agent_error failure, never a reward", async () => {
  await new Promise((resolve) => service.close(resolve));
  const summary = await collect({ ...options("down"), numRepeats: 1 });
  expect(summary).toMatchObject({ total: 5, failed: 5 });
  for (const failure of readJsonl(summary.files.failures)) {
    expect(failure._ng_failure_class).toBe("remote_agent_error");
    expect(failure.reward).toBeUndefined();
  }
});
