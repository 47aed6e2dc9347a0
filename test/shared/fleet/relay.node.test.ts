// The relay's side of a lease: renewed while its request runs, released once when it ends however
// it ends, and a cancelled caller's upstream call abandoned. And a pinned session's turns, which go
// straight to their endpoint with no lease. A recording router and a real HTTP
// upstream on loopback; only the renewal interval's clock is faked.
import { createServer } from "node:http";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { PIN_HEADER, endpointKey } from "../../../shared/fleet/pin.ts";
import { PinnedRequests } from "../../../shared/fleet/pinned.ts";
import { relay } from "../../../shared/fleet/relay.ts";
import type { RelayContext } from "../../../shared/fleet/relay.ts";
import { LEASE_RENEW_MS } from "../../../shared/fleet/router.ts";
import type { AcquireRequest, IsolateReport, Report } from "../../../shared/fleet/router.ts";

const held: ServerResponse[] = [];
let closed = 0;
const server = createServer((req, res) => {
  req.resume();
  res.once("close", () => closed++);
  held.push(res);
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
});

function recordingContext() {
  const calls = { acquired: [] as string[], renewed: [] as string[][], released: [] as Array<[string, Report["outcome"]]> };
  const pending: Promise<unknown>[] = [];
  const ctx: RelayContext = {
    router: {
      acquire: async (_config, request: AcquireRequest) => {
        calls.acquired.push(request.id!);
        return { ok: true, lease: request.id!, endpoint: base };
      },
      release: async (lease, report) => void calls.released.push([lease, report.outcome]),
      renew: async (leases) => void calls.renewed.push(leases),
      sync: async () => ({ paused: false, usable: [base] }),
    },
    config: { endpoints: [base], maxInFlight: 1, ejectAfterFailures: 3, ejectMs: 1000, leaseMs: 15_000, sessionTtlMs: 60_000, probe: null, viewTtlMs: 1000, requestTimeoutMs: 60_000 },
    headers: {},
    timeoutMs: 60_000,
    waitUntil: (promise) => void pending.push(promise),
    hop: "fleet",
  };
  return { ctx, calls, settled: () => Promise.all(pending) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

describe("relay leases", () => {
  test("renewed while the upstream works; a cancelled caller releases once, abandons the upstream call and stops renewing", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { ctx, calls, settled } = recordingContext();
    const caller = new AbortController();
    const closedBefore = closed;
    const answer = relay(ctx, { method: "POST", path: "v1/chat/completions", bodyText: "{}", signal: caller.signal });
    await until(() => held.length === 1);
    const [lease] = calls.acquired;

    vi.advanceTimersByTime(3 * LEASE_RENEW_MS);
    expect(calls.renewed).toEqual([[lease], [lease], [lease]]);
    expect(calls.released).toEqual([]);

    caller.abort();
    expect((await answer).status).toBe(499);
    await settled();
    expect(calls.released).toEqual([[lease, "cancelled"]]);
    await until(() => closed === closedBefore + 1);
    vi.advanceTimersByTime(3 * LEASE_RENEW_MS);
    expect(calls.renewed).toHaveLength(3);
  });

  test("an answered request releases once, as ok, when its body has been read; no renewal after", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { ctx, calls, settled } = recordingContext();
    const caller = new AbortController();
    const answer = relay(ctx, { method: "POST", path: "v1/chat/completions", bodyText: "{}", signal: caller.signal });
    await until(() => held.length === 2);
    held[1]!.end('{"ok": true}');
    const response = await answer;
    expect(await response.json()).toEqual({ ok: true });
    await settled();
    expect(calls.released).toEqual([[calls.acquired[0], "ok"]]);
    // A signal that fires after the end (as workerd's may) changes nothing.
    caller.abort();
    vi.advanceTimersByTime(3 * LEASE_RENEW_MS);
    expect(calls.renewed).toEqual([]);
    expect(calls.released).toHaveLength(1);
  });
});

