// The fleet router's decisions, without the Durable Object around it: round-robin for new sessions,
// stickiness, in-flight limits with queueing, health, pause, and what it reports.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { endpointKey } from "../../../shared/fleet/pin.ts";
import { Router } from "../../../shared/fleet/router.ts";
import type { Grant, RouterConfig, SessionStore } from "../../../shared/fleet/router.ts";

const A = "http://gpu-a:8000";
const B = "http://gpu-b:8000";
const C = "http://gpu-c:8000";

function config(overrides: Partial<RouterConfig> = {}): RouterConfig {
  return { endpoints: [A, B, C], maxInFlight: 100, ejectAfterFailures: 3, ejectMs: 10_000, leaseMs: 60_000, sessionTtlMs: 3_600_000, probe: null, viewTtlMs: 0, requestTimeoutMs: 600_000, ...overrides };
}

function mapStore(): SessionStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (s) => map.get(s), set: (s, e) => void map.set(s, e) };
}

type Granted = Extract<Grant, { ok: true }>;

async function granted(promise: Promise<Grant>): Promise<Granted> {
  const grant = await promise;
  if (!grant.ok) throw new Error(`refused: ${grant.reason}`);
  return grant;
}

const ok = { outcome: "ok" as const, latencyMs: 5 };
const refused = { outcome: "unprocessed" as const, latencyMs: 1 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("router", () => {
  test("new sessions go round-robin; every later turn of a session goes to the same endpoint", async () => {
    const store = mapStore();
    const router = new Router(store, config());
    const first: string[] = [];
    for (let i = 0; i < 9; i++) {
      const g = await granted(router.acquire({ session: `s${i}`, exclude: [], waitMs: 1000 }));
      first.push(g.endpoint);
      router.release(g.lease, ok);
    }
    expect(first).toEqual([A, B, C, A, B, C, A, B, C]);
    for (let turn = 0; turn < 3; turn++) {
      for (let i = 8; i >= 0; i--) {
        const g = await granted(router.acquire({ session: `s${i}`, exclude: [], waitMs: 1000 }));
        expect(g.endpoint).toBe(first[i]);
        router.release(g.lease, ok);
      }
    }
    expect(router.status().endpoints.map((e) => e.requests)).toEqual([12, 12, 12]);
  });

  test("requests without a session are spread round-robin and remember nothing", async () => {
    const store = mapStore();
    const router = new Router(store, config());
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push((await granted(router.acquire({ exclude: [], waitMs: 1000 }))).endpoint);
    expect(seen).toEqual([A, B, C, A, B, C]);
    expect(store.map.size).toBe(0);
  });

  test("a pinned session goes to the endpoint its pin names, and nothing is stored; a pin naming no usable endpoint is a new placement", async () => {
    const store = mapStore();
    const router = new Router(store, config());
    // First turns carry an empty pin: round-robin, as for any new session.
    const first = [];
    for (let i = 0; i < 3; i++) {
      const g = await granted(router.acquire({ session: `p${i}`, pin: "", exclude: [], waitMs: 1000 }));
      first.push(g.endpoint);
      router.release(g.lease, ok);
    }
    expect(first).toEqual([A, B, C]);
    for (const endpoint of [C, A, B, C]) {
      const g = await granted(router.acquire({ session: "any", pin: endpointKey(endpoint), exclude: [], waitMs: 1000 }));
      expect(g.endpoint).toBe(endpoint);
      router.release(g.lease, ok);
    }
    expect(store.map.size).toBe(0);
    // Unknown, or excluded after it failed: placed anew (the caller gets the new endpoint in its grant).
    expect((await granted(router.acquire({ session: "x", pin: "00000000", exclude: [], waitMs: 1000 }))).endpoint).toBe(A);
    expect((await granted(router.acquire({ session: "y", pin: endpointKey(B), exclude: [B], waitMs: 1000 }))).endpoint).toBe(C);
    expect(store.map.size).toBe(0);
  });

  test("beyond the in-flight limit a session waits for its own endpoint; a new session takes the first free slot", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A, B], maxInFlight: 1 }));
    const a = await granted(router.acquire({ session: "x", exclude: [], waitMs: 5000 }));
    const b = await granted(router.acquire({ session: "y", exclude: [], waitMs: 5000 }));
    expect([a.endpoint, b.endpoint]).toEqual([A, B]);
    router.release(a.lease, ok);
    router.release(b.lease, ok);
    const busyA = await granted(router.acquire({ session: "z", exclude: [], waitMs: 5000 }));
    expect(busyA.endpoint).toBe(A);

    // x belongs to A, which is full: it queues there even though B is free.
    let xGrant: Grant | undefined;
    void router.acquire({ session: "x", exclude: [], waitMs: 5000 }).then((g) => (xGrant = g));
    await vi.advanceTimersByTimeAsync(10);
    expect(xGrant).toBeUndefined();
    expect(router.status().endpoints[0]!.queued).toBe(1);
    const onB = await granted(router.acquire({ session: "new", exclude: [], waitMs: 5000 }));
    expect(onB.endpoint).toBe(B);

    // Both full: a new session waits and takes whichever endpoint frees first.
    let newGrant: Grant | undefined;
    void router.acquire({ session: "later", exclude: [], waitMs: 5000 }).then((g) => (newGrant = g));
    router.release(onB.lease, ok);
    await vi.advanceTimersByTimeAsync(0);
    expect(newGrant).toMatchObject({ ok: true, endpoint: B });
    router.release(busyA.lease, ok);
    await vi.advanceTimersByTimeAsync(0);
    expect(xGrant).toMatchObject({ ok: true, endpoint: A });
  });

  test("a request that waits past its deadline is refused, and leaves the queue", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A], maxInFlight: 1 }));
    const held = await granted(router.acquire({ exclude: [], waitMs: 1000 }));
    const waiting = router.acquire({ exclude: [], waitMs: 200 });
    await vi.advanceTimersByTimeAsync(201);
    expect(await waiting).toEqual({ ok: false, reason: expect.stringMatching(/no endpoint had a free slot \(limit 1/) });
    expect(router.status().queued).toBe(0);
    router.release(held.lease, ok);
    expect(router.status().in_flight).toBe(0);
  });

  test("an excluded endpoint is skipped; a session whose endpoint failed moves, and stays moved", async () => {
    const store = mapStore();
    const router = new Router(store, config());
    const g = await granted(router.acquire({ session: "s", exclude: [], waitMs: 1000 }));
    expect(g.endpoint).toBe(A);
    router.release(g.lease, refused);
    const retry = await granted(router.acquire({ session: "s", exclude: [A], waitMs: 1000 }));
    expect(retry.endpoint).not.toBe(A);
    router.release(retry.lease, ok);
    expect((await granted(router.acquire({ session: "s", exclude: [], waitMs: 1000 }))).endpoint).toBe(retry.endpoint);
    expect(await router.acquire({ session: "s", exclude: [A, B, C], waitMs: 1000 })).toEqual({ ok: false, reason: expect.stringMatching(/every endpoint was tried/) });
  });

  test("consecutive failures eject an endpoint; time or a healthy probe re-admits it", async () => {
    const router = new Router(mapStore(), config({ ejectAfterFailures: 2, ejectMs: 5000 }));
    for (let i = 0; i < 2; i++) {
      const g = await granted(router.acquire({ exclude: [B, C], waitMs: 1000 }));
      router.release(g.lease, { outcome: "failed", latencyMs: 1 });
    }
    expect(router.status().endpoints[0]).toMatchObject({ url: A, healthy: false, consecutive_failures: 2, errors: 2 });
    const spread = new Set<string>();
    for (let i = 0; i < 6; i++) spread.add((await granted(router.acquire({ exclude: [], waitMs: 1000 }))).endpoint);
    expect(spread).toEqual(new Set([B, C]));

    await vi.advanceTimersByTimeAsync(5001);
    expect(router.status().endpoints[0]!.healthy).toBe(true);
    // Re-admitted on probation: one more failure ejects it again at once.
    const g = await granted(router.acquire({ exclude: [B, C], waitMs: 1000 }));
    router.release(g.lease, { outcome: "failed", latencyMs: 1 });
    expect(router.status().endpoints[0]!.healthy).toBe(false);
    router.probed(A, true);
    expect(router.status().endpoints[0]).toMatchObject({ healthy: true, consecutive_failures: 0 });
    router.probed(A, false);
    router.probed(A, false);
    expect(router.status().endpoints[0]!.healthy).toBe(false);
  });

  test("sessions queued on an endpoint that gets ejected move to a healthy one", async () => {
    const store = mapStore();
    const router = new Router(store, config({ endpoints: [A, B], maxInFlight: 1, ejectAfterFailures: 1 }));
    const a = await granted(router.acquire({ session: "s", exclude: [], waitMs: 5000 }));
    expect(a.endpoint).toBe(A);
    const queued = router.acquire({ session: "s", exclude: [], waitMs: 5000 });
    router.release(a.lease, { outcome: "failed", latencyMs: 1 });
    expect(await queued).toMatchObject({ ok: true, endpoint: B });
    expect(store.map.get("s")).toBe(B);
  });

  test("with every untried endpoint ejected, they are tried anyway rather than refusing", async () => {
    const router = new Router(mapStore(), config({ ejectAfterFailures: 1 }));
    for (const url of [A, B, C]) router.probed(url, false);
    expect(router.status().endpoints.every((e) => !e.healthy)).toBe(true);
    expect(await router.acquire({ exclude: [A], waitMs: 1000 })).toMatchObject({ ok: true, endpoint: expect.stringMatching(/gpu-[bc]/) });
  });

  test("pause holds new requests, lets in-flight ones finish, and answers when drained; resume lets the held ones go", async () => {
    const router = new Router(mapStore(), config());
    const inflight = await granted(router.acquire({ session: "s", exclude: [], waitMs: 10_000 }));
    let drained: { in_flight: number } | undefined;
    void router.pause(10_000).then((d) => (drained = d));
    let held: Grant | undefined;
    void router.acquire({ session: "t", exclude: [], waitMs: 10_000 }).then((g) => (held = g));
    await vi.advanceTimersByTimeAsync(100);
    expect(drained).toBeUndefined();
    expect(held).toBeUndefined();
    expect(router.status()).toMatchObject({ paused: true, in_flight: 1, queued: 1 });
    router.release(inflight.lease, ok);
    await vi.advanceTimersByTimeAsync(0);
    expect(drained).toEqual({ in_flight: 0 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(held).toBeUndefined();
    router.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(held).toMatchObject({ ok: true });
  });

  test("a pause that outlasts the drain timeout answers with what is still in flight; a held request times out as paused", async () => {
    const router = new Router(mapStore(), config());
    await granted(router.acquire({ exclude: [], waitMs: 10_000 }));
    const pause = router.pause(500);
    const held = router.acquire({ exclude: [], waitMs: 300 });
    await vi.advanceTimersByTimeAsync(501);
    expect(await pause).toEqual({ in_flight: 1 });
    expect(await held).toEqual({ ok: false, reason: expect.stringMatching(/paused/) });
  });

  test("leases never released are taken back after leaseMs", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A], maxInFlight: 1, leaseMs: 1000 }));
    await granted(router.acquire({ exclude: [], waitMs: 10_000 }));
    const waiting = router.acquire({ exclude: [], waitMs: 10_000 });
    await vi.advanceTimersByTimeAsync(1001);
    router.tick();
    expect(await waiting).toMatchObject({ ok: true, endpoint: A });
  });

  test("a renewed lease is kept past leaseMs; once renewals stop it lapses, and new traffic takes it back without a tick", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A], maxInFlight: 1, leaseMs: 1000 }));
    const held = await granted(router.acquire({ id: "long-generation", exclude: [], waitMs: 10_000 }));
    expect(held.lease).toBe("long-generation");
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(600);
      router.renew(["long-generation"]);
      router.tick();
      expect(router.status().in_flight).toBe(1);
    }
    await vi.advanceTimersByTimeAsync(1001);
    expect(await router.acquire({ exclude: [], waitMs: 10_000 })).toMatchObject({ ok: true, endpoint: A });
  });

  test("a caller that cancels its queued wait leaves the queue: the freed slot goes to the next caller, and the cancelled one is told so", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A], maxInFlight: 1 }));
    const first = await granted(router.acquire({ id: "first", exclude: [], waitMs: 10_000 }));
    const gone = router.acquire({ id: "gone", session: "s-gone", exclude: [], waitMs: 10_000 });
    const next = router.acquire({ id: "next", exclude: [], waitMs: 10_000 });
    expect(router.status().queued).toBe(2);
    router.release("gone", { outcome: "cancelled", latencyMs: 0 });
    expect(await gone).toEqual({ ok: false, reason: "cancelled by the caller" });
    expect(router.status().queued).toBe(1);
    router.release(first.lease, ok);
    expect(await next).toMatchObject({ ok: true, lease: "next", endpoint: A });
  });

  test("a cancelled lease frees its slot at once and says nothing of the endpoint: no request, error or ejection counted", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A], maxInFlight: 1, ejectAfterFailures: 1 }));
    for (let i = 0; i < 3; i++) {
      const g = await granted(router.acquire({ exclude: [], waitMs: 1000 }));
      router.release(g.lease, { outcome: "cancelled", latencyMs: 1 });
    }
    expect(router.status().endpoints[0]).toMatchObject({ healthy: true, in_flight: 0, requests: 0, errors: 0 });
    // Releasing twice, or a lease the router never gave, changes nothing.
    router.release("unknown", { outcome: "cancelled", latencyMs: 0 });
    expect(router.status()).toMatchObject({ in_flight: 0, queued: 0 });
  });

  test("stats: requests, errors, in flight and latency percentiles per endpoint", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A] }));
    for (let i = 1; i <= 100; i++) {
      const g = await granted(router.acquire({ exclude: [], waitMs: 1000 }));
      router.release(g.lease, i % 10 === 0 ? refused : { outcome: "ok", latencyMs: i });
    }
    await granted(router.acquire({ exclude: [], waitMs: 1000 }));
    const [a] = router.status().endpoints;
    expect(a).toMatchObject({ requests: 100, errors: 10, unprocessed: 10, in_flight: 1 });
    // 90 ok latencies: 1..99 without multiples of 10; nearest rank: the 45th and the 90th.
    expect(a!.latency_ms).toEqual({ p50: 49, p99: 99 });
  });

  test("an isolate's pinned requests count as in flight, toward the limit too; their outcomes count as leases' do", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A, B], maxInFlight: 2, ejectAfterFailures: 2 }));
    expect(router.sync({ isolate: "i1", seq: 1, inFlight: { [A]: 2 }, ended: [], released: [] })).toEqual({ paused: false, usable: [A, B] });
    expect(router.status()).toMatchObject({ in_flight: 2, endpoints: [{ in_flight: 2 }, { in_flight: 0 }] });
    // A is full with pinned turns: new sessions go to B, then wait.
    const b1 = await granted(router.acquire({ exclude: [], waitMs: 5000 }));
    await granted(router.acquire({ exclude: [], waitMs: 5000 }));
    expect(b1.endpoint).toBe(B);
    let waiting: Grant | undefined;
    void router.acquire({ exclude: [], waitMs: 5000 }).then((g) => (waiting = g));
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting).toBeUndefined();
    // The isolate's next report frees a slot on A, which goes to the waiter.
    router.sync({ isolate: "i1", seq: 2, inFlight: { [A]: 1 }, ended: [{ endpoint: A, outcome: "ok", latencyMs: 7 }], released: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting).toMatchObject({ ok: true, endpoint: A });
    // Outcomes are stats and health, as a lease's: two failures in a row eject A.
    const view = router.sync({ isolate: "i1", seq: 3, inFlight: { [A]: 1 }, ended: [{ endpoint: A, outcome: "failed", latencyMs: 1 }, { endpoint: A, outcome: "unprocessed", latencyMs: 1 }], released: [] });
    expect(view).toEqual({ paused: false, usable: [B] });
    expect(router.status().endpoints[0]).toMatchObject({ in_flight: 2, requests: 3, errors: 2, unprocessed: 1, healthy: false, latency_ms: { p50: 7, p99: 7 } });
    // A report overtaken on the way brings its outcomes, not its counts.
    router.sync({ isolate: "i1", seq: 2, inFlight: { [A]: 5 }, ended: [{ endpoint: B, outcome: "ok", latencyMs: 3 }], released: [] });
    expect(router.status().endpoints.map((e) => [e.in_flight, e.requests])).toEqual([[2, 3], [2, 1]]);
  });

  test("a lease given back in an isolate's report frees its slot and counts its outcome, as release does", async () => {
    const router = new Router(mapStore(), config({ endpoints: [A], maxInFlight: 1 }));
    const held = await granted(router.acquire({ id: "first", exclude: [], waitMs: 5000 }));
    let next: Grant | undefined;
    void router.acquire({ id: "next", exclude: [], waitMs: 5000 }).then((g) => (next = g));
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toBeUndefined();
    router.sync({ isolate: "i1", seq: 1, inFlight: {}, ended: [], released: [{ lease: held.lease, outcome: "ok", latencyMs: 12 }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toMatchObject({ ok: true, lease: "next", endpoint: A });
    expect(router.status().endpoints[0]).toMatchObject({ in_flight: 1, requests: 1, latency_ms: { p50: 12, p99: 12 } });
  });

  test("an isolate silent for longer than a request may run stops counting", async () => {
    const router = new Router(mapStore(), config({ requestTimeoutMs: 10_000 }));
    router.sync({ isolate: "gone", seq: 1, inFlight: { [A]: 3 }, ended: [], released: [] });
    router.sync({ isolate: "alive", seq: 1, inFlight: { [B]: 1 }, ended: [], released: [] });
    await vi.advanceTimersByTimeAsync(6000);
    router.sync({ isolate: "alive", seq: 2, inFlight: { [B]: 1 }, ended: [], released: [] });
    await vi.advanceTimersByTimeAsync(5000);
    router.tick();
    expect(router.status().endpoints.map((e) => e.in_flight)).toEqual([0, 1, 0]);
  });

  test("a pause is drained only once every isolate has seen it and reported: its pinned requests are waited for", async () => {
    const router = new Router(mapStore(), config({ viewTtlMs: 1000 }));
    router.sync({ isolate: "i1", seq: 1, inFlight: { [A]: 1 }, ended: [], released: [] });
    let drained: { in_flight: number } | undefined;
    void router.pause(10_000).then((d) => (drained = d));
    expect(router.sync({ isolate: "i2", seq: 1, inFlight: {}, ended: [], released: [] }).paused).toBe(true);
    // Every isolate's view lasts 1 s, and each reports a change within 250 ms: not drained before 1.5 s.
    router.sync({ isolate: "i1", seq: 2, inFlight: {}, ended: [{ endpoint: A, outcome: "ok", latencyMs: 5 }], released: [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(drained).toBeUndefined();
    // i2 started one just before its view expired; its report comes in time.
    router.sync({ isolate: "i2", seq: 2, inFlight: { [B]: 1 }, ended: [], released: [] });
    await vi.advanceTimersByTimeAsync(600);
    expect(drained).toBeUndefined();
    expect(router.status()).toMatchObject({ paused: true, in_flight: 1 });
    router.sync({ isolate: "i2", seq: 3, inFlight: {}, ended: [{ endpoint: B, outcome: "ok", latencyMs: 5 }], released: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(drained).toEqual({ in_flight: 0 });
  });

  test("with nothing in flight, a pause is drained once every isolate's view has expired", async () => {
    const router = new Router(mapStore(), config({ viewTtlMs: 1000 }));
    let drained: { in_flight: number } | undefined;
    void router.pause(10_000).then((d) => (drained = d));
    await vi.advanceTimersByTimeAsync(1499);
    expect(drained).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(drained).toEqual({ in_flight: 0 });
  });

  test("a changed endpoint list takes effect; sessions on a removed endpoint move", async () => {
    const store = mapStore();
    const router = new Router(store, config({ endpoints: [A, B] }));
    const g = await granted(router.acquire({ session: "s", exclude: [], waitMs: 1000 }));
    router.release(g.lease, ok);
    router.configure(config({ endpoints: [B, C] }));
    expect(router.status().endpoints.map((e) => e.url)).toEqual([B, C]);
    expect((await granted(router.acquire({ session: "s", exclude: [], waitMs: 1000 }))).endpoint).not.toBe(A);
  });
});
