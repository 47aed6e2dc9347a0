import { afterEach, describe, expect, test, vi } from "vitest";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import { endpointKey } from "../../../../shared/fleet/pin.ts";
import { answerRpc } from "../../../../shared/server/rpc.ts";
import { FLEET_KEY, fleetStub } from "../fleet_stub.ts";
import type { Answer } from "../fleet_stub.ts";
import model from "../../../../workers/models/vllm_model/index.ts";
import { client } from "../../../workerd/helpers.ts";

const chatCompletion = (message: Record<string, unknown>, extra: Record<string, unknown> = {}, choice: Record<string, unknown> = {}) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1700000000,
  model: "served",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", ...choice }],
  usage: { prompt_tokens: 20, completion_tokens: 6, total_tokens: 26 },
  ...extra,
});

function modelServer(answers: Record<string, Answer[]>, config: Record<string, unknown> = {}, endpoints?: string[], refusing?: string[]) {
  const fleet = fleetStub(answers, endpoints, refusing);
  const server = client(model, {
    INSTANCE_NAME: "policy_model",
    SESSION_SECRET: "model-test-secret",
    INSTANCE_CONFIG: { model: "policy", base_url: "http://ignored/v1", api_key: "k", ...config },
    ...fleet.bindings,
  });
  return { ...server, requests: fleet.requests };
}

// A real 1x1 PNG.
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

