// One huge field against a local stack (vllm_model, its gateway and the real vLLM emulator): the
// model server refuses it (413, max_input_chars) itself; sent to the emulator
// directly it is answered, not stalled on; and valid requests complete afterwards.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";

const MEGABYTE_WORD = "x".repeat(1 << 20);
const FIFTY_KB_WORD = "x".repeat(50_000);
const weather = { type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };

let running: RunningStack;
let model: string;

beforeAll(async () => {
  running = await bringUp({ headPort: 0, emulatorArgs: ["--p-correct", "1"], only: ["policy_model"] });
  model = running.stack.urls.get("policy_model")!;
});
afterAll(async () => {
  await running?.stop();
});

async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const headers = { "content-type": "application/json", [ENVIRONMENT_HEADER]: "example_single_tool_call" };
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

describe("vllm_model in front of the emulator: one huge field", () => {
  test("a megabyte without a space is the model server's 413 on every route", async () => {
    const refusals = [
      await post(`${model}/v1/responses`, { input: MEGABYTE_WORD }),
      await post(`${model}/v1/chat/completions`, { model: "m", messages: [{ role: "user", content: MEGABYTE_WORD }] }),
      await post(`${model}/v1/messages`, { model: "m", max_tokens: 50, messages: [{ role: "user", content: MEGABYTE_WORD }] }),
    ];
    for (const { status, json } of refusals) {
      expect(status).toBe(413);
      expect(json.error).toMatchObject({ type: "input_too_large", max_input_chars: 1_000_000 });
      expect(json.error.message).toContain(`${json.error.input_chars} characters`);
      expect(json.error.input_chars).toBeGreaterThan(1 << 20);
    }
  });

  test("sent to the emulator directly, the megabyte is answered: a context-length 400", async () => {
    const { status, json } = await post(`${running.emulator!.url}/v1/chat/completions`, { model: "m", messages: [{ role: "user", content: MEGABYTE_WORD }] });
    expect(status).toBe(400);
    expect(json.error.code).toBe("context_length_exceeded");
  });

  test("50 KB without a space is within the budget: the emulator tokenizes and plays it", async () => {
    const { status, json } = await post(`${model}/v1/responses`, { input: FIFTY_KB_WORD });
    expect(status, JSON.stringify(json).slice(0, 300)).toBe(200);
    expect(json.status).toBe("completed");
    expect(json.usage.input_tokens).toBeGreaterThan(50_000 / 8);
  });

  test("afterwards valid requests complete on every route", async () => {
    const responses = await post(`${model}/v1/responses`, { input: "What's the weather in Paris?", tools: [weather] });
    expect(responses.status).toBe(200);
    const call = responses.json.output.find((item: any) => item.type === "function_call");
    expect([call.name, JSON.parse(call.arguments)]).toEqual(["get_weather", { city: "Paris" }]);

    const chat = await post(`${model}/v1/chat/completions`, { model: "m", messages: [{ role: "user", content: "What's the weather in Paris?" }], tools: [{ type: "function", function: weather }] });
    expect(chat.status).toBe(200);
    expect(chat.json.choices[0].message.tool_calls[0].function.name).toBe("get_weather");

    const messages = await post(`${model}/v1/messages`, { model: "m", max_tokens: 200, messages: [{ role: "user", content: "What's the weather in Paris?" }], tools: [{ name: "get_weather", input_schema: weather.parameters }] });
    expect(messages.status).toBe(200);
    expect(messages.json.content).toContainEqual(expect.objectContaining({ type: "tool_use", name: "get_weather", input: { city: "Paris" } }));
  });
});
