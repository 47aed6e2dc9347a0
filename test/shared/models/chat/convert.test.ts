import { describe, expect, test } from "vitest";
import { ChatCompletion } from "../../../../shared/schemas/chat.ts";
import { ResponsesCreateParams } from "../../../../shared/schemas/responses.ts";
import { HttpError } from "../../../../shared/server/errors.ts";
import { toChatRequest } from "../../../../shared/models/chat/convert_request.ts";
import type { ChatRequestOptions } from "../../../../shared/models/chat/convert_request.ts";
import { contextExhaustedResponse, lacksPromptTokenIds, toResponse } from "../../../../shared/models/chat/convert_response.ts";
import type { ResponseOptions } from "../../../../shared/models/chat/convert_response.ts";

const params = (p: Record<string, unknown>) => ResponsesCreateParams.parse(p);
// A real 1x1 PNG.
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const fields = { upstream: "fields" } as const;
const off: ChatRequestOptions = { model: "cfg-model", tokenIds: false, developerAsSystem: false, reasoning: fields };
const on: ChatRequestOptions = { ...off, tokenIds: true };

function completion(message: Record<string, unknown>, extra: Record<string, unknown> = {}, choice: Record<string, unknown> = {}) {
  return ChatCompletion.parse({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1700000000,
    model: "served-model",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", ...choice }],
    usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, prompt_tokens_details: { cached_tokens: 4 } },
    ...extra,
  });
}

const plain: ResponseOptions = { tokenIds: false, reasoningTags: null, hop: "gw" };
const withIds: ResponseOptions = { tokenIds: true, reasoningTags: null, hop: "gw" };