const weatherParams = {
  input: [
    { role: "developer", content: "You are helpful." },
    { role: "user", content: "weather in Paris?" },
  ],
  tools: [{ type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true }],
  max_output_tokens: 100,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("vllm_model server", () => {
  test("happy path: Responses in, chat completion to the gateway, Responses object out", async () => {
    const s = modelServer({
      "/v1/chat/completions": [{ body: chatCompletion({ content: null, tool_calls: [{ id: "call_9", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] }, {}, { finish_reason: "tool_calls" }) }],
    });
    const res = await s.post("/v1/responses", weatherParams);
    expect(res.status).toBe(200);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.body).toEqual({
      model: "policy",
      messages: [
        { role: "system", content: "You are helpful." },
        { role: "user", content: "weather in Paris?" },
      ],
      tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true } }],
      max_tokens: 100,
    });
    expect(res.body).toMatchObject({
      object: "response",
      status: "completed",
      model: "served",
      incomplete_details: null,
      output: [{ type: "function_call", call_id: "call_9", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed" }],
      usage: { input_tokens: 20, output_tokens: 6, total_tokens: 26, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
      max_output_tokens: 100,
    });
    expect(res.body.id).toMatch(/^resp_/);
  });

  test("training token data: extras requested, prompt ids fetched from /tokenize when vLLM gave only token_id:N logprobs", async () => {
    const s = modelServer(
      {
        "/v1/chat/completions": [{ body: chatCompletion({ content: "sunny" }, {}, { logprobs: { content: [{ token: "token_id:11", logprob: -0.5 }, { token: "token_id:2", logprob: -0.1 }] } }) }],
        "/tokenize": [{ body: { count: 3, max_model_len: 4096, tokens: [100, 101, 102] } }],
      },
      { return_token_id_information: true },
    );
    const res = await s.post("/v1/responses", { input: "weather?" });
    expect(res.status).toBe(200);
    expect(s.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/tokenize"]);
    expect(s.requests[0]!.body).toMatchObject({ logprobs: true, return_tokens_as_token_ids: true, return_token_ids: true });
    expect(s.requests[1]!.body).toMatchObject({ model: "policy", messages: [{ role: "user", content: "weather?" }] });
    expect(res.body.output[0]).toMatchObject({ prompt_token_ids: [100, 101, 102], generation_token_ids: [11, 2], generation_log_probs: [-0.5, -0.1] });
  });

  test("bad body: 400 with field paths, and the gateway is never called", async () => {
    const s = modelServer({});
    const res = await s.post("/v1/responses", { input: [{ type: "function_call", call_id: "c", name: "f" }], temprature: 1 });
    expect(res.status).toBe(400);
    const paths = res.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["temprature", "input[0].arguments"]));
    expect(s.requests).toHaveLength(0);
  });

  test("an upstream context-length 400 ends the episode cleanly: 200, incomplete, one empty message", async () => {
    const s = modelServer({
      "/v1/chat/completions": [
        {
          status: 400,
          body: { error: { message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.", type: "BadRequestError", code: 400 } },
        },
      ],
    });
    const res = await s.post("/v1/responses", weatherParams);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, model: "policy" });
    expect(res.body.output).toEqual([expect.objectContaining({ type: "message", role: "assistant", content: [{ type: "output_text", text: "", annotations: [] }] })]);
  });

  test("another upstream 400 is relayed as a 400", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ status: 400, body: { error: { message: "unknown tool parser" } } }] });
    const res = await s.post("/v1/responses", weatherParams);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("unknown tool parser");
  });

  test("an upstream 500 is a 502 naming the hop, never an empty answer", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ status: 500, body: { error: "boom" } }] });
    const res = await s.post("/v1/responses", weatherParams);
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("gpu_gateway/v1/chat/completions");
    expect(res.body.error.message).toContain("boom");
  });

  test("a 200 that is not a chat completion is a 502", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ body: { choices: [] } }] });
    const res = await s.post("/v1/responses", weatherParams);
    expect(res.status).toBe(502);
    expect(res.body.error.type).toBe("bad_upstream_response");
  });

  test("chat completions pass through with the configured model, developer roles as configured, and stream as SSE", async () => {
    const answer = chatCompletion({ content: "hi" });
    const sse = 'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n';
    const s = modelServer({ "/v1/chat/completions": [{ body: answer }, { sse }] }, { replace_developer_role_with_system: true });
    const messages = [
      { role: "developer", content: "be terse" },
      { role: "user", content: "hello" },
    ];
    const res = await s.post("/v1/chat/completions", { model: "whatever", messages, temperature: 0, seed: 3, top_k: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answer);
    expect(s.requests[0]!.body).toEqual({ model: "policy", messages: [{ role: "system", content: "be terse" }, messages[1]], temperature: 0, seed: 3, top_k: 5 });

    const streaming = await s.send("/v1/chat/completions", { messages, stream: true });
    expect(streaming.status).toBe(200);
    expect(streaming.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await streaming.text()).toBe(sse);
    expect(s.requests[1]!.body).toMatchObject({ model: "policy", stream: true });
  });

  test("a streamed chat completion the gateway refuses is an error, not an empty stream", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ status: 500, body: { error: "engine dead" } }] });
    const res = await s.send("/v1/chat/completions", { messages: [{ role: "user", content: "x" }], stream: true });
    expect(res.status).toBe(502);
    expect(((await res.json()) as any).error.message).toContain("engine dead");
  });

  test("the session cookie: set on the first call, kept after; a forged one starts a new session", async () => {
    const answers = () => Array.from({ length: 3 }, () => ({ body: chatCompletion({ content: "ok" }) }));
    const s = modelServer({ "/v1/chat/completions": answers() });
    const first = await s.send("/v1/responses", { input: "a" });
    expect(first.headers.get("set-cookie")).toMatch(/^session=[0-9a-f]{32}\./);
    const one = /^session=([0-9a-f]{32})\./.exec(first.headers.get("set-cookie")!)![1];
    expect((await s.send("/v1/responses", { input: "b" })).headers.get("set-cookie") ?? "").not.toMatch(/session=/);
    const forged = await s.send("/v1/responses", { input: "c" }, { headers: { cookie: `session=${one}.AAAA` } });
    expect(forged.headers.get("set-cookie")).toMatch(/^session=[0-9a-f]{32}\./);
    expect(forged.headers.get("set-cookie")).not.toContain(one);
  });

  test("the endpoint pin: a session's first call is placed round-robin, its later turns go to the same endpoint, and one that refuses moves it", async () => {
    const answers = Array.from({ length: 6 }, (_, i) => ({ body: chatCompletion({ content: String(i) }) }));
    const s = modelServer({ "/v1/chat/completions": answers }, {}, ["gpu-a", "gpu-b"]);
    const first = await s.send("/v1/responses", { input: "a" });
    expect(first.headers.get("set-cookie")).toContain(`edge_gym_endpoint=${endpointKey("http://gpu-a:8000")}`);
    const same = await s.send("/v1/responses", { input: "b" });
    // Unchanged: no new cookie for it.
    expect(same.headers.get("set-cookie") ?? "").not.toContain("edge_gym_endpoint");
    await (await s.send("/v1/responses", { input: "c", stream: true })).text();
    // Another session goes to the next endpoint.
    const other = modelServer({ "/v1/chat/completions": [{ body: chatCompletion({ content: "x" }) }] }, {}, ["gpu-a", "gpu-b"]);
    await other.post("/v1/responses", { input: "d" });
    expect(s.requests.map((r) => r.endpoint)).toEqual(["gpu-a", "gpu-a", "gpu-a"]);
    expect(other.requests.map((r) => r.endpoint)).toEqual(["gpu-a"]);
    // Every request carries the fleet's key, and nothing of the session's.
    expect(s.requests.every((r) => r.authorization === `Bearer ${FLEET_KEY}`)).toBe(true);

    const moving = modelServer({ "/v1/chat/completions": Array.from({ length: 3 }, () => ({ body: chatCompletion({ content: "ok" }) })) }, {}, ["gpu-a", "gpu-b"], ["gpu-a"]);
    const placed = await moving.send("/v1/responses", { input: "e" });
    expect(placed.headers.get("set-cookie")).toContain(`edge_gym_endpoint=${endpointKey("http://gpu-b:8000")}`);
    expect(moving.requests.map((r) => r.endpoint)).toEqual(["gpu-a", "gpu-b"]);
  });

  test("the session cookie is bound to its deployment: another environment's cookie starts a new session", async () => {
    const envOf = (deployment: string) => ({
      INSTANCE_NAME: "policy_model",
      SESSION_SECRET: "model-test-secret",
      DEPLOYMENT_ID: deployment,
      INSTANCE_CONFIG: { model: "policy", base_url: "http://ignored/v1", api_key: "k" },
      ...fleetStub({ "/v1/chat/completions": Array.from({ length: 3 }, () => ({ body: chatCompletion({ content: "ok" }) })) }).bindings,
    });
    const production = client(model, envOf("edge-gym"));
    await production.post("/v1/responses", { input: "a" });
    const cookie = production.jar.header()!;
    expect((await production.send("/v1/responses", { input: "b" })).headers.get("set-cookie") ?? "").not.toMatch(/session=/);
    const preview = await client(model, envOf("edge-gym-pr-1")).send("/v1/responses", { input: "c" }, { headers: { cookie } });
    expect(preview.headers.get("set-cookie")).toMatch(/^session=[0-9a-f]{32}\./);
  });

  test("over RPC: the agent's call is answered as over HTTP; the pin is replayed as its session; the environment goes on to the endpoint", async () => {
    const fleet = fleetStub({ "/v1/chat/completions": Array.from({ length: 3 }, (_, i) => ({ body: chatCompletion({ content: `turn ${i + 1}` }) })) }, ["gpu-a", "gpu-b"]);
    const env = { INSTANCE_NAME: "policy_model", SESSION_SECRET: "s", INSTANCE_CONFIG: { model: "policy", base_url: "http://ignored/v1", api_key: "k", timeout_s: 60 }, ...fleet.bindings };
    const ask = (session: string | undefined, timeoutMs = 5000) =>
      answerRpc(model, { path: "/v1/responses", body: weatherParams, session, headers: { [ENVIRONMENT_HEADER]: "mcqa" }, timeoutMs }, env, { waitUntil() {} });
    const a = endpointKey("http://gpu-a:8000");
    const first = await ask(undefined);
    expect(first).toMatchObject({ status: 200, session: a, body: { object: "response", output: [{ type: "message", content: [{ text: "turn 1" }] }] } });
    // Unchanged pin: nothing new to replay.
    expect((await ask(a)).session).toBeUndefined();
    expect(fleet.requests.map((r) => [r.endpoint, r.path, r.body.model])).toEqual([
      ["gpu-a", "/v1/chat/completions", "policy"],
      ["gpu-a", "/v1/chat/completions", "policy"],
    ]);
  });

  test("over RPC, the time the caller gives bounds the call: past it, a 504", async () => {
    const fleet = fleetStub({});
    // An endpoint that never answers: only the deadline ends the call.
    vi.spyOn(globalThis, "fetch").mockImplementation((input) => new Promise((_, reject) => (input as Request).signal.addEventListener("abort", () => reject((input as Request).signal.reason))));
    const env = { INSTANCE_NAME: "policy_model", SESSION_SECRET: "s", INSTANCE_CONFIG: { model: "policy", base_url: "http://ignored/v1", api_key: "k" }, ...fleet.bindings };
    const answer = await answerRpc(model, { path: "/v1/responses", body: weatherParams, timeoutMs: 100 }, env, { waitUntil() {} });
    expect(answer).toMatchObject({ status: 504, body: { error: { type: "deadline_exceeded", hop: "gpu_gateway/v1/chat/completions" } } });
  });

  test("extras: config extra_body and chat_template_kwargs, metadata over config, sampling_overrides over everything", async () => {
    const s = modelServer(
      { "/v1/chat/completions": [{ body: chatCompletion({ content: "ok" }) }] },
      {
        extra_body: { top_k: 20, repetition_penalty: 1.1, max_tokens: 1 },
        chat_template_kwargs: { enable_thinking: true, tier: "config" },
        sampling_overrides: { temperature: 1, top_p: 1 },
      },
    );
    const res = await s.post("/v1/responses", {
      input: "x",
      temperature: 0.2,
      max_output_tokens: 50,
      metadata: { extra_body: '{"top_k": 5, "min_p": 0.1}', chat_template_kwargs: '{"enable_thinking": false}', note: "kept out" },
    });
    expect(res.status).toBe(200);
    expect(s.requests[0]!.body).toEqual({
      model: "policy",
      messages: [{ role: "user", content: "x" }],
      top_k: 5,
      min_p: 0.1,
      repetition_penalty: 1.1,
      // the request's own fields win over extra_body; the overrides win over the request
      max_tokens: 50,
      temperature: 1,
      top_p: 1,
      chat_template_kwargs: { enable_thinking: false, tier: "config" },
    });
  });

  test("metadata extras that are not JSON objects are a 400 naming the key", async () => {
    const s = modelServer({});
    const bad = await s.post("/v1/responses", { input: "x", metadata: { extra_body: "{top_k: 5" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("metadata.extra_body");
    const list = await s.post("/v1/responses", { input: "x", metadata: { chat_template_kwargs: "[1]" } });
    expect(list.body.error.issues[0].path).toBe("metadata.chat_template_kwargs");
    expect(s.requests).toHaveLength(0);
  });

  test("reasoning.effort and tool choice map upstream; reasoning goes back as tags in the content when configured", async () => {
    const s = modelServer(
      { "/v1/chat/completions": [{ body: chatCompletion({ content: "<reason>\nhmm\n</reason>\n\nyes" }) }, { body: chatCompletion({ content: "ok" }) }] },
      { uses_reasoning_parser: true, reasoning_tags: ["<reason>", "</reason>"], reasoning_upstream: "content_tags" },
    );
    const tools = [{ type: "function", name: "f", parameters: { type: "object", properties: {} } }];
    const first = await s.post("/v1/responses", { input: "q", reasoning: { effort: "low" }, tools, tool_choice: { type: "function", name: "f" } });
    expect(s.requests[0]!.body).toMatchObject({ reasoning_effort: "low", tool_choice: { type: "function", function: { name: "f" } } });
    expect(first.body.output.map((i: any) => i.type)).toEqual(["reasoning", "message"]);
    expect(first.body.output[0].summary[0].text).toBe("hmm");
    expect(first.body.output[1].content[0].text).toBe("yes");
    await s.post("/v1/responses", { input: [{ role: "user", content: "q" }, ...first.body.output, { role: "user", content: "sure?" }] });
    expect(s.requests[1]!.body.messages[1]).toEqual({ role: "assistant", content: "<reason>\nhmm\n</reason>\n\nyes" });
  });

  test("stream: true on /v1/responses answers the Responses event sequence, ending in the same response", async () => {
    const s = modelServer({
      "/v1/chat/completions": [
        {
          body: chatCompletion(
            { content: "Checking.", reasoning_content: "two calls", tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: '{"a":1}' } }] },
            {},
            { finish_reason: "tool_calls" },
          ),
        },
      ],
    });
    const res = await s.send("/v1/responses", { input: "x", stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = (await res.text())
      .trim()
      .split("\n\n")
      .map((block) => {
        const [event, data] = block.split("\n");
        const parsed = JSON.parse(data!.slice("data: ".length));
        expect(event).toBe(`event: ${parsed.type}`);
        return parsed;
      });
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events.map((e) => e.type)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.reasoning_summary_part.added",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const completed = events.at(-1).response;
    expect(events[0].response).toMatchObject({ id: completed.id, status: "in_progress", output: [] });
    expect(completed.output.map((i: any) => i.type)).toEqual(["reasoning", "message", "function_call"]);
    expect(events.filter((e) => e.type === "response.output_item.done").map((e) => e.item)).toEqual(completed.output);
    expect(events[10]).toMatchObject({ item_id: completed.output[1].id, output_index: 1, content_index: 0, delta: "Checking." });
    expect(events[15]).toMatchObject({ item_id: completed.output[2].id, output_index: 2, delta: '{"a":1}' });
  });

  test("a streamed response cut short ends in response.incomplete", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ body: chatCompletion({ content: "cut" }, {}, { finish_reason: "length" }) }] });
    const text = await (await s.send("/v1/responses", { input: "x", stream: true })).text();
    expect(text.trim().split("\n\n").at(-1)).toMatch(/^event: response\.incomplete\ndata: .*"incomplete_details":\{"reason":"max_output_tokens"\}/);
  });

  test("/v1/messages: an Anthropic tool round trip through the chat completions, and the Message back", async () => {
    const s = modelServer({
      "/v1/chat/completions": [
        { body: chatCompletion({ content: "Checking.", tool_calls: [{ id: "call_9", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] }, {}, { finish_reason: "tool_calls" }) },
        { body: chatCompletion({ content: "Sunny in Paris." }) },
      ],
    });
    const tools = [{ name: "get_weather", description: "Weather now", input_schema: { type: "object", properties: { city: { type: "string" } } } }];
    const question = { role: "user", content: "weather in Paris?" };
    const first = await s.post("/v1/messages", { model: "claude-sonnet", max_tokens: 100, system: "Be brief.", tools, messages: [question] });
    expect(first.status).toBe(200);
    expect(s.requests[0]!.body).toEqual({
      model: "policy",
      messages: [{ role: "system", content: "Be brief." }, question],
      tools: [{ type: "function", function: { name: "get_weather", description: "Weather now", parameters: tools[0]!.input_schema, strict: false } }],
      max_tokens: 100,
    });
    expect(first.body).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-sonnet",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "call_9", name: "get_weather", input: { city: "Paris" } },
      ],
      stop_reason: "tool_use",
      usage: { input_tokens: 20, output_tokens: 6 },
    });

    const second = await s.post("/v1/messages", {
      model: "claude-sonnet",
      max_tokens: 100,
      tools,
      messages: [question, { role: "assistant", content: first.body.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: "call_9", content: "sunny" }] }],
    });
    expect(s.requests[1]!.body.messages).toEqual([
      question,
      { role: "assistant", content: "Checking.", tool_calls: [{ id: "call_9", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      { role: "tool", tool_call_id: "call_9", content: "sunny" },
    ]);
    expect(second.body).toMatchObject({ content: [{ type: "text", text: "Sunny in Paris." }], stop_reason: "end_turn" });
  });

  test("images: a user's input_image parts (data URL, URL) reach the gateway as image_url parts, on /v1/responses and from Anthropic image blocks on /v1/messages", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ body: chatCompletion({ content: "Two circles." }) }, { body: chatCompletion({ content: "Two." }) }] });
    const res = await s.post("/v1/responses", {
      input: [{ role: "user", content: [{ type: "input_text", text: "How many circles?" }, { type: "input_image", image_url: PNG_DATA_URL }, { type: "input_image", image_url: "https://example.com/c.png", detail: "low" }] }],
    });
    expect(res.status).toBe(200);
    expect(s.requests[0]!.body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "How many circles?" },
          { type: "image_url", image_url: { url: PNG_DATA_URL, detail: "auto" } },
          { type: "image_url", image_url: { url: "https://example.com/c.png", detail: "low" } },
        ],
      },
    ]);
    expect(res.body.output[0].content[0].text).toBe("Two circles.");

    const anthropic = await s.post("/v1/messages", {
      model: "claude-sonnet",
      max_tokens: 50,
      messages: [{ role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } }, { type: "text", text: "How many?" }] }],
    });
    expect(anthropic.status).toBe(200);
    expect(s.requests[1]!.body.messages[0].content).toEqual([
      { type: "image_url", image_url: { url: PNG_DATA_URL, detail: "auto" } },
      { type: "text", text: "How many?" },
    ]);
  });

  test("audio side channel: metadata.audio_data (or audio_url) goes before the last user message's text as an audio_url part; file keys and two keys are 400s", async () => {
    const wav = "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA=";
    const s = modelServer({ "/v1/chat/completions": [{ body: chatCompletion({ content: "Hello." }) }, { body: chatCompletion({ content: "Hi." }) }, { body: chatCompletion({ content: "Yo." }) }] });
    const input = [{ role: "system", content: "Transcribe." }, { role: "user", content: "first" }, { role: "assistant", content: "ok" }, { role: "user", content: "Transcribe the audio." }];
    const res = await s.post("/v1/responses", { input, metadata: { audio_data: wav } });
    expect(res.status).toBe(200);
    expect(s.requests[0]!.body.messages).toEqual([
      { role: "system", content: "Transcribe." },
      { role: "user", content: "first" },
      { role: "assistant", content: "ok" },
      { role: "user", content: [{ type: "audio_url", audio_url: { url: wav } }, { type: "text", text: "Transcribe the audio." }] },
    ]);
    expect(s.requests[0]!.body.metadata).toBeUndefined();

    // NeMo Gym's ASR rows name it audio_url; a user message with parts keeps them after the audio.
    await s.post("/v1/responses", { input: [{ role: "user", content: [{ type: "input_text", text: "What is said?" }, { type: "input_image", image_url: PNG_DATA_URL }] }], metadata: { audio_url: wav } });
    expect(s.requests[1]!.body.messages[0].content.map((part: { type: string }) => part.type)).toEqual(["audio_url", "text", "image_url"]);

    // /v1/chat/completions reads the same metadata; no user message gets one of its own.
    const chat = await s.post("/v1/chat/completions", { messages: [{ role: "system", content: "Transcribe." }], metadata: { audio_data: wav } });
    expect(chat.status).toBe(200);
    expect(s.requests[2]!.body.messages).toEqual([{ role: "system", content: "Transcribe." }, { role: "user", content: [{ type: "audio_url", audio_url: { url: wav } }] }]);

    const refused = async (metadata: Record<string, string>, path: string) => {
      const res = await s.post("/v1/responses", { input: "x", metadata });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(path);
    };
    await refused({ audio_path: "clips/a.wav" }, "metadata.audio_path");
    await refused({ audio_data: wav, audio_url: wav }, "exclusive");
    expect(s.requests).toHaveLength(3);
  });

  test("/v1/messages with stream: true answers Anthropic's event sequence; bad input is a 400 in Anthropic's error envelope", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ body: chatCompletion({ content: "cut" }, {}, { finish_reason: "length" }) }] });
    const res = await s.send("/v1/messages", { model: "m", max_tokens: 5, stream: true, messages: [{ role: "user", content: "x" }] });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await res.text();
    expect([...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1])).toEqual(["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"]);
    expect(text).toContain('"stop_reason":"max_tokens"');

    const bad = await s.post("/v1/messages", { model: "m", messages: [{ role: "user", content: "x" }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: "error", error: { type: "invalid_request", issues: [{ path: "max_tokens" }] } });
    expect(s.requests).toHaveLength(1);
  });

  test("roles beyond OpenAI's are refused here (genrm_model takes GenRM's)", async () => {
    const s = modelServer({});
    const res = await s.post("/v1/responses", { input: [{ role: "user", content: "q" }, { role: "response_1", content: "a" }] });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("input[1].role");
    expect(s.requests).toHaveLength(0);
  });

  test("GET / answers ok", async () => {
    const s = modelServer({});
    const res = await s.send("/");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("max_input_chars: a request carrying more text is a 413 on every route, streaming or not, and nothing reaches the gateway", async () => {
    const s = modelServer({ "/v1/chat/completions": [{ body: chatCompletion({ content: "fits" }) }] }, { max_input_chars: 500 });
    const long = "x".repeat(600);
    const refusals = [
      await s.post("/v1/responses", { input: long }),
      await s.post("/v1/responses", { input: long, stream: true }),
      await s.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: long }] }),
      await s.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: long }], stream: true }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(413);
      expect(refusal.body.error).toMatchObject({ type: "input_too_large", max_input_chars: 500, message: expect.stringContaining("max_input_chars (500)") });
      expect(refusal.body.error.input_chars).toBeGreaterThan(600);
    }
    const messages = await s.post("/v1/messages", { model: "m", max_tokens: 5, messages: [{ role: "user", content: long }] });
    expect(messages.status).toBe(413);
    expect(messages.body).toMatchObject({ type: "error", error: { type: "input_too_large", max_input_chars: 500 } });
    expect(s.requests).toHaveLength(0);

    const within = await s.post("/v1/responses", { input: "x".repeat(300) });
    expect(within.status).toBe(200);
    expect(s.requests).toHaveLength(1);
  });

  test("the default budget refuses a megabyte field without a space, naming a million characters", async () => {
    const s = modelServer({});
    const res = await s.post("/v1/responses", { input: "x".repeat(1 << 20) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ type: "input_too_large", max_input_chars: 1_000_000 });
    expect(res.body.error.message).toContain(`${res.body.error.input_chars} characters`);
    expect(s.requests).toHaveLength(0);
  });
});
