// The gateway Worker's routes over a fleet intercepted at its outbound fetch. Routing state is the
// real Router behind a stand-in for its Durable Object stub (the DO itself runs in the fleet tests).
import { afterEach, describe, expect, test, vi } from "vitest";
import { UNPROCESSED_HEADER } from "../../../shared/client/call.ts";
import { SESSION_HEADER } from "../../../shared/fleet/headers.ts";
import gateway from "../../../gpu_gateway/worker/index.ts";
import { answerRpc } from "../../../shared/server/rpc.ts";
import { routerNamespace } from "../../shared/fleet/router_stub.ts";

const ENDPOINTS = ["http://gpu-a:8000/v1", "http://gpu-b:8000/", "http://gpu-c:8000"];
const HOSTS = ["gpu-a", "gpu-b", "gpu-c"];
const ADMIN_KEY = "admin-secret-key";

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  body: string;
}

type Answer = (url: URL, request: Request) => Response | Promise<Response>;

// The fleet: hosts in `refusing` fail before any response, like a refused connection.
function fleet(refusing: readonly string[] = [], answer: Answer = () => Response.json({ ok: true })) {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push({ url: request.url, method: request.method, authorization: request.headers.get("authorization"), body: await request.text() });
    if (refusing.includes(url.hostname)) throw new TypeError("Network connection lost: connection refused");
    return answer(url, request);
  });
  return seen;
}

