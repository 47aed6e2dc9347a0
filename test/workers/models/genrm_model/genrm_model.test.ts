// genrm_model against a fake vLLM fleet (fleet_stub.ts) that records what it receives: the
// GenRM roles (response_1, response_2, principle) must reach the chat template as messages in
// those roles, after the conversation, whether the caller gives them in its input or, as NeMo
// Gym's genrm_compare does, in metadata.
import { afterEach, describe, expect, test, vi } from "vitest";
import model from "../../../../workers/models/genrm_model/index.ts";
import { client } from "../../../workerd/helpers.ts";
import { fleetStub } from "../fleet_stub.ts";

const verdict = '{"score_1": 4, "score_2": 2, "ranking": 2}';
const completion = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1700000000,
  model: "genrm",
  choices: [{ index: 0, message: { role: "assistant", content: verdict }, finish_reason: "stop" }],
  usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
};

function genrm(config: Record<string, unknown> = {}) {
  const fleet = fleetStub({ "/v1/chat/completions": Array.from({ length: 4 }, () => ({ body: completion })) });
  const INSTANCE_CONFIG = { model: "nvidia/Qwen3-Nemotron-235B-A22B-GenRM", base_url: "http://fleet/v1", ...config };
  return { ...client(model, { INSTANCE_NAME: "genrm_model", SESSION_SECRET: "s", INSTANCE_CONFIG, ...fleet.bindings }), received: fleet.requests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const conversation = [
  { role: "system", content: "You are a careful judge." },
  { role: "user", content: "What is the capital of France?" },
];

describe("genrm_model", () => {
  test("metadata's principle, response_1 and response_2 follow the conversation as messages in those roles", async () => {
    const s = genrm();
    const res = await s.post("/v1/responses", {
      input: conversation,
      metadata: { response_2: "Lyon.", response_1: "Paris.", principle: "Judge correctness.", chat_template_kwargs: '{"enable_thinking": false}' },
    });
    expect(res.status).toBe(200);
    expect(res.body.output.at(-1).content[0].text).toBe(verdict);
    const sent = s.received[0]!.body;
    expect(sent.messages).toEqual([
      { role: "system", content: "You are a careful judge." },
      { role: "user", content: "What is the capital of France?" },
      { role: "principle", content: "Judge correctness." },
      { role: "response_1", content: "Paris." },
      { role: "response_2", content: "Lyon." },
    ]);
    // metadata stays on the server; its vllm_model extras still apply.
    expect(sent.metadata).toBeUndefined();
    expect(sent.chat_template_kwargs).toEqual({ enable_thinking: false });
  });

  test("messages in the GenRM roles at the end of the input go upstream in place, as given", async () => {
    const s = genrm();
    const res = await s.post("/v1/responses", {
      input: [
        ...conversation,
        { type: "message", role: "principle", content: "Be strict." },
        { role: "response_1", content: [{ type: "input_text", text: "Paris." }] },
        { role: "response_2", content: "Marseille." },
      ],
    });
    expect(res.status).toBe(200);
    expect(s.received[0]!.body.messages.slice(2)).toEqual([
      { role: "principle", content: "Be strict." },
      { role: "response_1", content: "Paris." },
      { role: "response_2", content: "Marseille." },
    ]);
  });

  test("a conversation item after a GenRM-role message is a 400 naming it; nothing goes upstream", async () => {
    const s = genrm();
    const res = await s.post("/v1/responses", { input: [conversation[1], { role: "response_1", content: "Paris." }, { role: "user", content: "and?" }] });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("input[2]");
    expect(res.body.error.message).toMatch(/close the conversation/);
    expect(s.received).toHaveLength(0);
  });

  test("a role given twice (input and metadata) is a 400 naming the metadata key", async () => {
    const s = genrm();
    const res = await s.post("/v1/responses", { input: [conversation[1], { role: "response_1", content: "Paris." }], metadata: { response_1: "Lyon." } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("metadata.response_1");
  });

  test("supports_principle_role: false drops metadata's principle, as the reference does, and refuses one in the input", async () => {
    const s = genrm({ supports_principle_role: false });
    await s.post("/v1/responses", { input: [conversation[1]], metadata: { principle: "Judge.", response_1: "A", response_2: "B" } });
    expect(s.received[0]!.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "response_1", "response_2"]);
    const refused = await s.post("/v1/responses", { input: [conversation[1], { role: "principle", content: "Judge." }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues[0].path).toBe("input[1].role");
  });

  test("without GenRM roles it is vllm_model: an empty principle is none; an empty response is still a response", async () => {
    const s = genrm();
    await s.post("/v1/responses", { input: "hello" });
    expect(s.received[0]!.body.messages).toEqual([{ role: "user", content: "hello" }]);
    await s.post("/v1/responses", { input: "q", metadata: { principle: "", response_1: "", response_2: "B" } });
    expect(s.received[1]!.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "response_1", "response_2"]);
  });

  test("/v1/chat/completions takes the roles in its messages and from metadata, which is not forwarded", async () => {
    const s = genrm();
    const res = await s.post("/v1/chat/completions", {
      messages: [{ role: "user", content: "Capital of France?" }, { role: "response_1", content: "Paris." }],
      metadata: { response_2: "Lyon." },
    });
    expect(res.status).toBe(200);
    expect(s.received[0]!.body).toEqual({
      model: "nvidia/Qwen3-Nemotron-235B-A22B-GenRM",
      messages: [
        { role: "user", content: "Capital of France?" },
        { role: "response_1", content: "Paris." },
        { role: "response_2", content: "Lyon." },
      ],
    });
  });

  test("/v1/messages works as on vllm_model", async () => {
    const s = genrm();
    const res = await s.post("/v1/messages", { model: "genrm", max_tokens: 100, messages: [{ role: "user", content: "compare" }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: "message", content: [{ type: "text", text: verdict }], stop_reason: "end_turn" });
    expect(s.received[0]!.body).toMatchObject({ messages: [{ role: "user", content: "compare" }], max_tokens: 100 });
  });

  test("max_input_chars counts the candidates metadata carries: over it, a 413 and nothing upstream", async () => {
    const s = genrm({ max_input_chars: 500 });
    const res = await s.post("/v1/responses", { input: conversation, metadata: { response_1: "x".repeat(600), response_2: "Lyon." } });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ type: "input_too_large", max_input_chars: 500 });
    expect(s.received).toHaveLength(0);
  });
});
