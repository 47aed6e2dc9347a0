// Anthropic Messages <-> Responses, both ways, and the SSE event sequence of a Message.
import { describe, expect, test } from "vitest";
import { messageEvents } from "../../../../shared/models/messages/events.ts";
import { toMessage } from "../../../../shared/models/messages/from_response.ts";
import { MessagesRequest } from "../../../../shared/models/messages/schema.ts";
import { toResponsesParams } from "../../../../shared/models/messages/to_responses.ts";
import { ResponseObject, ResponsesCreateParams } from "../../../../shared/schemas/responses.ts";
import { HttpError, zodIssues } from "../../../../shared/server/errors.ts";

const request = (body: Record<string, unknown>) => MessagesRequest.parse({ model: "claude-x", max_tokens: 64, ...body });

const response = (output: unknown[], extra: Record<string, unknown> = {}) =>
  ResponseObject.parse({
    id: "resp_1",
    status: "completed",
    output,
    usage: { input_tokens: 30, input_tokens_details: { cached_tokens: 12 }, output_tokens: 7, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 37 },
    incomplete_details: null,
    ...extra,
  });

const say = (text: string) => ({ id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });
const call = (call_id: string, args: string) => ({ id: "fc_1", type: "function_call", call_id, name: "get_weather", arguments: args, status: "completed" });

describe("Messages request -> Responses create params", () => {
  test("system, sampling, tools and tool_choice map; the result is valid Responses params", () => {
    const params = toResponsesParams(
      request({
        system: [{ type: "text", text: "Be brief." }, { type: "text", text: "Use tools.", cache_control: { type: "ephemeral" } }],
        messages: [{ role: "user", content: "weather in Paris?" }],
        temperature: 0.3,
        top_p: 0.9,
        tools: [{ name: "get_weather", description: "Weather now", input_schema: { type: "object", properties: { city: { type: "string" } } } }],
        tool_choice: { type: "tool", name: "get_weather", disable_parallel_tool_use: true },
        metadata: { user_id: "u1" },
        thinking: { type: "enabled", budget_tokens: 1024 },
      }),
    );
    expect(params).toEqual({
      input: [{ type: "message", role: "user", content: "weather in Paris?" }],
      model: "claude-x",
      max_output_tokens: 64,
      instructions: "Be brief.\nUse tools.",
      temperature: 0.3,
      top_p: 0.9,
      tools: [{ type: "function", name: "get_weather", description: "Weather now", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: false }],
      tool_choice: { type: "function", name: "get_weather" },
      parallel_tool_calls: false,
    });
    expect(ResponsesCreateParams.safeParse(params).success).toBe(true);
  });

  test.each([
    [{ type: "auto" }, "auto"],
    [{ type: "any" }, "required"],
    [{ type: "none" }, "none"],
  ])("tool_choice %o is %o", (choice, expected) => {
    expect(toResponsesParams(request({ messages: [{ role: "user", content: "x" }], tool_choice: choice })).tool_choice).toBe(expected);
  });

  test("a tool round trip: tool_use blocks become function calls, tool_result blocks their outputs, in order", () => {
    const params = toResponsesParams(
      request({
        messages: [
          { role: "user", content: [{ type: "text", text: "weather in Paris and Rome?" }] },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "two cities", signature: "sig" },
              { type: "text", text: "Checking." },
              { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
              { type: "tool_use", id: "toolu_2", name: "get_weather", input: { city: "Rome" } },
            ],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "toolu_1", content: "sunny" },
              { type: "tool_result", tool_use_id: "toolu_2", content: [{ type: "text", text: "rain" }, { type: "text", text: "12C" }], is_error: false },
              { type: "text", text: "and tomorrow?" },
            ],
          },
        ],
      }),
    );
    expect(params.input).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "weather in Paris and Rome?" }] },
      { type: "reasoning", id: expect.stringMatching(/^rs_/), summary: [{ type: "summary_text", text: "two cities" }], encrypted_content: "sig" },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Checking.", annotations: [] }] },
      { type: "function_call", call_id: "toolu_1", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed" },
      { type: "function_call", call_id: "toolu_2", name: "get_weather", arguments: '{"city":"Rome"}', status: "completed" },
      { type: "function_call_output", call_id: "toolu_1", output: "sunny" },
      { type: "function_call_output", call_id: "toolu_2", output: "rain\n12C" },
      { type: "message", role: "user", content: [{ type: "input_text", text: "and tomorrow?" }] },
    ]);
    expect(ResponsesCreateParams.safeParse(params).success).toBe(true);
  });

  test("images become input_image parts (base64 as a data URL), also inside tool results; system messages stay in place", () => {
    const params = toResponsesParams(
      request({
        messages: [
          { role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } }, { type: "text", text: "what is it?" }] },
          { role: "system", content: "Answer in French." },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "image", source: { type: "url", url: "https://example.com/a.png" } }] }] },
        ],
      }),
    );
    expect(params.input).toEqual([
      {
        type: "message",
        role: "user",
        content: [
          { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=", detail: "auto" },
          { type: "input_text", text: "what is it?" },
        ],
      },
      { type: "message", role: "system", content: "Answer in French." },
      { type: "function_call_output", call_id: "t", output: [{ type: "input_image", image_url: "https://example.com/a.png", detail: "auto" }] },
    ]);
  });

  test.each([
    [{ messages: [{ role: "user", content: [{ type: "document", source: {} }] }] }, "messages[0].content[0].type"],
    [{ messages: [{ role: "user", content: [{ type: "tool_use", id: "t", name: "f", input: {} }] }] }, "messages[0].content[0].type"],
    [{ messages: [{ role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: "x" }] }] }, "messages[0].content[0].input"],
    [{ messages: [{ role: "user", content: "x" }], tools: [{ type: "web_search_20250305", name: "web_search" }] }, "tools[0].type"],
    [{ messages: [{ role: "user", content: "x" }], tool_choice: { type: "tool" } }, "tool_choice.name"],
    [{ messages: [] }, "messages"],
    [{ messages: [{ role: "user", content: "x" }], max_tokens: 0 }, "max_tokens"],
  ])("bad input %# is rejected at %s", (body, path) => {
    const result = MessagesRequest.safeParse({ model: "m", max_tokens: 8, ...body });
    expect(result.success).toBe(false);
    expect(zodIssues(result.error!).map((i) => i.path)).toContain(path);
  });
});

