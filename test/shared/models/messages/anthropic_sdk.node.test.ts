// The official Anthropic SDK as a real client of POST /v1/messages on the model servers of a local
// stack: vllm_model and genrm_model (each with its gateway and the vLLM emulator behind), and
// azure_openai_model in front of a fake Azure OpenAI endpoint (a Node server that answers only
// Azure's URL shape and headers). Non-streaming and streaming, with a tool call round trip.
import Anthropic from "@anthropic-ai/sdk";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";

const ROOT = new URL("../../../../", import.meta.url).pathname;
const DEPLOYMENT = "judge-deployment";
const API_VERSION = "2024-10-21";
const AZURE_KEY = "azure-secret";

// What the fake Azure endpoint was asked, and a scripted model: a weather call, then an answer.
const azureSeen: { url: URL; key: string | undefined; body: any }[] = [];
function fakeAzure(): Server {
  return createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const url = new URL(req.url!, "http://azure");
      const body = JSON.parse(text);
      azureSeen.push({ url, key: req.headers["api-key"] as string | undefined, body });
      const reply = (status: number, json: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      if (url.pathname !== `/openai/deployments/${DEPLOYMENT}/chat/completions` || url.searchParams.get("api-version") !== API_VERSION) return reply(404, { error: { code: "404", message: "Resource not found" } });
      if (req.headers["api-key"] !== AZURE_KEY) return reply(401, { error: { code: "401", message: "Access denied" } });
      const answered = body.messages.at(-1).role === "tool";
      const message = answered || !body.tools
        ? { role: "assistant", content: answered ? "It is sunny in Paris." : "Four." }
        : { role: "assistant", content: null, tool_calls: [{ id: "call_az1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] };
      reply(200, {
        id: "chatcmpl-az",
        object: "chat.completion",
        created: 1700000000,
        model: "gpt-4o",
        choices: [{ index: 0, message, finish_reason: message.content === null ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: 30, completion_tokens: 6, total_tokens: 36, prompt_tokens_details: { cached_tokens: 10 } },
      });
    });
  });
}

let azure: Server;
let running: RunningStack;
const clients: Record<string, Anthropic> = {};

beforeAll(async () => {
  azure = fakeAzure();
  await new Promise<void>((resolve) => azure.listen(0, "127.0.0.1", resolve));
  const config = join(mkdtempSync(join(tmpdir(), "edge-gym-messages-")), "config.yaml");
  writeFileSync(
    config,
    [
      "azure_judge:",
      "  responses_api_models:",
      "    azure_openai_model:",
      `      openai_base_url: http://127.0.0.1:${(azure.address() as AddressInfo).port}`,
      `      openai_api_key: ${AZURE_KEY}`,
      `      openai_model: ${DEPLOYMENT}`,
      "      default_query:",
      `        api-version: "${API_VERSION}"`,
      "genrm_judge:",
      "  responses_api_models:",
      "    genrm_model:",
      "      base_url: ${policy_base_url}",
      "      api_key: ${policy_api_key}",
      "      model: ${policy_model_name}",
    ].join("\n"),
  );
  running = await bringUp({
    headPort: 0,
    emulatorArgs: ["--p-correct", "1"],
    configPaths: [join(ROOT, "gpu_gateway/emulator/config.yaml"), join(ROOT, "workers/models/vllm_model/config.yaml"), config],
  });
  for (const instance of ["policy_model", "genrm_judge", "azure_judge"]) {
    // The SDK appends /v1/messages. As an agent does, calls name their environment, so the emulator plays its weather skill.
    clients[instance] = new Anthropic({ baseURL: running.stack.urls.get(instance)!, apiKey: "unused-locally", maxRetries: 0, defaultHeaders: { [ENVIRONMENT_HEADER]: "example_single_tool_call" } });
  }
});
afterAll(async () => {
  await running?.stop();
  await new Promise((resolve) => azure?.close(resolve));
});

const weather: Anthropic.Tool = {
  name: "get_weather",
  description: "Current weather for a city",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const question: Anthropic.MessageParam = { role: "user", content: "what's the weather in Paris?" };

/** A tool round trip: the model calls get_weather, gets a result, and answers. */
async function roundTrip(client: Anthropic) {
  const first = await client.messages.create({ model: "any-model-name", max_tokens: 512, system: "Look things up instead of guessing.", tools: [weather], messages: [question] });
  expect(first).toMatchObject({ type: "message", role: "assistant", model: "any-model-name", stop_reason: "tool_use" });
  const call = first.content.find((block) => block.type === "tool_use");
  expect(call).toMatchObject({ type: "tool_use", name: "get_weather", input: { city: "Paris" } });
  expect(first.usage.input_tokens).toBeGreaterThan(0);
  expect(first.usage.output_tokens).toBeGreaterThan(0);

  const second = await client.messages.create({
    model: "any-model-name",
    max_tokens: 512,
    tools: [weather],
    messages: [question, { role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: call!.id, content: '{"city": "Paris", "weather": "sunny, 21 C"}' }] }],
  });
  expect(second.stop_reason).toBe("end_turn");
  const text = second.content.filter((block) => block.type === "text").map((block) => block.text).join("");
  expect(text).toMatch(/sunny/i);
}

