// azure_openai_model against a fake Azure OpenAI endpoint at the Worker's outbound fetch, which
// answers only the URL shape and headers Azure takes: the deployment in the path, api-version in
// the query, the key in `api-key`.
import { afterEach, describe, expect, test, vi } from "vitest";
import model from "../../../../workers/models/azure_openai_model/index.ts";
import { routerNamespace } from "../../../shared/fleet/router_stub.ts";
import { expectInputBudget } from "../input_budget_checks.ts";

const ENDPOINT = "https://my-resource.openai.azure.com";
const KEY = "azure-key-123";
const DEPLOYMENT = "gpt-4o-judge";
const API_VERSION = "2024-10-21";

interface Seen {
  url: URL;
  headers: Headers;
  body: any;
}

const completion = (message: Record<string, unknown>, finish_reason = "stop") => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1700000000,
  model: "gpt-4o-2024-08-06",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason }],
  usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25, prompt_tokens_details: { cached_tokens: 8 } },
});

// The fake Azure: a request of any other shape gets Azure's own 404 / 401.
function azure(answer: (body: any) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await request.json();
    seen.push({ url, headers: request.headers, body });
    if (url.origin !== ENDPOINT || url.pathname !== `/openai/deployments/${DEPLOYMENT}/chat/completions`) return Response.json({ error: { code: "404", message: "Resource not found" } }, { status: 404 });
    if (url.searchParams.get("api-version") !== API_VERSION) return Response.json({ error: { code: "404", message: "API version not supported" } }, { status: 404 });
    if (request.headers.get("api-key") !== KEY) return Response.json({ error: { code: "401", message: "Access denied due to invalid subscription key" } }, { status: 401 });
    return answer(body);
  });
  return seen;
}

