// Miniflare gives every Worker a cache entry Worker and an outbound interceptor Worker of its own,
// two isolates each, alike but for the interceptor's zone. patches/miniflare+…patch makes one of
// each kind serve every Worker alike in it, and the local stack runs all its Workers on one zone:
// what those Workers do through them is unchanged (the CF-Worker header their fetches carry, the
// Cache API), and a stack's isolates no longer grow by three per Worker.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../scripts/stack/up.ts";

interface WorkerdService {
  name: string;
  worker?: { globalOutbound?: { name: string }; cacheApiOutbound?: { name: string } };
}

/** The services of the workerd config Miniflare writes for `start` (MINIFLARE_WORKERD_CONFIG_DEBUG). */
async function workerdServices<T>(start: () => Promise<T>): Promise<{ started: T; services: WorkerdService[] }> {
  const path = join(mkdtempSync(join(tmpdir(), "edge-gym-workerd-config-")), "config.json");
  const before = process.env.MINIFLARE_WORKERD_CONFIG_DEBUG;
  process.env.MINIFLARE_WORKERD_CONFIG_DEBUG = path;
  try {
    const started = await start();
    return { started, services: (JSON.parse(readFileSync(path, "utf8")) as { services: WorkerdService[] }).services };
  } finally {
    if (before === undefined) delete process.env.MINIFLARE_WORKERD_CONFIG_DEBUG;
    else process.env.MINIFLARE_WORKERD_CONFIG_DEBUG = before;
  }
}

describe("Workers alike share Miniflare's helper Workers", () => {
  // Answers with the CF-Worker header of the request it got.
  const echo = createServer((request, response) => response.end(request.headers["cf-worker"] ?? "(none)"));
  let echoUrl = "";
  let mf: Miniflare | undefined;
  let services: WorkerdService[] = [];

  // Each Worker fetches the echo server, then puts and matches a response in its default cache.
  const script = `export default { async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/echo") return fetch(url.searchParams.get("to"));
    const key = new Request("https://cached.example/" + url.searchParams.get("key"));
    if (url.pathname === "/put") { await caches.default.put(key, new Response("from " + url.hostname, { headers: { "cache-control": "max-age=60" } })); return new Response("put"); }
    const hit = await caches.default.match(key);
    return new Response(hit ? await hit.text() : "miss");
  } };`;
  const worker = (name: string, zone?: string) => ({ name, modules: true, script, compatibilityDate: "2026-08-01", ...(zone ? { zone } : {}), routes: [`${name}.test/*`] });
  // In a's zone, but its fetches go to an outbound service of its own: that one must not be shared.
  const mocked = { ...worker("d", "one.example"), outboundService: () => new Response("outbound of d") };

  beforeAll(async () => {
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/`;
    ({ started: mf, services } = await workerdServices(async () => {
      const started = new Miniflare(convertV4MiniflareOptions({ workers: [worker("a", "one.example"), worker("b", "one.example"), worker("c"), mocked] }));
      await started.ready;
      return started;
    }));
  });
  afterAll(async () => {
    await mf?.dispose();
    echo.close();
  });

  const ask = async (host: string, path: string) => (await mf!.dispatchFetch(`http://${host}.test${path}`)).text();

  test("one interceptor per zone, one of its own for a Worker with an outbound service, one cache entry for all", () => {
    const users = services.filter((s) => s.name.startsWith("core:user:"));
    expect(users.map((s) => s.worker?.globalOutbound?.name)).toEqual(["outbound:strip:one.example", "outbound:strip:one.example", "outbound:strip:c.example.com", "outbound:3"]);
    expect(new Set(users.map((s) => s.worker?.cacheApiOutbound?.name))).toEqual(new Set(["cache:entry"]));
    expect(services.filter((s) => s.worker && s.name.startsWith("outbound:")).map((s) => s.name).sort()).toEqual(["outbound:3", "outbound:strip:c.example.com", "outbound:strip:one.example"]);
  });

  test("each Worker's fetches still carry its own zone, and go to its own outbound service", async () => {
    const to = `?to=${encodeURIComponent(echoUrl)}`;
    expect([await ask("a", `/echo${to}`), await ask("b", `/echo${to}`), await ask("c", `/echo${to}`), await ask("d", `/echo${to}`)]).toEqual(["one.example", "one.example", "c.example.com", "outbound of d"]);
  });

  test("the Cache API works from every Worker through the shared entry", async () => {
    expect(await ask("a", "/match?key=k1")).toBe("miss");
    await ask("a", "/put?key=k1");
    await ask("c", "/put?key=k2");
    expect([await ask("a", "/match?key=k1"), await ask("c", "/match?key=k2")]).toEqual(["from a.test", "from c.test"]);
  });
});

test("a local stack runs its Workers on one zone: one interceptor and one cache entry for all of them", async () => {
  const { started: running, services } = await workerdServices(() => bringUp({ headPort: 0, only: ["example_single_tool_call_simple_agent"] }));
  try {
    const users = services.filter((s) => s.name.startsWith("core:user:"));
    expect(users.length).toBe(running.specs.length);
    expect(new Set(users.map((s) => s.worker?.globalOutbound?.name))).toEqual(new Set(["outbound:strip:edge-gym.localhost"]));
    expect(services.filter((s) => s.worker && /^(outbound|cache):/.test(s.name)).map((s) => s.name).sort()).toEqual(["cache:0", "cache:cache", "cache:entry", "outbound:strip:edge-gym.localhost"]);
  } finally {
    await running.stop();
  }
});
