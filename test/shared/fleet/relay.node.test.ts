// The relay's side of a lease: renewed while its request runs, released once when it ends however
// it ends, and a cancelled caller's upstream call abandoned. A recording router and a real HTTP
// upstream on loopback; only the renewal interval's clock is faked.
import { createServer } from "node:http";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { relay } from "../../../shared/fleet/relay.ts";
import type { RelayContext } from "../../../shared/fleet/relay.ts";
import { LEASE_RENEW_MS } from "../../../shared/fleet/router.ts";
import type { AcquireRequest, Report } from "../../../shared/fleet/router.ts";

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
    },
    config: { endpoints: [base], maxInFlight: 1, ejectAfterFailures: 3, ejectMs: 1000, leaseMs: 15_000, sessionTtlMs: 60_000, probe: null },
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
