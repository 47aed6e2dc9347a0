// One huge field must not wedge the emulator (a 1 MB word once kept it at full CPU for minutes,
// /health unanswered): past the context it is refused in vLLM's words, within it every skill plays
// it, and the emulator keeps answering everything else. Quadratic work on these sizes would not
// finish within the test's timeout.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENVIRONMENTS_WITH_SKILLS } from "../../../gpu_gateway/emulator/policy/registry.ts";
import { play } from "../../../gpu_gateway/emulator/policy/index.ts";
import { startEmulator, type Emulator } from "../../../gpu_gateway/emulator/server.ts";
import { ENVIRONMENT_HEADER } from "../../../shared/fleet/headers.ts";

const MEGABYTE_WORD = "x".repeat(1 << 20);
const FIFTY_KB_WORD = "x".repeat(50_000);
const TOOLS = [{ type: "function", function: { name: "lookup", parameters: { type: "object", properties: { query: { type: "string" } } } } }];
// Every skill and its judge (a server's judge calls name `<environment>#judge`; the answer it grades is the model's), and the judge and generic ones a call naming no environment gets.
const PLAYERS = [undefined, ...ENVIRONMENTS_WITH_SKILLS.flatMap((environment) => [environment, `${environment}#judge`])];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ pCorrect: 1 });
});
afterAll(() => emulator.close());

async function post(path: string, body: unknown, environment?: string): Promise<{ status: number; json: any }> {
  const headers = { "content-type": "application/json", ...(environment ? { [ENVIRONMENT_HEADER]: environment } : {}) };
  const res = await fetch(emulator.url + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

const asking = (content: string) => ({ model: "edge-gym-emulator", messages: [{ role: "user", content }], tools: TOOLS });

describe("emulator: one huge field", () => {
  test("a megabyte without a space is tokenized, and past the context refused with its exact token count", async () => {
    const tokenized = await post("/tokenize", asking(MEGABYTE_WORD));
    expect(tokenized.status).toBe(200);
    expect(tokenized.json.count).toBeGreaterThan((1 << 20) / 8);
    const refused = await post("/v1/chat/completions", asking(MEGABYTE_WORD));
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("context_length_exceeded");
    expect(refused.json.error.message).toContain(`your request has ${tokenized.json.count} input tokens`);
  });

  test("50 KB without a space fits the context: every skill answers it", async () => {
    for (const environment of PLAYERS) {
      const { status, json } = await post("/v1/chat/completions", asking(FIFTY_KB_WORD), environment);
      expect(status, `${environment}: ${JSON.stringify(json).slice(0, 300)}`).toBe(200);
      expect(json.usage.prompt_tokens).toBeGreaterThan(50_000 / 8);
    }
  });

  test("every skill plays half a megabyte of one character class, as a message or a system prompt", () => {
    const shapes = ["x", "X", "7", " ", "x ", "!", "\n", "é"].map((unit) => unit.repeat((1 << 19) / unit.length));
    for (const environment of PLAYERS) {
      for (const field of shapes) {
        for (const turns of [[{ role: "user" as const, content: field }], [{ role: "system" as const, content: field }, { role: "user" as const, content: "hi" }]]) {
          const action = play({ turns, tools: [{ name: "lookup", parameters: { type: "object", properties: { query: { type: "string" } } } }], correct: true }, environment);
          expect(action.content !== null || action.toolCalls.length > 0, environment).toBe(true);
        }
      }
    }
  });

  test("after them, a normal call is still played and the health check answers", async () => {
    const weather = await post(
      "/v1/chat/completions",
      { model: "edge-gym-emulator", messages: [{ role: "user", content: "What's the weather in Paris?" }], tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }] },
      "example_single_tool_call",
    );
    expect(weather.status).toBe(200);
    expect(weather.json.choices[0].message.tool_calls.map((c: any) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([["get_weather", { city: "Paris" }]]);
    expect((await fetch(`${emulator.url}/health`)).status).toBe(200);
  });
});
