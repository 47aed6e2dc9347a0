// vLLM-format chat completions, as vLLM answers them, through the model server and back: each
// becomes Responses items, the agent sends those items back, and the assistant message the model
// server sends upstream on the next turn must be the one vLLM produced: same content, reasoning,
// tool calls (ids, names, argument strings) and training token data.
import { afterEach, describe, expect, test, vi } from "vitest";
import model from "../../../../workers/models/vllm_model/index.ts";
import { client } from "../../../workerd/helpers.ts";
import { fleetStub } from "../fleet_stub.ts";
import logprobsOnly from "./fixtures/logprobs_only.json";
import reasoningParser from "./fixtures/reasoning_parser_two_tool_calls.json";
import thinkTags from "./fixtures/think_tags_in_content.json";
import bundleOnMessage from "./fixtures/token_bundle_on_message.json";

type Fixture = { choices: Array<{ message: Record<string, any>; logprobs?: { content: Array<{ token: string; logprob: number }> } | null; token_ids?: number[] }>; prompt_token_ids?: number[] };

const nextTurn = {
  id: "c2",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "ok", prompt_token_ids: [1], generation_token_ids: [2], generation_log_probs: [-0.5] }, finish_reason: "stop" }],
};

function modelServer(config: Record<string, unknown>, fixture: unknown, tokenize: number[] | undefined) {
  const fleet = fleetStub({
    "/v1/chat/completions": [{ body: fixture }, { body: nextTurn }],
    "/tokenize": tokenize ? [{ body: { count: tokenize.length, max_model_len: 4096, tokens: tokenize } }] : [],
  });
  const INSTANCE_CONFIG = { model: "policy", return_token_id_information: true, ...config };
  return { ...client(model, { INSTANCE_NAME: "policy_model", SESSION_SECRET: "s", INSTANCE_CONFIG, ...fleet.bindings }), upstream: fleet.requests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// What vLLM produced, in the fields a chat template and a trainer read.
function produced(fixture: Fixture, tokens: { prompt_token_ids: number[]; generation_token_ids: number[]; generation_log_probs: number[] }) {
  const { content, tool_calls, reasoning_content } = fixture.choices[0]!.message;
  return {
    role: "assistant",
    content,
    ...(tool_calls?.length ? { tool_calls } : {}),
    ...(reasoning_content ? { reasoning_content, reasoning: reasoning_content } : {}),
    ...tokens,
  };
}

const fromLogprobs = (fixture: Fixture) => ({
  generation_token_ids: fixture.choices[0]!.logprobs!.content.map((l) => Number(l.token.slice("token_id:".length))),
  generation_log_probs: fixture.choices[0]!.logprobs!.content.map((l) => l.logprob),
});

const cases = [
  {
    name: "reasoning from vLLM's parser and two tool calls; ids from prompt_token_ids + token_ids",
    fixture: reasoningParser as Fixture,
    config: {},
    types: ["reasoning", "function_call", "function_call"],
    tokens: { prompt_token_ids: reasoningParser.prompt_token_ids, ...fromLogprobs(reasoningParser as Fixture) },
  },
  {
    name: "<think> in the content, text and a tool call, sent back as the model wrote it",
    fixture: thinkTags as Fixture,
    config: { uses_reasoning_parser: true, reasoning_upstream: "content_tags" },
    types: ["reasoning", "message", "function_call"],
    tokens: { prompt_token_ids: thinkTags.prompt_token_ids, ...fromLogprobs(thinkTags as Fixture) },
  },
  {
    name: "a token bundle already on the message",
    fixture: bundleOnMessage as Fixture,
    config: {},
    types: ["message"],
    tokens: (({ prompt_token_ids, generation_token_ids, generation_log_probs }) => ({ prompt_token_ids, generation_token_ids, generation_log_probs }))(bundleOnMessage.choices[0]!.message),
  },
  {
    name: "only token_id:N logprobs, prompt ids from /tokenize",
    fixture: logprobsOnly as Fixture,
    config: {},
    types: ["message"],
    tokens: { prompt_token_ids: [151644, 872, 198, 7771, 13, 151645], ...fromLogprobs(logprobsOnly as Fixture) },
    tokenize: [151644, 872, 198, 7771, 13, 151645],
  },
];

describe("vLLM fixtures round-trip through the model server", () => {
  test.each(cases)("$name", async ({ fixture, config, types, tokens, tokenize }) => {
    const s = modelServer(config, fixture, tokenize);
    const first = await s.post("/v1/responses", { input: "q", tools: [{ type: "function", name: "get_weather" }, { type: "function", name: "record_answer" }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const output = first.body.output as any[];
    expect(output.map((i) => i.type)).toEqual(types);
    // Training token data on the last item only.
    expect(output.at(-1)).toMatchObject(tokens);
    for (const item of output.slice(0, -1)) expect(item).not.toHaveProperty("generation_token_ids");
    expect(s.upstream.map((u) => u.path)).toEqual(["/v1/chat/completions", ...(tokenize ? ["/tokenize"] : [])]);

    const calls = output.filter((i) => i.type === "function_call");
    const outputs = calls.map((c) => ({ type: "function_call_output", call_id: c.call_id, output: "done" }));
    // The agent sends the items back as it got them, through JSON.
    const input = JSON.parse(JSON.stringify([{ role: "user", content: "q" }, ...output, ...outputs]));
    const second = await s.post("/v1/responses", { input });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const messages = s.upstream.at(-1)!.body.messages;
    expect(messages[1]).toEqual(produced(fixture, tokens));
    expect(messages.slice(2)).toEqual(outputs.map((o) => ({ role: "tool", tool_call_id: o.call_id, content: "done" })));
  });

  test("token data whose lengths disagree is refused with the field path, never sent upstream", async () => {
    const s = modelServer({}, reasoningParser, undefined);
    const res = await s.post("/v1/responses", {
      input: [
        { role: "user", content: "q" },
        { type: "message", role: "assistant", content: "a", prompt_token_ids: [1], generation_token_ids: [2, 3], generation_log_probs: [-1] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0]).toMatchObject({ path: "input[1].generation_log_probs" });
    expect(res.body.error.message).toMatch(/1 entries but generation_token_ids has 2/);
    expect(s.upstream).toHaveLength(0);
  });
});
