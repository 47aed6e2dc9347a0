// The max_input_chars check every routed model server shares (openai_model, azure_openai_model):
// with the budget at 500, 600 characters are refused on every route, streaming or not, before
// anything goes upstream; 300 pass.
import { expect } from "vitest";

type Send = (path: string, body: unknown) => Promise<{ status: number; json(): any }>;

export async function expectInputBudget(send: Send, seen: readonly unknown[]): Promise<void> {
  const long = "x".repeat(600);
  const refusals = [
    await send("/v1/responses", { input: long }),
    await send("/v1/responses", { input: long, stream: true }),
    await send("/v1/chat/completions", { messages: [{ role: "user", content: long }] }),
    await send("/v1/chat/completions", { messages: [{ role: "user", content: long }], stream: true }),
    await send("/v1/messages", { model: "m", max_tokens: 5, messages: [{ role: "user", content: long }] }),
  ];
  expect(refusals.map((r) => [r.status, r.json().error.type, r.json().error.max_input_chars])).toEqual(Array(5).fill([413, "input_too_large", 500]));
  // /v1/messages answers in Anthropic's error envelope.
  expect(refusals.at(-1)!.json().type).toBe("error");
  expect(seen).toHaveLength(0);

  expect((await send("/v1/responses", { input: "x".repeat(300) })).status).toBe(200);
  expect(seen).toHaveLength(1);
}
