// A fleet of four vLLM emulators, each its own process, behind the real gateway Worker and its
// router Durable Object (SQLite) in workerd, with the real model server in front: how sessions
// spread, whether every turn of a session lands on one endpoint, and what a dying endpoint costs.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../../../shared/client/call.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";
import { spawnEmulator } from "../../../scripts/stack/local_process.ts";
import type { LocalProcess } from "../../../scripts/stack/local_process.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const FLEET = ["emulator://a", "emulator://b", "emulator://c", "emulator://d"];
const ADMIN_KEY = "fleet-test-admin-key";
const EMULATOR_ARGS = ["--enable-prompt-tokens-details", "--p-correct", "1"];
const SESSIONS = 1000;
const TURNS = 3;

let running: RunningStack;
const restarted: LocalProcess[] = [];

beforeAll(async () => {
  running = await bringUp({
    headPort: 0,
    overrides: [
      `++policy_base_url=[${FLEET.join(",")}]`,
      `++policy_model.responses_api_models.vllm_model.gateway={admin_api_key: ${ADMIN_KEY}, probe_interval_s: 0.5, eject_after_failures: 2, eject_s: 2}`,
    ],
    emulatorArgs: EMULATOR_ARGS,
  });
});
afterAll(async () => {
  await running?.stop();
  await Promise.all(restarted.map((e) => e.stop()));
});

const urlOf = (name: string) => running.stack.urls.get(name)!;
const emulatorUrl = (placeholder: string) => running.emulators.get(placeholder)!.url;

async function served(url: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  return Number(/^vllm:request_success_total\{[^}]*\} (\d+)$/m.exec(metrics)![1]);
}

async function fleetStatus(): Promise<any> {
  const res = await fetch(`${urlOf("policy_model_gpu_gateway")}/admin/endpoints`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  expect(res.status).toBe(200);
  return res.json();
}

/** Runs `work` over 0..n-1 with at most `limit` at once. */
async function pool<T>(n: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

// One rollout's worth of model calls, as an agent makes them: the session cookie replayed, the
// items of each turn sent back in the next.
async function conversation(i: number): Promise<Array<{ input_tokens: number; cached: number }>> {
  const jar = new CookieJar();
  const input: unknown[] = [{ role: "user", content: `Conversation ${i}: ${"tell me something about the weather in the mountains today. ".repeat(4)}` }];
  const usage = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const result = await call({ name: "policy_model", url: urlOf("policy_model") }, "/v1/responses", { body: { input }, deadlineMs: 30_000, jar, attempts: 1 });
    expect(result.status, result.text).toBe(200);
    const response = JSON.parse(result.text);
    usage.push({ input_tokens: response.usage.input_tokens, cached: response.usage.input_tokens_details.cached_tokens });
    input.push(...response.output, { role: "user", content: `And after that, ${turn}?` });
  }
  return usage;
}

describe("a fleet of four endpoints", () => {
  test(`${SESSIONS} sessions spread within ±5% of even, and every turn of a session lands on one endpoint`, async () => {
    const before = await Promise.all(FLEET.map((f) => served(emulatorUrl(f))));
    const usages = await pool(SESSIONS, 48, conversation);
    const after = await Promise.all(FLEET.map((f) => served(emulatorUrl(f))));

    // Counted by the endpoints themselves: every session made TURNS calls.
    const perEndpoint = after.map((n, k) => n - before[k]!);
    expect(perEndpoint.reduce((a, b) => a + b, 0)).toBe(SESSIONS * TURNS);
    const even = (SESSIONS * TURNS) / FLEET.length;
    for (const n of perEndpoint) expect(Math.abs(n - even)).toBeLessThanOrEqual(even * 0.05);

    // A turn finds its whole history in the prefix cache only on the endpoint that ran the last
    // turn; anywhere else only the few tokens all conversations share.
    for (const usage of usages) {
      for (let turn = 1; turn < TURNS; turn++) {
        const previous = usage[turn - 1]!.input_tokens;
        expect(previous).toBeGreaterThan(64);
        expect(usage[turn]!.cached).toBeGreaterThanOrEqual(Math.floor(previous / 16) * 16);
      }
    }

    // Later turns went straight to their endpoint, counted by the gateway isolate and reported to the
    // router in batches, the last within a quarter of a second (shared/fleet/pinned.ts).
    let status = await fleetStatus();
    for (const deadline = Date.now() + 5000; status.in_flight > 0 && Date.now() < deadline; status = await fleetStatus()) await new Promise((r) => setTimeout(r, 50));
    // Each session carried its endpoint (the model server's pin cookie): the router kept no row for any.
    expect(status.endpoints.map((e: any) => e.sessions)).toEqual(FLEET.map(() => 0));
    for (const endpoint of status.endpoints) {
      expect(endpoint).toMatchObject({ healthy: true, in_flight: 0, errors: 0 });
      expect(endpoint.latency_ms.p99).toBeGreaterThanOrEqual(endpoint.latency_ms.p50);
    }
  });

  test("with one endpoint killed mid-run, zero rollouts fail; the dead endpoint is ejected, and re-admitted once it is back", async () => {
    const agent = running.stack.instances.find((i) => i.name === "example_single_tool_call_simple_agent")!;
    const rows = readFileSync("workers/resources/example_single_tool_call/data/example.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const victim = running.emulators.get("emulator://b")!;
    const victimUrl = victim.url;
    const total = 240;
    let done = 0;
    const results = await pool(total, 24, async (i) => {
      // Kill it for real (SIGKILL: no draining) while rollouts are in flight on it.
      if (i === 60) process.kill(victim.pid, "SIGKILL");
      const res = await fetch(`${agent.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rows[i % rows.length]) });
      done++;
      return { status: res.status, body: (await res.json()) as any };
    });
    expect(done).toBe(total);
    const failed = results.filter((r) => r.status !== 200);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    for (const { body } of results) expect(body.reward).toBe(1);

    const killed = (await fleetStatus()).endpoints.find((e: any) => victimUrl.startsWith(e.url));
    expect(killed).toMatchObject({ healthy: false });
    expect(killed.errors).toBeGreaterThan(0);

    // Back on the same port: the probe sees it healthy and new sessions reach it again.
    const port = new URL(victimUrl).port;
    restarted.push(await spawnEmulator(["--port", port, ...EMULATOR_ARGS]));
    const deadline = Date.now() + 20_000;
    while (!(await fleetStatus()).endpoints.find((e: any) => victimUrl.startsWith(e.url)).healthy) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    await pool(8, 8, (i) => conversation(SESSIONS + i));
    expect(await served(victimUrl)).toBeGreaterThan(0);
  });
});