describe("pinned turns", () => {
  // Endpoints of their own: one answering at once, one answering 503, one refusing connections.
  let answering = "";
  let busy = "";
  let refusing = "";
  let served = 0;
  const servers = [
    createServer((req, res) => {
      req.resume();
      served++;
      res.setHeader("content-type", "application/json");
      res.end('{"ok": true}');
    }),
    createServer((req, res) => {
      req.resume();
      res.statusCode = 503;
      res.end("starting up");
    }),
  ];
  beforeAll(async () => {
    const urls = await Promise.all(
      servers.map((s) => new Promise<string>((resolve) => s.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)))),
    );
    [answering, busy] = urls as [string, string];
    const closed = createServer();
    refusing = await new Promise<string>((resolve) => closed.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(closed.address() as AddressInfo).port}`)));
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  function pinnedContext(view: { paused: boolean; usable: () => string[] }) {
    const calls = { acquired: [] as AcquireRequest[], released: [] as Array<[string, Report["outcome"]]>, synced: [] as IsolateReport[] };
    const pending: Promise<unknown>[] = [];
    const endpoints = [answering, busy, refusing];
    const ctx: RelayContext = {
      router: {
        acquire: async (_config, request) => {
          calls.acquired.push(request);
          return { ok: true, lease: request.id!, endpoint: answering };
        },
        release: async (lease, report) => void calls.released.push([lease, report.outcome]),
        renew: async () => {},
        sync: async (_config, report) => {
          calls.synced.push(report);
          return { paused: view.paused, usable: view.usable() };
        },
      },
      config: { endpoints, maxInFlight: 10, ejectAfterFailures: 3, ejectMs: 1000, leaseMs: 15_000, sessionTtlMs: 60_000, probe: null, viewTtlMs: 1000, requestTimeoutMs: 60_000 },
      headers: {},
      timeoutMs: 10_000,
      waitUntil: (promise) => void pending.push(promise),
      hop: "fleet",
      pinned: new PinnedRequests(),
    };
    // Until nothing is left: a report scheduled by what settled is awaited too.
    const settled = async () => {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    };
    return { ctx, calls, settled };
  }
  // The answer read to the end, as a caller does: a turn ends (and is reported) only then.
  const ask = async (ctx: RelayContext, pin: string) => {
    const response = await relay(ctx, { method: "POST", path: "v1/chat/completions", bodyText: "{}", pin });
    return { status: response.status, pin: response.headers.get(PIN_HEADER), body: await response.json() };
  };

  test("with a fresh view a pinned turn goes straight to its endpoint; the router hears of it in a batched report, not per turn", async () => {
    const { ctx, calls, settled } = pinnedContext({ paused: false, usable: () => [answering, busy, refusing] });
    const before = served;
    // A stale (never fetched) view is fetched first; then five turns need no router call at all.
    for (let i = 0; i < 5; i++) {
      expect(await ask(ctx, endpointKey(answering))).toEqual({ status: 200, pin: endpointKey(answering), body: { ok: true } });
    }
    await settled();
    expect(served - before).toBe(5);
    expect(calls.acquired).toEqual([]);
    expect(calls.released).toEqual([]);
    // The view fetch, then one report (within a quarter of the view's life) carrying every ended turn.
    expect(calls.synced.length).toBeLessThanOrEqual(3);
    const ended = calls.synced.flatMap((r) => r.ended);
    expect(ended.map((e) => [e.endpoint, e.outcome])).toEqual(Array(5).fill([answering, "ok"]));
    expect(calls.synced.at(-1)!.inFlight).toEqual({});
    expect(calls.synced.map((r) => r.seq)).toEqual(calls.synced.map((_, i) => i + 1));
  });

  test("a paused view, or a pinned endpoint out of rotation, sends the turn through the router", async () => {
    let usable = [answering, busy, refusing];
    const view = { paused: true, usable: () => usable };
    const { ctx, calls, settled } = pinnedContext(view);
    expect((await ask(ctx, endpointKey(answering))).status).toBe(200);
    expect(calls.acquired).toHaveLength(1);
    expect(calls.acquired[0]).toMatchObject({ pin: endpointKey(answering), exclude: [] });

    view.paused = false;
    usable = [busy, refusing];
    const fresh = pinnedContext(view);
    expect((await ask(fresh.ctx, endpointKey(answering))).status).toBe(200);
    expect(fresh.calls.acquired).toHaveLength(1);
    await Promise.all([settled(), fresh.settled()]);
    // Each slot given back after its good answer, with the isolate's next report.
    expect(calls.released).toEqual([]);
    expect(calls.synced.flatMap((r) => r.released).map((r) => r.outcome)).toEqual(["ok"]);
  });

  test("a pinned endpoint that refuses the connection or answers 503 is reported at once, and the router places the turn elsewhere", async () => {
    for (const endpoint of [refusing, busy]) {
      const { ctx, calls, settled } = pinnedContext({ paused: false, usable: () => [answering, busy, refusing] });
      expect(await ask(ctx, endpointKey(endpoint))).toEqual({ status: 200, pin: endpointKey(answering), body: { ok: true } });
      expect(calls.acquired).toHaveLength(1);
      expect(calls.acquired[0]!.exclude).toEqual([endpoint]);
      await settled();
      expect(calls.synced.flatMap((r) => r.ended).map((e) => [e.endpoint, e.outcome])).toEqual([[endpoint, "unprocessed"]]);
    }
  });

  test("a first turn's slot, given back after a good answer, goes with the next report; after a refusal, at once", async () => {
    const { ctx, calls, settled } = pinnedContext({ paused: false, usable: () => [answering, busy, refusing] });
    expect((await ask(ctx, "")).status).toBe(200);
    await settled();
    expect(calls.released).toEqual([]);
    expect(calls.synced.flatMap((r) => r.released).map((r) => [r.lease, r.outcome])).toEqual([[calls.acquired[0]!.id, "ok"]]);

    // The router places the next first turn on the endpoint that refuses: that slot is given back at once.
    const refused = pinnedContext({ paused: false, usable: () => [answering] });
    refused.ctx.router.acquire = async (_config, request) => {
      refused.calls.acquired.push(request);
      return { ok: true, lease: request.id!, endpoint: request.exclude.includes(refusing) ? answering : refusing };
    };
    expect((await ask(refused.ctx, "")).status).toBe(200);
    await refused.settled();
    expect(refused.calls.released).toEqual([[refused.calls.acquired[0]!.id, "unprocessed"]]);
  });

  test("a pin naming no endpoint of the fleet is a new placement", async () => {
    const { ctx, calls } = pinnedContext({ paused: false, usable: () => [answering] });
    expect((await ask(ctx, "00000000")).status).toBe(200);
    expect(calls.synced).toEqual([]);
    expect(calls.acquired).toHaveLength(1);
  });
});

describe("the way to the network", () => {
  test("a context's network fetcher carries every request to the endpoints; a connection it cannot make is unprocessed, as with fetch", async () => {
    const answering = createServer((req, res) => {
      req.resume();
      res.end('{"ok": true}');
    });
    const url = await new Promise<string>((resolve) => answering.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(answering.address() as AddressInfo).port}`)));
    const closed = createServer();
    const refusing = await new Promise<string>((resolve) => closed.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(closed.address() as AddressInfo).port}`)));
    await new Promise((resolve) => closed.close(resolve));
    try {
      const carried: string[] = [];
      const endpoints = [refusing, url];
      let placed = 0;
      const ctx: RelayContext = {
        router: {
          acquire: async (_config, request) => ({ ok: true, lease: request.id!, endpoint: endpoints.find((e) => !request.exclude.includes(e)) ?? endpoints[placed++]! }),
          release: async () => {},
          renew: async () => {},
          sync: async () => ({ paused: false, usable: endpoints }),
        },
        config: { endpoints, maxInFlight: 10, ejectAfterFailures: 3, ejectMs: 1000, leaseMs: 15_000, sessionTtlMs: 60_000, probe: null, viewTtlMs: 1000, requestTimeoutMs: 60_000 },
        headers: {},
        timeoutMs: 10_000,
        waitUntil: () => {},
        hop: "fleet",
        network: {
          fetch: (request: Request) => {
            carried.push(new URL(request.url).origin);
            return fetch(request);
          },
        },
      };
      const response = await relay(ctx, { method: "POST", path: "v1/chat/completions", bodyText: "{}" });
      expect(await response.json()).toEqual({ ok: true });
      expect(carried).toEqual([refusing, url]);
    } finally {
      await new Promise((resolve) => answering.close(resolve));
    }
  });
});
