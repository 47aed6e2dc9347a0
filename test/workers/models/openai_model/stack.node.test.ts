// openai_model as deployed: its own Worker and router Durable Object in workerd, passing through to
// a real OpenAI-compatible server, which here is a second stack's vllm_model (with the gateway and
// a slow vLLM emulator behind it). Driven by the official openai SDK.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";

const LIMIT = 2;
let upstream: RunningStack;
let upstreamStopped = false;
let stack: RunningStack;
let client: OpenAI;

beforeAll(async () => {
  upstream = await bringUp({ headPort: 0, emulatorArgs: ["--latency-ms", "300"] });
  const config = join(mkdtempSync(join(tmpdir(), "edge-gym-openai-model-")), "config.yaml");
  writeFileSync(
    config,
    [
      "judge_model:",
      "  responses_api_models:",
      "    openai_model:",
      `      openai_base_url: ${upstream.stack.urls.get("policy_model")}/v1`,
      "      openai_api_key: sk-local",
      "      openai_model: edge-gym-emulator",
      `      max_concurrent_requests: ${LIMIT}`,
    ].join("\n"),
  );
  stack = await bringUp({ headPort: 0, configPaths: [config] });
  client = new OpenAI({ baseURL: `${stack.stack.urls.get("judge_model")}/v1`, apiKey: "unused", maxRetries: 0 });
});
afterAll(async () => {
  await stack?.stop();
  if (!upstreamStopped) await upstream?.stop();
});

async function running(): Promise<number> {
  const text = await (await fetch(`${upstream.emulator!.url}/metrics`)).text();
  return Number(/^vllm:num_requests_running\{[^}]*\} (\d+)$/m.exec(text)![1]);
}

describe("openai_model", () => {
  test("the SDK's responses.create and chat.completions.create go through, streaming too", async () => {
    const response = await client.responses.create({ model: "anything", input: "hello" });
    expect(response.status).toBe("completed");
    expect(response.output_text.length).toBeGreaterThan(0);

    const events = [];
    for await (const event of await client.responses.create({ model: "anything", input: "hello", stream: true })) events.push(event.type);
    expect(events[0]).toBe("response.created");
    expect(events.at(-1)).toBe("response.completed");

    const chat = await client.chat.completions.create({ model: "anything", messages: [{ role: "user", content: "hi" }] });
    expect(chat.choices[0]!.message.content!.length).toBeGreaterThan(0);
  });

  test("max_concurrent_requests holds: never more than the limit upstream at once, the rest wait and complete", async () => {
    let finished = false;
    const all = Promise.all(Array.from({ length: 7 }, (_, i) => client.responses.create({ model: "m", input: `q${i}` }))).finally(() => (finished = true));
    let peak = 0;
    while (!finished) {
      const now = await running();
      expect(now).toBeLessThanOrEqual(LIMIT);
      peak = Math.max(peak, now);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await all).every((r) => r.status === "completed")).toBe(true);
    expect(peak).toBe(LIMIT);
  });

  test("an upstream that is down is a clear 503 error, not an empty answer", async () => {
    await upstream.stop();
    upstreamStopped = true;
    const error = await client.responses.create({ model: "m", input: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toMatch(/\/v1\/responses/);
  });
});