/** Streaming: the raw event sequence, and the SDK's accumulation of it into the same kind of Message. */
async function streams(client: Anthropic) {
  const raw = await client.messages.create({ model: "m", max_tokens: 512, tools: [weather], messages: [question], stream: true });
  const types: string[] = [];
  for await (const event of raw) types.push(event.type);
  expect(types[0]).toBe("message_start");
  expect(types.slice(-2)).toEqual(["message_delta", "message_stop"]);
  expect(types).toContain("content_block_delta");
  expect(types.filter((t) => t === "content_block_start").length).toBe(types.filter((t) => t === "content_block_stop").length);

  const stream = client.messages.stream({ model: "m", max_tokens: 512, tools: [weather], messages: [question] });
  let json = "";
  stream.on("inputJson", (partial) => (json += partial));
  const final = await stream.finalMessage();
  expect(final.stop_reason).toBe("tool_use");
  const call = final.content.find((block) => block.type === "tool_use");
  expect(call).toMatchObject({ name: "get_weather", input: { city: "Paris" } });
  expect(JSON.parse(json)).toEqual(call!.input);
  expect(final.usage.output_tokens).toBeGreaterThan(0);
}

describe("the Anthropic SDK against /v1/messages", () => {
  test.each(["policy_model", "genrm_judge"])("%s (vLLM emulator): messages.create with a tool call round trip", async (instance) => {
    await roundTrip(clients[instance]!);
  });

  test("policy_model: streaming, raw events and messages.stream", async () => {
    await streams(clients.policy_model!);
  });

  test("azure_judge (fake Azure): a tool call round trip and streaming, at the deployment's URL with api-version and api-key", async () => {
    azureSeen.length = 0;
    await roundTrip(clients.azure_judge!);
    await streams(clients.azure_judge!);
    expect(azureSeen.length).toBe(4);
    for (const seen of azureSeen) {
      expect(seen.url.pathname).toBe(`/openai/deployments/${DEPLOYMENT}/chat/completions`);
      expect(seen.url.searchParams.get("api-version")).toBe(API_VERSION);
      expect(seen.key).toBe(AZURE_KEY);
      expect(seen.body.model).toBe(DEPLOYMENT);
    }
    expect(azureSeen[1]!.body.messages.slice(-2)).toEqual([
      { role: "assistant", content: null, tool_calls: [{ id: "call_az1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      { role: "tool", tool_call_id: "call_az1", content: '{"city": "Paris", "weather": "sunny, 21 C"}' },
    ]);
  });

  test("a bad request is a BadRequestError naming the field", async () => {
    const error = await clients.policy_model!.messages.create({ model: "m", max_tokens: 0, messages: [question] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).message).toMatch(/max_tokens/);
  });
});