function gatewayClient(config: Record<string, unknown> = {}, env: Record<string, unknown> = {}) {
  const appEnv = { INSTANCE_NAME: "policy_model_gpu_gateway", INSTANCE_CONFIG: { endpoints: ENDPOINTS, ...config }, ROUTER: routerNamespace(), ...env };
  const background: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void background.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const send = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await gateway.fetch(
      new Request(`http://gateway${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
      appEnv,
      ctx,
    );
    const text = await response.text();
    // The router hears about a request once its body has been relayed.
    await Promise.all(background.splice(0));
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as any };
  };
  // A call over RPC, as the gateway's Rpc entrypoint answers it.
  const rpc = async (path: string, body: unknown) => {
    const answer = await answerRpc(gateway, { path, body }, appEnv, ctx);
    await Promise.all(background.splice(0));
    return answer;
  };
  return { send, rpc };
}

const chat = { model: "m", messages: [{ role: "user", content: "hi" }] };
const admin = { authorization: `Bearer ${ADMIN_KEY}` };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("gpu_gateway relay", () => {
  test("new sessions round-robin across the endpoints with the fleet's bearer key; the body goes through byte for byte", async () => {
    const seen = fleet();
    const g = gatewayClient({ api_key: "sk-fleet" });
    const body = '{"model":"m",  "messages":[{"role":"user","content":"hi"}]}';
    for (let i = 0; i < 6; i++) expect((await g.send("/v1/chat/completions", body, { [SESSION_HEADER]: `s${i}` })).status).toBe(200);
    expect(seen.map((s) => new URL(s.url).hostname)).toEqual([...HOSTS, ...HOSTS]);
    expect(seen.every((s) => s.authorization === "Bearer sk-fleet")).toBe(true);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(Array(6).fill("/v1/chat/completions"));
    expect(seen[0]!.body).toBe(body);
  });

  test("every turn of a session goes to the endpoint its first turn went to", async () => {
    const seen = fleet();
    const g = gatewayClient();
    for (let turn = 0; turn < 3; turn++) {
      for (const session of ["x", "y", "z", "w"]) await g.send("/v1/chat/completions", chat, { [SESSION_HEADER]: session });
    }
    const hosts = seen.map((s) => new URL(s.url).hostname);
    expect(hosts.slice(4, 8)).toEqual(hosts.slice(0, 4));
    expect(hosts.slice(8)).toEqual(hosts.slice(0, 4));
    expect(new Set(hosts.slice(0, 3)).size).toBe(3);
  });

  test("no api_key, no Authorization header; /tokenize goes to the base URL without /v1; /v1/models is a GET", async () => {
    const seen = fleet();
    const g = gatewayClient();
    await g.send("/tokenize", { prompt: "hi" });
    expect(new URL(seen[0]!.url).pathname).toBe("/tokenize");
    expect(seen[0]!.authorization).toBeNull();
    expect((await g.send("/v1/models")).status).toBe(200);
    expect(seen[1]).toMatchObject({ method: "GET", body: "" });
    expect(new URL(seen[1]!.url).pathname).toBe("/v1/models");
  });

  test("an endpoint's answer is relayed unchanged and never sent elsewhere, whatever its status", async () => {
    const body = { error: { message: "This model's maximum context length is 10 tokens.", code: "context_length_exceeded" } };
    for (const status of [400, 500]) {
      vi.restoreAllMocks();
      const seen = fleet([], () => Response.json(body, { status }));
      const res = await gatewayClient().send("/v1/chat/completions", chat);
      expect(res.status).toBe(status);
      expect(res.json()).toEqual(body);
      // A request that reached an endpoint may have run: it is never sent to another.
      expect(seen).toHaveLength(1);
    }
  });

  test("SSE streams through with its content type", async () => {
    const sse = 'data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: [DONE]\n\n';
    fleet([], () => new Response(sse, { headers: { "content-type": "text/event-stream" } }));
    const res = await gatewayClient().send("/v1/chat/completions", { ...chat, stream: true });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.text).toBe(sse);
  });

  test("an endpoint refusing the connection, or answering 503, is skipped: the next one answers", async () => {
    const seen = fleet(["gpu-a"], (url) => (url.hostname === "gpu-b" ? Response.json({ error: "overloaded" }, { status: 503 }) : Response.json({ served_by: url.hostname })));
    const res = await gatewayClient().send("/v1/chat/completions", chat, { [SESSION_HEADER]: "s" });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ served_by: "gpu-c" });
    expect(seen.map((s) => new URL(s.url).hostname)).toEqual(HOSTS);
  });

  test("every endpoint refusing: 503 marked unprocessed, naming each endpoint and the last 503 body; each tried once", async () => {
    const seen = fleet(["gpu-a", "gpu-b"], () => Response.json({ error: "engine is sleeping" }, { status: 503 }));
    const res = await gatewayClient().send("/v1/chat/completions", chat);
    expect(res.status).toBe(503);
    expect(res.headers.has(UNPROCESSED_HEADER)).toBe(true);
    const { error } = res.json();
    expect(error).toMatchObject({ type: "upstream_unavailable", hop: "fleet/v1/chat/completions" });
    for (const host of HOSTS) expect(error.message).toContain(host);
    expect(error.message).toContain("engine is sleeping");
    expect(seen.map((s) => new URL(s.url).hostname).sort()).toEqual(HOSTS);
  });

  test("an endpoint that does not answer within the deadline is a 504 naming it, not retried", async () => {
    // Hangs until the gateway gives up, as a wedged endpoint would.
    const seen = fleet([], (_, request) => new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))));
    const res = await gatewayClient({ timeout_s: 0.2 }).send("/v1/chat/completions", chat);
    expect(res.status).toBe(504);
    expect(res.json().error.hop).toMatch(/^http:\/\/gpu-a:8000\/v1\/chat\/completions$/);
    expect(seen).toHaveLength(1);
  });

  test("bad INSTANCE_CONFIG or no ROUTER binding is a 500 naming what is wrong", async () => {
    fleet();
    const bad = await gatewayClient({ endpoints: [] }).send("/v1/chat/completions", chat);
    expect(bad.status).toBe(500);
    expect(bad.json().error).toMatchObject({ type: "misconfigured" });
    expect(bad.json().error.message).toContain("endpoints");
    const unbound = await gatewayClient({}, { ROUTER: undefined }).send("/v1/chat/completions", chat);
    expect(unbound.json().error.message).toContain("ROUTER");
  });
});

describe("gpu_gateway over RPC", () => {
  test("/fleet gives its model server the settings it relays on: the routing its config makes, the fleet's key, the deadline", async () => {
    const answer = await gatewayClient({ api_key: "sk-fleet", timeout_s: 42, max_in_flight_per_endpoint: 7 }).rpc("/fleet", undefined);
    expect(answer).toEqual({
      status: 200,
      body: {
        routing: expect.objectContaining({ endpoints: ["http://gpu-a:8000", "http://gpu-b:8000", "http://gpu-c:8000"], maxInFlight: 7, viewTtlMs: 1000, requestTimeoutMs: 42_000 }),
        headers: { authorization: "Bearer sk-fleet" },
        timeoutMs: 42_000,
      },
    });
  });
});

describe("gpu_gateway admin routes", () => {
  test("off without an admin key; with one, a missing or wrong bearer is a 401", async () => {
    fleet();
    expect((await gatewayClient().send("/admin/endpoints")).status).toBe(403);
    const g = gatewayClient({ admin_api_key: ADMIN_KEY });
    expect((await g.send("/admin/endpoints")).status).toBe(401);
    const wrong = await g.send("/admin/pause", {}, { authorization: `Bearer ${ADMIN_KEY}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.json().error.type).toBe("unauthorized");
    expect((await g.send("/admin/endpoints", undefined, admin)).status).toBe(200);
  });

  test("GET /admin/endpoints: per endpoint in flight, totals, errors, latency, sessions", async () => {
    fleet(["gpu-b"]);
    const g = gatewayClient({ admin_api_key: ADMIN_KEY });
    for (let i = 0; i < 4; i++) await g.send("/v1/chat/completions", chat, { [SESSION_HEADER]: `s${i}` });
    const status = (await g.send("/admin/endpoints", undefined, admin)).json();
    expect(status).toMatchObject({ paused: false, in_flight: 0, queued: 0 });
    const byHost = Object.fromEntries(status.endpoints.map((e: any) => [new URL(e.url).hostname, e]));
    expect(byHost["gpu-b"]).toMatchObject({ requests: 2, errors: 2, unprocessed: 2, in_flight: 0, latency_ms: null });
    expect(byHost["gpu-a"].requests + byHost["gpu-c"].requests).toBe(4);
    expect(byHost["gpu-a"].latency_ms).toEqual({ p50: expect.any(Number), p99: expect.any(Number) });
    expect(byHost["gpu-a"].sessions + byHost["gpu-c"].sessions).toBe(4);
  });

  test("pause answers drained when nothing is in flight; resume; a bad pause body is a 400 with its path", async () => {
    fleet();
    const g = gatewayClient({ admin_api_key: ADMIN_KEY });
    expect((await g.send("/admin/pause", "", admin)).json()).toEqual({ paused: true, drained: true, in_flight: 0 });
    expect((await g.send("/admin/endpoints", undefined, admin)).json().paused).toBe(true);
    expect((await g.send("/admin/resume", {}, admin)).json()).toEqual({ paused: false });
    const bad = await g.send("/admin/pause", { drain_timeout_s: "soon" }, admin);
    expect(bad.status).toBe(400);
    expect(bad.json().error.issues[0].path).toBe("drain_timeout_s");
  });
});