describe("Responses -> Chat Completions", () => {
  test("instructions and leading system/developer messages fold into one system message; a later developer message keeps its role unless configured", () => {
    const p = params({
        instructions: "Be brief.",
        input: [
          { role: "system", content: "You are a tester." },
          { type: "message", role: "developer", content: [{ type: "input_text", text: "Use tools." }] },
          { role: "user", content: "hi" },
          { role: "developer", content: "late rule" },
        ],
      });
    const req = toChatRequest(p, off);
    expect(req.messages).toEqual([
      { role: "system", content: "Be brief.\n\nYou are a tester.\n\nUse tools." },
      { role: "user", content: "hi" },
      { role: "developer", content: "late rule" },
    ]);
    expect(req.model).toBe("cfg-model");
    expect(toChatRequest(p, { ...off, developerAsSystem: true }).messages[2]).toEqual({ role: "system", content: "late rule" });
  });

  test("a string input is one user message; content parts are joined; the configured model wins over the body's", () => {
    expect(toChatRequest(params({ input: "hello", model: "body-model" }), off)).toEqual({ model: "cfg-model", messages: [{ role: "user", content: "hello" }] });
    const req = toChatRequest(
      params({
        input: [
          { role: "user", content: [{ type: "input_text", text: "a" }, { type: "input_text", text: "b" }] },
          { role: "assistant", content: [{ type: "output_text", text: "c", annotations: [] }] },
        ],
      }),
      off,
    );
    expect(req.messages).toEqual([
      { role: "user", content: "a\nb" },
      { role: "assistant", content: "c" },
    ]);
  });

  test("a user's images and video become image_url / video_url parts in order (NeMo Gym's conversion); text alone stays one string", () => {
    const req = toChatRequest(
      params({
        input: [
          { role: "user", content: [{ type: "input_text", text: "How many circles?" }, { type: "input_image", image_url: PNG }, { type: "input_image", image_url: { url: "https://example.com/a.png" }, detail: "high" }, { type: "input_video", video_url: "https://example.com/v.mp4" }] },
          { role: "assistant", content: "Two." },
        ],
      }),
      off,
    );
    expect(req.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "How many circles?" },
        { type: "image_url", image_url: { url: PNG, detail: "auto" } },
        { type: "image_url", image_url: { url: "https://example.com/a.png", detail: "high" } },
        { type: "video_url", video_url: { url: "https://example.com/v.mp4" } },
      ],
    });
    expect(req.messages[1]).toEqual({ role: "assistant", content: "Two." });
  });

  test("an image without a URL, a file part, or an image outside a user's message is refused with the field path", () => {
    const refused = (input: unknown[], path: string) => {
      try {
        toChatRequest(params({ input }), off);
      } catch (err) {
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).details.issues).toEqual([expect.objectContaining({ path })]);
        return;
      }
      throw new Error(`not refused: ${JSON.stringify(input)}`);
    };
    refused([{ role: "user", content: [{ type: "input_text", text: "x" }, { type: "input_image", file_id: "file-1" }] }], "input[0].content[1]");
    refused([{ role: "user", content: [{ type: "input_image", image_url: PNG }, { type: "input_file", file_data: "x" }] }], "input[0].content[1]");
    refused([{ role: "system", content: [{ type: "input_image", image_url: PNG }] }], "input[0].content[0]");
    refused([{ role: "user", content: "q" }, { type: "function_call", call_id: "c", name: "f", arguments: "{}" }, { type: "function_call_output", call_id: "c", output: [{ type: "input_image", image_url: PNG }] }], "input[2].output[0]");
  });

  test("reasoning, message and several function calls of one turn become ONE assistant message; outputs become tool messages", () => {
    const req = toChatRequest(
      params({
        input: [
          { role: "user", content: "weather in 2 cities" },
          { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "two calls" }] },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Checking.", annotations: [] }] },
          { type: "function_call", call_id: "call_a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { type: "function_call", call_id: "call_b", name: "get_weather", arguments: '{"city":"Rome"}' },
          { type: "function_call_output", call_id: "call_a", output: "sunny" },
          { type: "function_call_output", call_id: "call_b", output: [{ type: "input_text", text: "rainy" }] },
        ],
      }),
      off,
    );
    expect(req.messages).toEqual([
      { role: "user", content: "weather in 2 cities" },
      {
        role: "assistant",
        content: "Checking.",
        reasoning_content: "two calls",
        reasoning: "two calls",
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
          { id: "call_b", type: "function", function: { name: "get_weather", arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_a", content: "sunny" },
      { role: "tool", tool_call_id: "call_b", content: "rainy" },
    ]);
  });

  test("function calls alone give an assistant message with null content", () => {
    const req = toChatRequest(params({ input: [{ role: "user", content: "x" }, { type: "function_call", call_id: "c1", name: "f", arguments: "{}" }] }), off);
    expect(req.messages[1]).toEqual({ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] });
  });

  test("tools, tool_choice, sampling and max_output_tokens map; token-id extras only when configured", () => {
    const p = params({
      input: "x",
      tools: [
        { type: "function", name: "get_weather", description: "Weather", parameters: { type: "object", properties: {} }, strict: true },
        { type: "function", name: "bare", description: null, parameters: null, strict: null },
      ],
      tool_choice: { type: "function", name: "get_weather" },
      parallel_tool_calls: false,
      temperature: 0.5,
      top_p: 0.9,
      max_output_tokens: 256,
      metadata: { k: "v" },
    });
    const req = toChatRequest(p, off);
    expect(req).toEqual({
      model: "cfg-model",
      messages: [{ role: "user", content: "x" }],
      tools: [
        { type: "function", function: { name: "get_weather", description: "Weather", parameters: { type: "object", properties: {} }, strict: true } },
        { type: "function", function: { name: "bare" } },
      ],
      tool_choice: { type: "function", function: { name: "get_weather" } },
      parallel_tool_calls: false,
      temperature: 0.5,
      top_p: 0.9,
      max_tokens: 256,
    });
    expect(toChatRequest(params({ input: "x", tools: p.tools, tool_choice: "required" }), off).tool_choice).toBe("required");
    expect(toChatRequest(p, on)).toMatchObject({ logprobs: true, top_logprobs: 0, return_tokens_as_token_ids: true, return_token_ids: true });
  });

  test("tool_choice required without tools is a 400 on tool_choice; auto without tools is dropped", () => {
    expect(() => toChatRequest(params({ input: "x", tool_choice: "required" }), off)).toThrow(/tool_choice/);
    expect(toChatRequest(params({ input: "x", tool_choice: "auto", parallel_tool_calls: true }), off)).toEqual({ model: "cfg-model", messages: [{ role: "user", content: "x" }] });
  });
});

