// The official `openai` SDK as a real client of the model server (vllm_model in workerd, the
// gateway and the vLLM emulator behind it): Responses and Chat Completions, streaming and not.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";

let running: RunningStack;
let client: OpenAI;

beforeAll(async () => {
  running = await bringUp({ headPort: 0, emulatorArgs: ["--p-correct", "1"] });
  // As an agent does, the calls name their environment, so the emulator plays its weather skill.
  client = new OpenAI({
    baseURL: `${running.stack.urls.get("policy_model")}/v1`,
    apiKey: "not-needed-locally",
    maxRetries: 0,
    defaultHeaders: { [ENVIRONMENT_HEADER]: "example_single_tool_call" },
  });
});
afterAll(async () => {
  await running?.stop();
});

const weather = {
  type: "function" as const,
  name: "get_weather",
  description: "Current weather for a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
  strict: true,
};
const question = [
  { role: "developer" as const, content: "Look things up instead of guessing." },
  { role: "user" as const, content: "what's the weather in Paris?" },
];

describe("the openai SDK against the model server", () => {
  test("responses.create, then the next turn with the SDK's own output items", async () => {
    const first = await client.responses.create({ model: "edge-gym-emulator", input: question, tools: [weather] });
    expect(first.object).toBe("response");
    expect(first.status).toBe("completed");
    const call = first.output.find((item) => item.type === "function_call");
    expect(call).toMatchObject({ type: "function_call", name: "get_weather" });
    expect(JSON.parse(call!.arguments)).toEqual({ city: "Paris" });
    expect(first.usage!.input_tokens).toBeGreaterThan(0);

    const second = await client.responses.create({
      model: "edge-gym-emulator",
      // Output items go back as input items, as any agent sends them.
      input: [...question, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: "function_call_output", call_id: call!.call_id, output: '{"city": "Paris", "weather": "sunny, 21 C"}' }],
      tools: [weather],
    });
    expect(second.output_text).toMatch(/sunny/i);
  });

  test("responses.create with stream: true yields the event sequence, ending in the whole response", async () => {
    const stream = await client.responses.create({ model: "edge-gym-emulator", input: question, tools: [weather], stream: true });
    const events = [];
    for await (const event of stream) events.push(event);
    expect(events[0]!.type).toBe("response.created");
    expect(events.at(-1)!.type).toBe("response.completed");
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const done = events.filter((e) => e.type === "response.output_item.done").map((e) => (e as { item: unknown }).item);
    const completed = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
    expect(done).toEqual(completed.response.output);
    expect(completed.response.output.some((i) => i.type === "function_call")).toBe(true);
  });

  test("responses.stream accumulates the events into the final response", async () => {
    const stream = client.responses.stream({ model: "edge-gym-emulator", input: "say hello" });
    let text = "";
    stream.on("response.output_text.delta", (event) => (text += event.delta));
    const final = await stream.finalResponse();
    expect(final.status).toBe("completed");
    expect(final.output_text.length).toBeGreaterThan(0);
    expect(text).toBe(final.output_text);
  });

  test("chat.completions.create, with tools, streaming and not, agree", async () => {
    const messages = [{ role: "user" as const, content: "what's the weather in Rome?" }];
    const tools = [{ type: "function" as const, function: { name: "get_weather", parameters: weather.parameters } }];
    const full = await client.chat.completions.create({ model: "edge-gym-emulator", messages, tools });
    const message = full.choices[0]!.message;
    expect(full.choices[0]!.finish_reason).toBe("tool_calls");
    expect(message.tool_calls![0]).toMatchObject({ type: "function", function: { name: "get_weather" } });

    const chunks = await client.chat.completions.create({ model: "edge-gym-emulator", messages, tools, stream: true, stream_options: { include_usage: true } });
    let args = "";
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of chunks) {
      for (const choice of chunk.choices) {
        args += choice.delta.tool_calls?.map((t) => t.function?.arguments ?? "").join("") ?? "";
        finish = choice.finish_reason ?? finish;
      }
      usage = chunk.usage ?? usage;
    }
    expect(finish).toBe("tool_calls");
    expect(JSON.parse(args)).toEqual(JSON.parse((message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall).function.arguments));
    expect(usage).toMatchObject({ prompt_tokens: full.usage!.prompt_tokens, completion_tokens: full.usage!.completion_tokens });
  });

  test("chat.completions.stream assembles a text answer", async () => {
    const stream = client.chat.completions.stream({ model: "edge-gym-emulator", messages: [{ role: "user", content: "hello there" }] });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.finish_reason).toBe("stop");
    expect(final.choices[0]!.message.content!.length).toBeGreaterThan(0);
  });

  test("a bad request is an APIError with status 400 naming the field", async () => {
    const error = await client.responses.create({ model: "m", input: "x", temperature: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(/temperature/);
  });
});
