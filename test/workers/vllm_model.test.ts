import { describe, expect, test } from "vitest";
import model from "../../workers/models/vllm_model/index.ts";
import { client } from "./helpers.ts";

type Answer = { status?: number; body: unknown };

// The gpu_gateway service binding: records what the model server sends and answers per path.
function gatewayStub(answers: Record<string, Answer[]>) {
  const requests: { path: string; body: any }[] = [];
  const fetcher = {
    async fetch(request: Request) {
      const path = new URL(request.url).pathname;
      requests.push({ path, body: await request.json() });
      const answer = answers[path]?.shift();
      if (!answer) return Response.json({ error: `unexpected ${path}` }, { status: 404 });
      return Response.json(answer.body, { status: answer.status ?? 200 });
    },
  };
  return { fetcher, requests };
}

const chatCompletion = (message: Record<string, unknown>, extra: Record<string, unknown> = {}, choice: Record<string, unknown> = {}) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1700000000,
  model: "served",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", ...choice }],
  usage: { prompt_tokens: 20, completion_tokens: 6, total_tokens: 26 },
  ...extra,
});

function modelServer(answers: Record<string, Answer[]>, config: Record<string, unknown> = {}) {
  const gateway = gatewayStub(answers);
  const server = client(model, { INSTANCE_NAME: "policy_model", INSTANCE_CONFIG: { model: "policy", base_url: "http://ignored/v1", api_key: "k", ...config }, GATEWAY: gateway.fetcher });
  return { ...server, requests: gateway.requests };
}

const weatherParams = {
  input: [
    { role: "developer", content: "You are helpful." },
    { role: "user", content: "weather in Paris?" },
  ],
  tools: [{ type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true }],
  max_output_tokens: 100,
};

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

  test("chat completions pass through with the configured model; stream true is refused", async () => {
    const answer = chatCompletion({ content: "hi" });
    const s = modelServer({ "/v1/chat/completions": [{ body: answer }] });
    const res = await s.post("/v1/chat/completions", { messages: [{ role: "user", content: "hello" }], temperature: 0, seed: 3, top_k: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answer);
    expect(s.requests[0]!.body).toEqual({ model: "policy", messages: [{ role: "user", content: "hello" }], temperature: 0, seed: 3, top_k: 5 });

    const streaming = await s.post("/v1/chat/completions", { messages: [{ role: "user", content: "hello" }], stream: true });
    expect(streaming.status).toBe(400);
    expect(streaming.body.error.issues[0]).toMatchObject({ path: "stream" });
    expect(streaming.body.error.message).toMatch(/streaming.*later/);
    expect(s.requests).toHaveLength(1);
  });

  test("GET / answers ok", async () => {
    const s = modelServer({});
    const res = await s.send("/");
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