describe("Chat Completions -> Responses", () => {
  test("order is reasoning, message, function calls, with prefixed ids; usage maps", () => {
    const r = toResponse(
      params({ input: "x", tools: [{ type: "function", name: "f" }], temperature: 0.3 }),
      completion({
        content: "Let me call.",
        reasoning_content: "thinking",
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "f", arguments: '{"a":1}' } },
          { id: "call_2", type: "function", function: { name: "f", arguments: '{"a":2}' } },
        ],
      }),
      plain,
    );
    expect(r.output.map((i) => i.type)).toEqual(["reasoning", "message", "function_call", "function_call"]);
    const [rs, msg, fc1, fc2] = r.output as any[];
    expect(rs.id).toMatch(/^rs_[0-9a-f]{32}$/);
    expect(rs.summary).toEqual([{ type: "summary_text", text: "thinking" }]);
    expect(msg).toMatchObject({ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Let me call.", annotations: [] }] });
    expect(msg.id).toMatch(/^msg_/);
    expect(fc1).toMatchObject({ type: "function_call", call_id: "call_1", name: "f", arguments: '{"a":1}', status: "completed" });
    expect(fc1.id).toMatch(/^fc_/);
    expect(fc2.call_id).toBe("call_2");
    expect(r).toMatchObject({
      object: "response",
      status: "completed",
      model: "served-model",
      created_at: 1700000000,
      incomplete_details: null,
      error: null,
      tool_choice: "auto",
      temperature: 0.3,
      tools: [{ type: "function", name: "f" }],
      usage: { input_tokens: 12, input_tokens_details: { cached_tokens: 4 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 17 },
    });
    expect(r.id).toMatch(/^resp_/);
  });

  test("`reasoning` is read too; with uses_reasoning_parser, <think> spans leave the content", () => {
    expect((toResponse(params({ input: "x" }), completion({ content: "ok", reasoning: "r" }), plain).output[0] as any).summary[0].text).toBe("r");
    const r = toResponse(params({ input: "x" }), completion({ content: "<think>step 1</think>The answer is 4." }), { ...plain, reasoningTags: ["<think>", "</think>"] });
    expect(r.output.map((i) => i.type)).toEqual(["reasoning", "message"]);
    expect((r.output[0] as any).summary[0].text).toBe("step 1");
    expect((r.output[1] as any).content[0].text).toBe("The answer is 4.");
  });

  test("nothing at all gives one empty assistant message", () => {
    const r = toResponse(params({ input: "x" }), completion({ content: null }), plain);
    expect(r.output).toEqual([expect.objectContaining({ type: "message", role: "assistant", content: [{ type: "output_text", text: "", annotations: [] }] })]);
  });

  test("finish_reason length makes the response incomplete", () => {
    const r = toResponse(params({ input: "x" }), completion({ content: "cut o" }, {}, { finish_reason: "length" }), plain);
    expect(r.status).toBe("incomplete");
    expect(r.incomplete_details).toEqual({ reason: "max_output_tokens" });
  });

  test("the context-exhausted answer is an incomplete empty turn", () => {
    const r = contextExhaustedResponse(params({ input: "x" }), "m");
    expect(r).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, model: "m" });
    expect(r.output).toHaveLength(1);
    expect((r.output[0] as any).content[0].text).toBe("");
  });

  test("token ids from prompt_token_ids + token_ids go on the LAST item only", () => {
    const c = completion(
      { content: "calling", tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { prompt_token_ids: [1, 2, 3] },
      { token_ids: [7, 8], logprobs: { content: [{ token: "a", logprob: -0.5 }, { token: "b", logprob: -0.25 }] } },
    );
    const r = toResponse(params({ input: "x" }), c, withIds);
    expect(r.output[0]).not.toHaveProperty("prompt_token_ids");
    expect(r.output[1]).toMatchObject({ type: "function_call", prompt_token_ids: [1, 2, 3], generation_token_ids: [7, 8], generation_log_probs: [-0.5, -0.25] });
    expect(toResponse(params({ input: "x" }), c, plain).output[1]).not.toHaveProperty("generation_token_ids");
  });

  test("token ids from `token_id:N` logprobs, with prompt ids from /tokenize", () => {
    const c = completion({ content: "hi" }, {}, { logprobs: { content: [{ token: "token_id:42", logprob: -1 }, { token: "token_id:7", logprob: -2 }] } });
    expect(lacksPromptTokenIds(c)).toBe(true);
    const r = toResponse(params({ input: "x" }), c, { ...withIds, promptTokenIds: [9, 9] });
    expect(r.output[0]).toMatchObject({ prompt_token_ids: [9, 9], generation_token_ids: [42, 7], generation_log_probs: [-1, -2] });
  });

  test("a bundle already on the upstream message is used as is", () => {
    const c = completion({ content: "hi", prompt_token_ids: [5], generation_token_ids: [6], generation_log_probs: [-0.1] });
    expect(lacksPromptTokenIds(c)).toBe(false);
    expect(toResponse(params({ input: "x" }), c, withIds).output[0]).toMatchObject({ prompt_token_ids: [5], generation_token_ids: [6], generation_log_probs: [-0.1] });
  });

  test("missing or malformed token data is a 502 naming the hop, never a silent drop", () => {
    const noLogprobs = completion({ content: "hi" }, { prompt_token_ids: [1] }, { token_ids: [2] });
    expect(() => toResponse(params({ input: "x" }), noLogprobs, withIds)).toThrow(expect.objectContaining({ status: 502, details: { hop: "gw" } }));
    const textTokens = completion({ content: "hi" }, { prompt_token_ids: [1] }, { logprobs: { content: [{ token: "hi", logprob: -1 }] } });
    expect(() => toResponse(params({ input: "x" }), textTokens, withIds)).toThrow(/token_id:N/);
  });
});