function server(config: Record<string, unknown> = {}) {
  const env = {
    INSTANCE_NAME: "judge_model",
    INSTANCE_CONFIG: { openai_base_url: `${ENDPOINT}/`, openai_api_key: KEY, openai_model: DEPLOYMENT, default_query: { "api-version": API_VERSION }, ...config },
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

const tools = [{ type: "function", name: "lookup", parameters: { type: "object", properties: { q: { type: "string" } } } }];

describe("azure_openai_model", () => {
  test("/v1/responses goes to the deployment's chat completions with api-version and api-key, and comes back as a Response", async () => {
    const seen = azure(() => Response.json(completion({ content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } }] }, "tool_calls")));
    const res = await server()("/v1/responses", { input: [{ role: "developer", content: "Judge." }, { role: "user", content: "is 2+2=4?" }], tools, max_output_tokens: 50, model: "ignored" });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url.href).toBe(`${ENDPOINT}/openai/deployments/${DEPLOYMENT}/chat/completions?api-version=${API_VERSION}`);
    expect(seen[0]!.headers.get("api-key")).toBe(KEY);
    expect(seen[0]!.headers.get("authorization")).toBeNull();
    expect(seen[0]!.body).toEqual({
      model: DEPLOYMENT,
      messages: [
        { role: "system", content: "Judge." },
        { role: "user", content: "is 2+2=4?" },
      ],
      tools: [{ type: "function", function: { name: "lookup", parameters: { type: "object", properties: { q: { type: "string" } } } } }],
      max_tokens: 50,
    });
    expect(res.json()).toMatchObject({
      object: "response",
      status: "completed",
      output: [{ type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"q":"x"}' }],
      usage: { input_tokens: 20, input_tokens_details: { cached_tokens: 8 }, output_tokens: 5, total_tokens: 25 },
      max_output_tokens: 50,
    });
  });

  test("every default_query entry is in the query; the deployment name is escaped into the path", async () => {
    const seen: URL[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      seen.push(new URL(new Request(input, init).url));
      return Response.json(completion({ content: "ok" }));
    });
    await server({ openai_model: "my deployment", default_query: { "api-version": API_VERSION, foo: "bar" } })("/v1/responses", { input: "x" });
    expect(seen[0]!.pathname).toBe("/openai/deployments/my%20deployment/chat/completions");
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ "api-version": API_VERSION, foo: "bar" });
  });

  test("/v1/chat/completions passes through to the deployment, streaming too", async () => {
    const sse = 'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n';
    const seen = azure((body) => (body.stream ? new Response(sse, { headers: { "content-type": "text/event-stream" } }) : Response.json(completion({ content: "yo" }))));
    const send = server();
    const plain = await send("/v1/chat/completions", { messages: [{ role: "user", content: "hi" }], temperature: 0 });
    expect(plain.json()).toEqual(completion({ content: "yo" }));
    expect(seen[0]!.body).toEqual({ messages: [{ role: "user", content: "hi" }], temperature: 0, model: DEPLOYMENT });
    const streamed = await send("/v1/chat/completions", { messages: [{ role: "user", content: "hi" }], stream: true });
    expect(streamed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(streamed.text).toBe(sse);
  });

  test("stream: true on /v1/responses answers the Responses event sequence", async () => {
    azure(() => Response.json(completion({ content: "yes" })));
    const res = await server()("/v1/responses", { input: "x", stream: true });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const types = [...res.text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(res.text).toContain('"delta":"yes"');
  });

  test("/v1/messages: the Anthropic request through the deployment, a Message back", async () => {
    const seen = azure(() => Response.json(completion({ content: "Four." })));
    const res = await server()("/v1/messages", { model: "claude-any", max_tokens: 20, system: "Be brief.", messages: [{ role: "user", content: "2+2?" }] });
    expect(res.status).toBe(200);
    expect(seen[0]!.body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "2+2?" },
    ]);
    expect(res.json()).toMatchObject({ type: "message", role: "assistant", model: "claude-any", content: [{ type: "text", text: "Four." }], stop_reason: "end_turn", usage: { input_tokens: 12, cache_read_input_tokens: 8, output_tokens: 5 } });
  });

  test.each([
    { what: "a rejected key", config: { openai_api_key: "wrong" }, status: 502, message: /credentials \(401\)/ },
    { what: "a wrong api-version", config: { default_query: { "api-version": "1999-01-01" } }, status: 400, message: /API version not supported/ },
  ])("$what is a clear error naming the deployment URL", async ({ config, status, message }) => {
    azure(() => Response.json(completion({ content: "x" })));
    const res = await server(config)("/v1/responses", { input: "x" });
    expect(res.status).toBe(status);
    expect(res.json().error.message).toMatch(message);
    expect(res.json().error.hop).toMatch(new RegExp(`^${ENDPOINT}/openai/deployments/${DEPLOYMENT}/chat/completions\\?api-version=`));
  });

  test("a 429 is a 503 (try later); a 200 that is not a chat completion is a 502", async () => {
    azure(() => Response.json({ error: { code: "429", message: "Rate limit" } }, { status: 429 }));
    expect((await server()("/v1/responses", { input: "x" })).status).toBe(503);
    vi.restoreAllMocks();
    azure(() => Response.json({ choices: [] }));
    const res = await server()("/v1/responses", { input: "x" });
    expect(res.status).toBe(502);
    expect(res.json().error.message).toMatch(/not a chat completion/);
  });

  test("num_concurrent_requests bounds the requests at once; the rest queue and all complete", async () => {
    let running = 0;
    let peak = 0;
    azure(async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 30));
      running--;
      return Response.json(completion({ content: "ok" }));
    });
    const send = server({ num_concurrent_requests: 2 });
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => send("/v1/responses", { input: `q${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(7).fill(200));
    expect(peak).toBe(2);
  });

  test("a config without default_query.api-version is a 500 naming the field; bad input a 400 with its path", async () => {
    const seen = azure(() => Response.json(completion({ content: "x" })));
    const misconfigured = await server({ default_query: {} })("/v1/responses", { input: "x" });
    expect(misconfigured.status).toBe(500);
    expect(misconfigured.json().error.message).toMatch(/default_query\.api-version/);
    const bad = await server()("/v1/responses", { input: "x", temprature: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json().error.issues[0].path).toBe("temprature");
    expect(seen).toHaveLength(0);
  });

  test("max_input_chars: a request carrying more text is a 413 on every route, streaming or not, and nothing goes upstream", async () => {
    const seen = azure(() => Response.json(completion({ content: "fits" })));
    await expectInputBudget(server({ max_input_chars: 500 }), seen);
  });
});
