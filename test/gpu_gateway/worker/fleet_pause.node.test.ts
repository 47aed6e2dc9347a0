// The gateway's load controls against a fleet of four slow endpoints (emulator processes, 500 ms
// per completion) behind the real gateway Worker and router Durable Object: the per-endpoint in-flight
// limit with queueing beyond it, and pause/resume around a weight refit.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const FLEET = ["emulator://a", "emulator://b", "emulator://c", "emulator://d"];
const ADMIN_KEY = "pause-test-admin-key";
const LIMIT = 2;

let running: RunningStack;

beforeAll(async () => {
  running = await bringUp({
    headPort: 0,
    overrides: [
      `++policy_base_url=[${FLEET.join(",")}]`,
      `++policy_model.responses_api_models.vllm_model.gateway={admin_api_key: ${ADMIN_KEY}, max_in_flight_per_endpoint: ${LIMIT}}`,
    ],
    emulatorArgs: ["--latency-ms", "500"],
  });
});
afterAll(async () => {
  await running?.stop();
});

const gatewayUrl = () => running.stack.urls.get("policy_model_gpu_gateway")!;
const admin = (path: string, method = "GET") =>
  fetch(`${gatewayUrl()}/admin/${path}`, { method, headers: { authorization: `Bearer ${ADMIN_KEY}` } }).then((r) => r.json() as Promise<any>);

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^${name}\\{[^}]*\\} (\\d+)$`, "m").exec(text)![1]);
}

const emulators = () => FLEET.map((f) => running.emulators.get(f)!.url);
const served = () => Promise.all(emulators().map((u) => metric(u, "vllm:request_success_total")));

/** A model call in a fresh session. */
function ask(i: number): Promise<{ status: number }> {
  const url = running.stack.urls.get("policy_model")!;
  return fetch(`${url}/v1/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ input: `question ${i}` }) }).then(async (r) => {
    await r.text();
    return { status: r.status };
  });
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("load controls", () => {
  test("no endpoint ever runs more than its limit; the rest queue in the gateway and all complete", async () => {
    let finished = false;
    const requests = Promise.all(Array.from({ length: 20 }, (_, i) => ask(i))).finally(() => (finished = true));
    let sawQueue = false;
    let peak = 0;
    while (!finished) {
      const [status, running] = await Promise.all([admin("endpoints"), Promise.all(emulators().map((u) => metric(u, "vllm:num_requests_running")))]);
      sawQueue ||= status.queued > 0 || status.endpoints.some((e: any) => e.queued > 0);
      for (const e of status.endpoints) expect(e.in_flight).toBeLessThanOrEqual(LIMIT);
      for (const n of running) expect(n).toBeLessThanOrEqual(LIMIT);
      peak = Math.max(peak, ...running);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await requests).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(sawQueue).toBe(true);
    expect(peak).toBe(LIMIT);
  });

  test("pause: in-flight requests finish and the pause answers drained; new ones wait, untouched by any endpoint, until resume", async () => {
    const total = async () => (await served()).reduce((a, b) => a + b, 0);
    const servedAtStart = await total();
    const inFlight = Array.from({ length: 6 }, (_, i) => ask(100 + i));
    await until(async () => (await admin("endpoints")).in_flight === 6, "6 requests in flight");
    expect(await total()).toBe(servedAtStart);

    // The pause answers once those six have been served, not before.
    expect(await admin("pause", "POST")).toEqual({ paused: true, drained: true, in_flight: 0 });
    expect(await total()).toBe(servedAtStart + 6);
    expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual(Array(6).fill(200));

    const servedBefore = await served();
    let answered = 0;
    const held = Array.from({ length: 3 }, (_, i) => ask(200 + i).then((r) => (answered++, r)));
    await until(async () => (await admin("endpoints")).queued === 3, "3 requests held by the pause");
    await new Promise((r) => setTimeout(r, 700));
    expect(answered).toBe(0);
    expect(await served()).toEqual(servedBefore);
    expect(await admin("endpoints")).toMatchObject({ paused: true, in_flight: 0 });

    expect(await admin("resume", "POST")).toEqual({ paused: false });
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
    const servedAfter = await served();
    expect(servedAfter.reduce((a, b) => a + b, 0) - servedBefore.reduce((a, b) => a + b, 0)).toBe(3);
  });
});