describe("round trip", () => {
  test("token data on output items is re-attached to the rebuilt assistant message, per turn, only when configured", () => {
    const turn1 = toResponse(
      params({ input: "x" }),
      completion(
        { content: null, reasoning_content: "r1", tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] },
        { prompt_token_ids: [1, 2] },
        { token_ids: [3, 4], logprobs: { content: [{ token: "token_id:3", logprob: -0.3 }, { token: "token_id:4", logprob: -0.4 }] } },
      ),
      withIds,
    );
    const turn2 = toResponse(
      params({ input: "x" }),
      completion({ content: "done" }, { prompt_token_ids: [1, 2, 3, 4, 5] }, { token_ids: [6], logprobs: { content: [{ token: "token_id:6", logprob: -0.6 }] } }),
      withIds,
    );
    // The agent sends every item back, JSON-serialised, as the next request's input.
    const input = JSON.parse(JSON.stringify([{ role: "user", content: "x" }, ...turn1.output, { type: "function_call_output", call_id: "call_1", output: "ok" }, ...turn2.output, { role: "user", content: "again" }]));
    const req = toChatRequest(params({ input }), on);
    expect(req.messages).toEqual([
      { role: "user", content: "x" },
      {
        role: "assistant",
        content: null,
        reasoning_content: "r1",
        reasoning: "r1",
        tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }],
        prompt_token_ids: [1, 2],
        generation_token_ids: [3, 4],
        generation_log_probs: [-0.3, -0.4],
      },
      { role: "tool", tool_call_id: "call_1", content: "ok" },
      { role: "assistant", content: "done", prompt_token_ids: [1, 2, 3, 4, 5], generation_token_ids: [6], generation_log_probs: [-0.6] },
      { role: "user", content: "again" },
    ]);
    expect(Object.keys(req)).not.toContain("prompt_token_ids");
    expect(toChatRequest(params({ input }), off).messages[1]).not.toHaveProperty("prompt_token_ids");
  });

  test("two assistant turns in a row stay two messages when the first carries token data", () => {
    const tokens = { prompt_token_ids: [1], generation_token_ids: [2], generation_log_probs: [-1] };
    const req = toChatRequest(
      params({
        input: [
          { role: "user", content: "x" },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "one" }], ...tokens },
          { type: "reasoning", id: "rs_2", summary: [{ type: "summary_text", text: "again" }] },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "two" }] },
        ],
      }),
      on,
    );
    expect(req.messages.slice(1)).toEqual([
      { role: "assistant", content: "one", ...tokens },
      { role: "assistant", content: "two", reasoning_content: "again", reasoning: "again" },
    ]);
  });
});
