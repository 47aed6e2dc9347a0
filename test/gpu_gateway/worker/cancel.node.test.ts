// Callers that go away must give back the gateway's endpoint slots: rollouts cut off by the agent's
// model deadline, and a collector killed mid-run, against a fake vLLM that hangs on every
// completion. The real stack (agent, model server, gateway and its router Durable Object) runs in
// workerd; the fake upstream counts what reaches it.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const ADMIN_KEY = "cancel-test-admin-key";
const LIMIT = 4;
const AGENT = "example_single_tool_call_simple_agent";
const MODEL_DEADLINE_S = 2;

function answer(res: ServerResponse): void {
  res.setHeader("content-type", "application/json");
  res.end(
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 0,
      model: "fake",
      choices: [{ index: 0, message: { role: "assistant", content: "Yes, bring a jacket." }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}

/** A vLLM stand-in: healthy, but every completion hangs until `answering` is turned on. */
class HangingUpstream {
  readonly server: Server;
  received = 0;
  answering = false;
  readonly #held = new Set<ServerResponse>();

  constructor() {
    this.server = createServer((req, res) => this.#handle(req, res));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    if (req.url === "/health") {
      res.end("{}");
      return;
    }
    this.received++;
    if (this.answering) {
      answer(res);
      return;
    }
    this.#held.add(res);
    res.once("close", () => this.#held.delete(res));
  }

  /** Answers every completion held so far. */
  answerHeld(): void {
    for (const res of this.#held) answer(res);
  }

  close(): Promise<void> {
    for (const res of this.#held) res.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const upstream = new HangingUpstream();
let running: RunningStack;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.server.listen(0, "127.0.0.1", resolve));
  running = await bringUp({
    headPort: 0,
    only: [AGENT],
    overrides: [
      `++policy_base_url=${upstream.url}`,
      "++policy_model_name=fake",
      `++${AGENT}.responses_api_agents.simple_agent.model_timeout_s=${MODEL_DEADLINE_S}`,
      `++policy_model.responses_api_models.vllm_model.gateway={admin_api_key: ${ADMIN_KEY}, max_in_flight_per_endpoint: ${LIMIT}, timeout_s: 60}`,
    ],
  });
});
afterAll(async () => {
  await running?.stop();
  await upstream.close();
});

const url = (name: string) => running.stack.urls.get(name)!;

async function fleet(): Promise<{ in_flight: number; queued: number; endpoints: Array<{ in_flight: number; queued: number }> }> {
  const res = await fetch(`${url("policy_model_gpu_gateway")}/admin/endpoints`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

const held = (s: Awaited<ReturnType<typeof fleet>>) => s.in_flight + s.queued + s.endpoints.reduce((n, e) => n + e.queued, 0);

/** Polls until `check` holds; the bound only keeps a broken build from hanging the suite. */
async function until(check: () => Promise<boolean>, what: string, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms: ${what}; fleet: ${JSON.stringify(await fleet())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ROW = {
  responses_create_params: {
    input: [{ role: "user", content: "should I bring a jacket in sf today?" }],
    tools: [{ type: "function", name: "get_weather", description: "", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] }, strict: true }],
  },
};

const run = () =>
  fetch(`${url(AGENT)}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ROW) }).then(async (r) => ({ status: r.status, body: await r.text() }));

// Less than the lease's TTL (15 s): slots must come back because their callers left, not because
// their leases lapsed.
const RELEASED_WITHIN_MS = 10_000;

/** Switches the upstream to answering and shows a rollout goes straight through. */
async function rolloutSucceeds(): Promise<void> {
  upstream.answering = true;
  try {
    const result = await run();
    expect(result.status, result.body).toBe(200);
    expect(JSON.parse(result.body).reward).toBeTypeOf("number");
  } finally {
    upstream.answering = false;
  }
}

/** A model call straight to the model server: no deadline but the gateway's own. */
const ask = () =>
  fetch(`${url("policy_model")}/v1/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ input: "hello" }) }).then((r) => r.status);

async function expectNoReward(results: Array<Promise<{ status: number; body: string }>>): Promise<void> {
  // The agent's model deadline ended every one: an infrastructure failure, never a reward.
  for (const r of await Promise.all(results)) {
    expect(r.status).toBe(504);
    expect(r.body).not.toContain('"reward"');
  }
}

describe("a cancelled caller gives its slot back", () => {
  test("rollouts in flight, cut off by the agent's deadline: every slot returns and new rollouts go through", async () => {
    const before = upstream.received;
    const callers = Array.from({ length: LIMIT }, run);
    await until(async () => (await fleet()).in_flight === LIMIT, `${LIMIT} in flight`, 30_000);
    await expectNoReward(callers);
    await until(async () => held(await fleet()) === 0, "every slot given back", RELEASED_WITHIN_MS);
    expect(upstream.received - before).toBe(LIMIT);
    await rolloutSucceeds();
  });

  test("rollouts that leave while queued are dropped, and never reach the upstream when slots free up", async () => {
    const before = upstream.received;
    // Callers that stay: they hold every slot.
    const holders = Array.from({ length: LIMIT }, ask);
    await until(async () => (await fleet()).in_flight === LIMIT, `${LIMIT} in flight`, 30_000);
    const leavers = Array.from({ length: 2 * LIMIT }, run);
    await until(async () => held(await fleet()) === 3 * LIMIT, `${2 * LIMIT} queued`, 30_000);
    await expectNoReward(leavers);
    await until(async () => held(await fleet()) === LIMIT, "the leavers' queue places given back", RELEASED_WITHIN_MS);

    upstream.answerHeld();
    expect(await Promise.all(holders)).toEqual(Array(LIMIT).fill(200));
    await until(async () => held(await fleet()) === 0, "the holders' slots given back", RELEASED_WITHIN_MS);
    expect(upstream.received - before).toBe(LIMIT);
    await rolloutSucceeds();
  });

  // Without the endpoint check: its probe, a direct call to the model server, would hold a slot of
  // this hanging upstream until the model server's own timeout, not the agent's deadline.
  test("a collector killed mid-run: its rollouts end at the agent's deadline and give their slots back", async () => {
    const dir = mkdtempSync(join(tmpdir(), "edge-gym-cancel-"));
    const input = join(dir, "rows.jsonl");
    writeFileSync(input, Array.from({ length: 40 }, () => JSON.stringify(ROW)).join("\n"));
    const child = spawn(
      process.execPath,
      ["scripts/edge-gym.ts", "collect", "--head-url", running.stack.headUrl, "--input", input, "--output", join(dir, "out.jsonl"), "--agent", AGENT, "--concurrency", "16", "--no-endpoint-check"],
      { stdio: "ignore" },
    );
    try {
      await until(async () => (await fleet()).in_flight === LIMIT, `${LIMIT} slots taken by the collector's rollouts`, 30_000);
    } finally {
      child.kill("SIGKILL");
    }
    await until(async () => held(await fleet()) === 0, "every slot and queue place given back", MODEL_DEADLINE_S * 1000 + RELEASED_WITHIN_MS);
    await rolloutSucceeds();
  });
});