describe("Responses response -> Message", () => {
  test("text, reasoning and function calls become text, thinking and tool_use blocks; tool calls stop with tool_use", () => {
    const message = toMessage(
      response([{ id: "rs_1", type: "reasoning", summary: [{ type: "summary_text", text: "think" }] }, say("Checking."), call("call_1", '{"city":"Paris"}')]),
      "claude-x",
      "policy_model",
    );
    expect(message).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: "message",
      role: "assistant",
      model: "claude-x",
      content: [
        { type: "thinking", thinking: "think", signature: "" },
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "call_1", name: "get_weather", input: { city: "Paris" } },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      // Anthropic counts cached prompt tokens apart from input_tokens.
      usage: { input_tokens: 18, cache_read_input_tokens: 12, cache_creation_input_tokens: 0, output_tokens: 7 },
    });
  });

  test.each([
    [{}, "end_turn"],
    [{ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }, "max_tokens"],
    [{ status: "incomplete", incomplete_details: { reason: "content_filter" } }, "refusal"],
  ])("stop_reason for %o is %s", (extra, reason) => {
    expect(toMessage(response([say("hi")], extra), "m", "hop").stop_reason).toBe(reason);
  });

  test("no usage counts as zero; a refusal part is text", () => {
    const message = toMessage(response([{ ...say(""), content: [{ type: "refusal", refusal: "no" }] }], { usage: null }), "m", "hop");
    expect(message.content).toEqual([{ type: "text", text: "no" }]);
    expect(message.usage).toEqual({ input_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 0 });
  });

  test("arguments that are not a JSON object cannot be a tool_use: a 502 naming the model server", () => {
    const bad = () => toMessage(response([call("c", "[1, 2]")]), "m", "policy_model");
    expect(bad).toThrow(HttpError);
    expect(bad).toThrow(/get_weather with arguments that are not a JSON object/);
  });
});

describe("Message -> SSE events", () => {
  test("message_start, each block's start/delta/stop, message_delta with the stop reason and usage, message_stop", () => {
    const message = toMessage(
      response([{ id: "rs_1", type: "reasoning", summary: [{ type: "summary_text", text: "hm" }], encrypted_content: "sig" }, say("Hi"), call("call_1", '{"a":1}')]),
      "m",
      "hop",
    );
    const events = messageEvents(message);
    expect(events.map((e) => e.type)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[0]).toEqual({ type: "message_start", message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 0 } } });
    expect(events[1]).toEqual({ type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } });
    expect(events.slice(2, 4).map((e) => e.delta)).toEqual([{ type: "thinking_delta", thinking: "hm" }, { type: "signature_delta", signature: "sig" }]);
    expect(events[6]).toEqual({ type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Hi" } });
    expect(events[8]).toEqual({ type: "content_block_start", index: 2, content_block: { type: "tool_use", id: "call_1", name: "get_weather", input: {} } });
    expect(events[9]).toEqual({ type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: '{"a":1}' } });
    expect(events[11]).toEqual({ type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 7 } });
  });
});
