import { afterEach, describe, expect, test, vi } from "vitest";
import { UNPROCESSED_HEADER } from "../../shared/client/call.ts";
import gateway from "../../gpu_gateway/index.ts";
import { client } from "./helpers.ts";

const ENDPOINTS = ["http://gpu-a:8000/v1", "http://gpu-b:8000/", "http://gpu-c:8000"];
const HOSTS = ["gpu-a", "gpu-b", "gpu-c"];

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  body: string;
}

// The fleet, intercepted at the Worker's outbound fetch: hosts in `refusing` fail before any response.
function fleet(refusing: readonly string[] = [], answer: (url: URL) => Response = () => Response.json({ ok: true })) {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push({ url: request.url, method: request.method, authorization: request.headers.get("authorization"), body: await request.text() });
    if (refusing.includes(url.hostname)) throw new TypeError("Network connection lost: connection refused");
    return answer(url);
  });
  return seen;
}

function gatewayClient(config: Record<string, unknown> = {}) {
  return client(gateway, { INSTANCE_NAME: "policy_model_gpu_gateway", GATEWAY_CONFIG: { endpoints: ENDPOINTS, ...config } });
}

const chat = { model: "m", messages: [{ role: "user", content: "hi" }] };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("gpu_gateway", () => {
  test("round-robins across the endpoints and sends the bearer key", async () => {
    const seen = fleet();
    const g = gatewayClient({ api_key: "sk-fleet" });
    for (let i = 0; i < 6; i++) expect((await g.post("/v1/chat/completions", chat)).status).toBe(200);
    const hosts = seen.map((s) => new URL(s.url).hostname);
    // Each window of three consecutive requests covers every endpoint once, in a fixed cyclic order.
    expect(new Set(hosts.slice(0, 3))).toEqual(new Set(HOSTS));
    expect(hosts.slice(3)).toEqual(hosts.slice(0, 3));
    expect(seen.every((s) => s.authorization === "Bearer sk-fleet")).toBe(true);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(Array(6).fill("/v1/chat/completions"));
    expect(JSON.parse(seen[0]!.body)).toEqual(chat);
  });

  test("no api_key, no Authorization header", async () => {
    const seen = fleet();
    await gatewayClient().post("/v1/chat/completions", chat);
    expect(seen[0]!.authorization).toBeNull();
  });

  test("/tokenize goes to the base URL without /v1; /v1/models is a GET", async () => {
    const seen = fleet();
    const g = gatewayClient();
    for (let i = 0; i < 3; i++) await g.post("/tokenize", { prompt: "hi" });
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(["/tokenize", "/tokenize", "/tokenize"]);
    const models = await g.send("/v1/models");
    expect(models.status).toBe(200);
    expect(seen[3]).toMatchObject({ method: "GET", body: "" });
    expect(new URL(seen[3]!.url).pathname).toBe("/v1/models");
  });

  test("upstream status and body are relayed unchanged", async () => {
    const body = { error: { message: "This model's maximum context length is 10 tokens.", type: "BadRequestError", param: "messages", code: "context_length_exceeded" } };
    const seen = fleet([], () => Response.json(body, { status: 400 }));
    const res = await gatewayClient().post("/v1/chat/completions", chat);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(body);
    // A request that reached an endpoint is never sent to another.
    expect(seen).toHaveLength(1);
  });

  test("an endpoint refusing the connection is skipped: the next one answers", async () => {
    const seen = fleet(["gpu-b"], (url) => Response.json({ served_by: url.hostname }));
    const g = gatewayClient();
    const served: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await g.post("/v1/chat/completions", chat);
      expect(res.status).toBe(200);
      served.push(res.body.served_by);
    }
    expect(served).not.toContain("gpu-b");
    expect(new Set(served)).toEqual(new Set(["gpu-a", "gpu-c"]));
    // gpu-b was tried exactly once, in the request that started on it.
    expect(seen.filter((s) => s.url.includes("gpu-b"))).toHaveLength(1);
  });

  test("every endpoint refusing: 503 with the hop, each endpoint tried once, marked retryable", async () => {
    const seen = fleet(HOSTS);
    const res = await gatewayClient().send("/v1/chat/completions", chat);
    expect(res.status).toBe(503);
    expect(res.headers.has(UNPROCESSED_HEADER)).toBe(true);
    const body = (await res.json()) as any;
    expect(body.error).toMatchObject({ type: "upstream_unavailable", hop: "fleet/v1/chat/completions" });
    for (const host of HOSTS) expect(body.error.message).toContain(host);
    expect(seen.map((s) => new URL(s.url).hostname).sort()).toEqual(HOSTS);
  });

  test("bad GATEWAY_CONFIG is a 500 naming the field", async () => {
    fleet();
    const res = await client(gateway, { INSTANCE_NAME: "gw", GATEWAY_CONFIG: { endpoints: [] } }).post("/v1/chat/completions", chat);
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ type: "misconfigured" });
    expect(res.body.error.message).toContain("endpoints");
  });
});
