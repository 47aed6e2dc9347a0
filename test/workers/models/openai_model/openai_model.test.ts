// openai_model against an OpenAI-compatible upstream intercepted at the Worker's outbound fetch.
import { afterEach, describe, expect, test, vi } from "vitest";
import model from "../../../../workers/models/openai_model/index.ts";
import { routerNamespace } from "../../../shared/fleet/router_stub.ts";
import { expectInputBudget } from "../input_budget_checks.ts";

const BASE = "https://llm.example.com/v1";

interface Seen {
  url: string;
  headers: Headers;
  body: any;
}

function upstream(answer: (body: any) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const body = await request.json();
    seen.push({ url: request.url, headers: request.headers, body });
    return answer(body);
  });
  return seen;
}

const responseObject = (text: string, extra: Record<string, unknown> = {}) => ({
  id: "resp_1",
  object: "response",
  created_at: 1,
  model: "gpt-x",
  status: "completed",
  output: [{ id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }],
  usage: { input_tokens: 3, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 4 },
  error: null,
  ...extra,
});

function server(config: Record<string, unknown> = {}) {
  const env = {
    INSTANCE_NAME: "judge_model",
    INSTANCE_CONFIG: { openai_base_url: BASE, openai_api_key: "sk-test", openai_model: "gpt-x", ...config },
    ROUTER: routerNamespace(),
  };
  const background: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void background.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  return async (path: string, body: unknown) => {
    const response = await model.fetch(new Request(`http://model${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), env, ctx);
    const text = await response.text();
    await Promise.all(background.splice(0));
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as any };
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("openai_model", () => {
  test("/v1/responses passes through with the configured model, key, headers and extra_body", async () => {
    const seen = upstream(() => Response.json(responseObject("hi")));
    const send = server({ openai_default_headers: { "x-org": "lab" }, extra_body: { service_tier: "flex", temperature: 0 } });
    const res = await send("/v1/responses", { input: "hello", model: "ignored", temperature: 0.5 });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual(responseObject("hi"));
    expect(seen[0]!.url).toBe(`${BASE}/responses`);
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer sk-test");
    expect(seen[0]!.headers.get("x-org")).toBe("lab");
    expect(seen[0]!.body).toEqual({ service_tier: "flex", temperature: 0.5, input: "hello", model: "gpt-x" });
  });

  test("/v1/chat/completions passes through too", async () => {
    const completion = { id: "c", object: "chat.completion", created: 1, model: "gpt-x", choices: [{ index: 0, message: { role: "assistant", content: "yo" }, finish_reason: "stop" }] };
    const seen = upstream(() => Response.json(completion));
    const res = await server()("/v1/chat/completions", { messages: [{ role: "user", content: "hi" }] });
    expect(res.json()).toEqual(completion);
    expect(seen[0]!.url).toBe(`${BASE}/chat/completions`);
  });

  test("stream: true relays the upstream's SSE", async () => {
    const sse = 'event: response.created\ndata: {"type":"response.created"}\n\n';
    upstream(() => new Response(sse, { headers: { "content-type": "text/event-stream" } }));
    const res = await server()("/v1/responses", { input: "x", stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.text).toBe(sse);
  });

  test.each([
    { what: "a 500", answer: () => Response.json({ error: "boom" }, { status: 500 }), status: 502, message: /answered 500: .*boom/ },
    { what: "a 429", answer: () => Response.json({ error: "slow down" }, { status: 429 }), status: 503, message: /rate limiting/ },
    { what: "a 401", answer: () => Response.json({ error: "bad key" }, { status: 401 }), status: 502, message: /credentials/ },
    { what: "a 400", answer: () => Response.json({ error: "bad tool" }, { status: 400 }), status: 400, message: /bad tool/ },
    { what: "a body that is not JSON", answer: () => new Response("<html>", { status: 200 }), status: 502, message: /not JSON/ },
    { what: "a response with no output", answer: () => Response.json(responseObject("x", { output: [] })), status: 502, message: /no output items/ },
    { what: "a failed response", answer: () => Response.json(responseObject("x", { status: "failed", error: { code: "server_error" } })), status: 502, message: /failed response.*server_error/ },
  ])("$what is a clear error naming the upstream, never an empty answer", async ({ answer, status, message }) => {
    upstream(answer);
    const res = await server()("/v1/responses", { input: "x" });
    expect(res.status).toBe(status);
    expect(res.json().error.message).toMatch(message);
    expect(res.json().error.hop).toBe(`${BASE}/responses`);
  });

  test("a refused connection is a 503", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("connection refused"));
    const res = await server()("/v1/responses", { input: "x" });
    expect(res.status).toBe(503);
    expect(res.json().error.message).toMatch(/connection refused/);
  });

  test("max_concurrent_requests bounds the upstream requests at once; the rest queue and all complete", async () => {
    let running = 0;
    let peak = 0;
    upstream(async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 30));
      running--;
      return Response.json(responseObject("ok"));
    });
    const send = server({ max_concurrent_requests: 2 });
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => send("/v1/responses", { input: `q${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(7).fill(200));
    expect(peak).toBe(2);
  });

  test("/v1/messages goes through the upstream's /responses and comes back as a Message, streaming too", async () => {
    const seen = upstream(() => Response.json(responseObject("Four.")));
    const send = server();
    const body = { model: "claude-x", max_tokens: 30, system: "Be brief.", messages: [{ role: "user", content: "2+2?" }] };
    const res = await send("/v1/messages", body);
    expect(res.status).toBe(200);
    expect(seen[0]!.url).toBe(`${BASE}/responses`);
    expect(seen[0]!.body).toEqual({ input: [{ type: "message", role: "user", content: "2+2?" }], model: "gpt-x", max_output_tokens: 30, instructions: "Be brief." });
    expect(res.json()).toMatchObject({ type: "message", model: "claude-x", content: [{ type: "text", text: "Four." }], stop_reason: "end_turn", usage: { input_tokens: 3, output_tokens: 1 } });

    const streamed = await send("/v1/messages", { ...body, stream: true });
    expect(streamed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(streamed.text).toMatch(/^event: message_start\n/);
    expect(streamed.text).toMatch(/event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/);
    // The upstream is asked for a whole response either way.
    expect(seen[1]!.body.stream).toBeUndefined();
  });

  test("/v1/messages: an upstream failure is the same error, in Anthropic's envelope", async () => {
    upstream(() => Response.json({ error: "slow down" }, { status: 429 }));
    const res = await server()("/v1/messages", { model: "m", max_tokens: 5, messages: [{ role: "user", content: "x" }] });
    expect(res.status).toBe(503);
    expect(res.json()).toMatchObject({ type: "error", error: { type: "upstream_unavailable", hop: `${BASE}/responses` } });
  });

  test("bad input is a 400 with the field path, and nothing goes upstream", async () => {
    const seen = upstream(() => Response.json(responseObject("x")));
    const res = await server()("/v1/responses", { input: "x", temprature: 1 });
    expect(res.status).toBe(400);
    expect(res.json().error.issues[0].path).toBe("temprature");
    expect(seen).toHaveLength(0);
  });

  test("max_input_chars: a request carrying more text is a 413 on every route, streaming or not, and nothing goes upstream", async () => {
    const seen = upstream(() => Response.json(responseObject("fits")));
    await expectInputBudget(server({ max_input_chars: 500 }), seen);
  });
});
