import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../../gpu_gateway/emulator/server.ts";
import { ENVIRONMENT_HEADER } from "../../../shared/fleet/headers.ts";

type Json = any;
const jsonOf = (res: Response): Promise<Json> => res.json();

const started: Emulator[] = [];
async function emulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const e = await startEmulator(options);
  started.push(e);
  return e;
}
afterAll(() => Promise.all(started.map((e) => e.close())));

/** The header an agent adds to its model calls, naming the environment whose skill plays them. */
const inEnvironment = (environment: string | undefined): Record<string, string> => (environment === undefined ? {} : { [ENVIRONMENT_HEADER]: environment });

async function post(url: string, path: string, body: unknown, environment?: string): Promise<{ status: number; json: Json }> {
  const headers = { "content-type": "application/json", ...inEnvironment(environment) };
  const res = await fetch(url + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, json: await jsonOf(res) };
}

async function chat(url: string, body: Record<string, unknown>, environment?: string): Promise<Json> {
  const { status, json } = await post(url, "/v1/chat/completions", { model: "edge-gym-emulator", ...body }, environment);
  expect(status, JSON.stringify(json)).toBe(200);
  return json;
}

const fn = (name: string, properties: Record<string, unknown> = {}) => ({
  type: "function",
  function: { name, description: `the ${name} tool`, parameters: { type: "object", properties, required: Object.keys(properties) } },
});

// The bundled environments whose skills play these tool sets.
const WEATHER = "example_single_tool_call";
const COUNTER = "example_session_state_mgmt";
const SYNONYMS = "example_multi_step";

const WEATHER_TOOLS = [fn("get_weather", { city: { type: "string" } })];
const COUNTER_TOOLS = [fn("increment_counter", { count: { type: "integer" } }), fn("get_counter_value")];
const SYNONYM_TOOLS = [
  fn("get_synonym_value", { synonym: { type: "string" } }),
  fn("extract_synonym_values", { synonym_values: { type: "array", items: { type: "integer" } } }),
];

type Tools = Record<string, (args: Json) => string>;

/** What an agent does: call the model, run the tool calls it makes, feed the outputs back, repeat. */
async function rollout(url: string, messages: Json[], tools: Json[], impl: Tools, environment?: string) {
  const history = [...messages];
  const turns: Json[] = [];
  for (let step = 0; step < 8; step++) {
    const completion = await chat(url, { messages: history, tools }, environment);
    const message = completion.choices[0].message;
    turns.push(completion.choices[0]);
    history.push(message);
    if (message.tool_calls.length === 0) return { turns, answer: message.content as string, history };
    for (const call of message.tool_calls) {
      const output = impl[call.function.name]!(JSON.parse(call.function.arguments));
      history.push({ role: "tool", tool_call_id: call.id, content: output });
    }
  }
  throw new Error("rollout did not finish");
}

const calls = (choice: Json) => choice.message.tool_calls.map((c: Json) => [c.function.name, JSON.parse(c.function.arguments)]);

const weatherTools: Tools = {
  get_weather: ({ city }) => JSON.stringify({ city, weather_description: `The weather in ${city} is cold.` }),
};

function counterTools(): Tools {
  let count = 0;
  return {
    increment_counter: (args) => {
      count += args.count;
      return JSON.stringify({ success: true });
    },
    get_counter_value: () => JSON.stringify({ count }),
  };
}

const SYNONYM_SYSTEM = [
  "Look up synonym values with the tools.",
  "The term 'Cold' has a synonym 'Chilly'.",
  "The term 'Hot' has a synonym 'Blazing'.",
  "The term 'Hot' has a synonym 'Scorching'.",
  "The term 'Hot Dog' has a synonym 'Frank'.",
].join("\n");
const SYNONYM_VALUES: Record<string, number> = { Chilly: 12, Blazing: 711, Scorching: 407, Frank: 5 };
const synonymTools: Tools = {
  get_synonym_value: ({ synonym }) =>
    synonym in SYNONYM_VALUES ? JSON.stringify({ synonym_value: SYNONYM_VALUES[synonym] }) : `Error: unknown synonym ${synonym}`,
  extract_synonym_values: ({ synonym_values }) => JSON.stringify({ success: true, synonym_values }),
};

let right: Emulator;
let wrong: Emulator;
beforeAll(async () => {
  right = await emulator({ pCorrect: 1 });
  wrong = await emulator({ pCorrect: 0 });
});

describe("tokens", () => {
  const history = [
    { role: "system", content: "You are terse." },
    { role: "user", content: "What's the weather in Paris?" },
    { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
    { role: "tool", tool_call_id: "call_1", content: '{"weather_description": "Sunny, 21°C"}' },
  ];

  test("/tokenize returns exactly the prompt_token_ids of a chat completion with the same messages and tools", async () => {
    const completion = await chat(right.url, { messages: history, tools: WEATHER_TOOLS, return_token_ids: true }, WEATHER);
    const { status, json } = await post(right.url, "/tokenize", { model: "edge-gym-emulator", messages: history, tools: WEATHER_TOOLS });
    expect(status).toBe(200);
    expect(json.tokens).toEqual(completion.prompt_token_ids);
    expect(json.count).toBe(json.tokens.length);
    expect(json.max_model_len).toBe(131072);
    expect(completion.usage.prompt_tokens).toBe(json.tokens.length);

    // The ids are the rendered ChatML prompt, tools and tool response included, ending in the generation prompt.
    const text = (await post(right.url, "/detokenize", { tokens: json.tokens })).json.prompt as string;
    expect(text.startsWith("<|im_start|>system\nYou are terse.\n\n# Tools")).toBe(true);
    expect(text).toContain('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>');
    expect(text).toContain('<|im_start|>user\n<tool_response>\n{"weather_description": "Sunny, 21°C"}\n</tool_response><|im_end|>');
    expect(text.endsWith("<|im_start|>assistant\n")).toBe(true);

    const withoutPrompt = await post(right.url, "/tokenize", { messages: history, tools: WEATHER_TOOLS, add_generation_prompt: false });
    expect(withoutPrompt.json.tokens).toEqual(json.tokens.slice(0, withoutPrompt.json.tokens.length));
    expect(withoutPrompt.json.count).toBeLessThan(json.count);
  });

  test("image, video and audio parts are accepted: each is marked where it sits in the rendered prompt", async () => {
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const content = [{ type: "text", text: "How many circles?" }, { type: "image_url", image_url: { url: png, detail: "auto" } }, { type: "video_url", video_url: { url: "https://example.com/v.mp4" } }, { type: "audio_url", audio_url: { url: "data:audio/wav;base64,UklGRg==" } }];
    const completion = await chat(right.url, { messages: [{ role: "user", content }], return_token_ids: true });
    expect(completion.choices[0].message.content).toEqual(expect.any(String));
    const text = (await post(right.url, "/detokenize", { tokens: completion.prompt_token_ids })).json.prompt as string;
    expect(text).toContain("<|im_start|>user\nHow many circles?\n<image>\n<video>\n<audio><|im_end|>");
    // The image's bytes are the encoder's, not the tokenizer's: the prompt is as long as with the marks typed as text.
    const typed = await post(right.url, "/tokenize", { messages: [{ role: "user", content: "How many circles?\n<image>\n<video>\n<audio>" }] });
    expect(completion.usage.prompt_tokens).toBe(typed.json.count);
  });

  test("/tokenize of a prompt string parses ChatML special tokens and round-trips through /detokenize", async () => {
    const prompt = "<|im_start|>user\nhi there<|im_end|>\n";
    const { json } = await post(right.url, "/tokenize", { prompt });
    expect(json.tokens[0]).not.toBe(json.tokens[1]);
    expect(json.count).toBeLessThan(10);
    expect((await post(right.url, "/detokenize", { tokens: json.tokens })).json).toEqual({ prompt });
    const bad = await post(right.url, "/detokenize", { tokens: [1, 10 ** 9] });
    expect(bad.status).toBe(400);
    expect(bad.json.error.param).toBe("tokens");
  });

  test("logprobs cover every generated token and are deterministic", async () => {
    const body = { messages: history.slice(0, 2), tools: WEATHER_TOOLS, logprobs: true, return_token_ids: true };
    const a = await chat(right.url, body, WEATHER);
    const b = await chat(right.url, body, WEATHER);
    const ids: number[] = a.choices[0].token_ids;
    const entries: Json[] = a.choices[0].logprobs.content;
    expect(ids.length).toBeGreaterThan(5);
    expect(entries).toHaveLength(ids.length);
    expect(a.usage.completion_tokens).toBe(ids.length);
    expect(b.choices[0].token_ids).toEqual(ids);
    expect(b.choices[0].logprobs.content).toEqual(entries);
    for (const entry of entries) {
      expect(entry.logprob).toBeLessThanOrEqual(0);
      expect(entry.logprob).toBeGreaterThan(-3);
      expect(entry.top_logprobs).toEqual([]);
    }
    expect(new Set(entries.map((e) => e.logprob)).size).toBeGreaterThan(1);
    // Without token-id mode the tokens are their text: together, the Hermes tool call and the end-of-turn token.
    const text = entries.map((e) => e.token).join("");
    expect(text).toBe('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>');
    expect(Buffer.from(entries.flatMap((e) => e.bytes)).toString()).toBe(text);
  });

  test("return_tokens_as_token_ids writes each token as token_id:<id>", async () => {
    const c = await chat(right.url, { messages: history, tools: WEATHER_TOOLS, logprobs: true, return_tokens_as_token_ids: true, return_token_ids: true }, WEATHER);
    const ids: number[] = c.choices[0].token_ids;
    expect(c.choices[0].logprobs.content.map((e: Json) => e.token)).toEqual(ids.map((id) => `token_id:${id}`));
  });

  test("token ids are only returned when asked for", async () => {
    const c = await chat(right.url, { messages: history, tools: WEATHER_TOOLS }, WEATHER);
    expect(c).not.toHaveProperty("prompt_token_ids");
    expect(c.choices[0]).not.toHaveProperty("token_ids");
    expect(c.choices[0].logprobs).toBeNull();
  });
});

describe("completion shape and limits", () => {
  const ask = [{ role: "user", content: "what is the weather in sf?" }];

  test("a tool-call turn has the OpenAI shape", async () => {
    const c = await chat(right.url, { messages: ask, tools: WEATHER_TOOLS }, WEATHER);
    expect(c.id).toMatch(/^chatcmpl-/);
    expect(c.object).toBe("chat.completion");
    expect(c.model).toBe("edge-gym-emulator");
    expect(typeof c.created).toBe("number");
    const [choice] = c.choices;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.role).toBe("assistant");
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls[0]).toMatchObject({ type: "function", function: { name: "get_weather" } });
    expect(choice.message.tool_calls[0].id).toMatch(/^call_\w+$/);
    expect(c.usage.total_tokens).toBe(c.usage.prompt_tokens + c.usage.completion_tokens);
  });

  test("max_tokens shorter than the generation truncates it with finish_reason length and no tool calls", async () => {
    const full = await chat(right.url, { messages: ask, tools: WEATHER_TOOLS, return_token_ids: true }, WEATHER);
    for (const limit of [{ max_tokens: 5 }, { max_completion_tokens: 5 }]) {
      const c = await chat(right.url, { messages: ask, tools: WEATHER_TOOLS, return_token_ids: true, logprobs: true, ...limit }, WEATHER);
      expect(c.choices[0].finish_reason).toBe("length");
      expect(c.choices[0].message.tool_calls).toEqual([]);
      expect(c.choices[0].token_ids).toEqual(full.choices[0].token_ids.slice(0, 5));
      expect(c.choices[0].logprobs.content).toHaveLength(5);
      expect(c.usage.completion_tokens).toBe(5);
      expect(c.choices[0].message.content).toBe(c.choices[0].logprobs.content.map((e: Json) => e.token).join(""));
      expect(c.choices[0].message.content.startsWith("<tool_call>")).toBe(true);
    }
    // A limit the generation fits in changes nothing.
    const roomy = await chat(right.url, { messages: ask, tools: WEATHER_TOOLS, max_tokens: full.usage.completion_tokens }, WEATHER);
    expect(roomy.choices[0].finish_reason).toBe("tool_calls");
  });

  test("a request that cannot fit the context answers 400 in vLLM's words", async () => {
    const over = await post(right.url, "/v1/chat/completions", { model: "m", messages: ask, max_tokens: 131072 });
    expect(over.status).toBe(400);
    expect(over.json.error.type).toBe("invalid_request_error");
    expect(over.json.error.code).toBe("context_length_exceeded");
    expect(over.json.error.message).toMatch(/^This model's maximum context length is 131072 tokens\. However, you requested (\d+) tokens \((\d+) in the messages, 131072 in the completion\)/);

    const small = await emulator({ maxModelLen: 20 });
    const long = await post(small.url, "/v1/chat/completions", { model: "m", messages: ask });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toMatch(/^This model's maximum context length is 20 tokens\. However, your request has \d+ input tokens\./);
  });
});

describe("streaming", () => {
  async function stream(url: string, body: Record<string, unknown>, environment: string) {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: inEnvironment(environment),
      body: JSON.stringify({ model: "edge-gym-emulator", stream: true, ...body }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await res.text();
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    const events = text.split("\n\n").filter(Boolean);
    for (const event of events) expect(event.startsWith("data: ")).toBe(true);
    return events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
  }

  test("a tool-call turn streams as role, tool call header and arguments, finish and usage chunks adding up to the full answer", async () => {
    const body = { messages: [{ role: "user", content: "weather in nyc please" }], tools: WEATHER_TOOLS, logprobs: true, return_token_ids: true };
    const full = await chat(right.url, body, WEATHER);
    const chunks = await stream(right.url, { ...body, stream_options: { include_usage: true } }, WEATHER);

    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "" });
    expect(chunks[0].prompt_token_ids).toEqual(full.prompt_token_ids);

    const usage = chunks.at(-1);
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toEqual(full.usage);
    const finish = chunks.at(-2);
    expect(finish.choices[0].finish_reason).toBe("tool_calls");
    expect(chunks.slice(0, -2).every((c) => c.choices[0].finish_reason === null)).toBe(true);

    const deltas = chunks.slice(0, -1).map((c) => c.choices[0]);
    const toolDeltas = deltas.flatMap((d) => d.delta.tool_calls ?? []);
    expect(toolDeltas[0]).toMatchObject({ index: 0, type: "function", function: { name: "get_weather", arguments: "" } });
    expect(toolDeltas.map((d: Json) => d.function.arguments).join("")).toBe(full.choices[0].message.tool_calls[0].function.arguments);
    expect(deltas.flatMap((d) => d.token_ids)).toEqual(full.choices[0].token_ids);
    expect(deltas.flatMap((d) => d.logprobs?.content ?? [])).toEqual(full.choices[0].logprobs.content);
  });

  test("a text turn streams one content delta per token", async () => {
    const messages = [
      { role: "user", content: "weather in nyc please" },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city": "New York"}' } }] },
      { role: "tool", tool_call_id: "c1", content: '{"weather_description": "Rainy."}' },
    ];
    const full = await chat(right.url, { messages, tools: WEATHER_TOOLS, return_token_ids: true }, WEATHER);
    const chunks = await stream(right.url, { messages, tools: WEATHER_TOOLS, return_token_ids: true }, WEATHER);
    const contentChunks = chunks.filter((c) => c.choices[0]?.delta.content);
    expect(contentChunks.map((c) => c.choices[0].delta.content).join("")).toBe(full.choices[0].message.content);
    expect(contentChunks.length).toBe(full.choices[0].token_ids.length - 1);
    expect(chunks.at(-1).choices[0]).toMatchObject({ finish_reason: "stop", delta: {} });
    expect(chunks.some((c) => "usage" in c)).toBe(false);
  });
});

describe("scripted policy", () => {
  test("get_weather: looks up the city named in the message and reports the tool output", async () => {
    const messages = [{ role: "user", content: "What's the weather like in SF today?" }];
    const ok = await rollout(right.url, messages, WEATHER_TOOLS, weatherTools, WEATHER);
    expect(ok.turns).toHaveLength(2);
    expect(calls(ok.turns[0])).toEqual([["get_weather", { city: "San Francisco" }]]);
    expect(ok.answer).toContain("The weather in San Francisco is cold.");
    expect(ok.turns[1].finish_reason).toBe("stop");

    const bad = await rollout(wrong.url, messages, WEATHER_TOOLS, weatherTools, WEATHER);
    const [[, args]] = calls(bad.turns[0]);
    expect(args.city).not.toBe("San Francisco");
    expect(bad.answer).toContain(`The weather in ${args.city} is cold.`);
  });

  test("get_weather: an unknown place named the usual way is used as is; no place at all gets a question", async () => {
    const named = await chat(right.url, { messages: [{ role: "user", content: "How warm is it in Reykjavik?" }], tools: WEATHER_TOOLS }, WEATHER);
    expect(calls(named.choices[0])).toEqual([["get_weather", { city: "Reykjavik" }]]);
    const vague = await chat(right.url, { messages: [{ role: "user", content: "what's the weather?" }], tools: WEATHER_TOOLS }, WEATHER);
    expect(vague.choices[0].finish_reason).toBe("stop");
    expect(vague.choices[0].message.tool_calls).toEqual([]);
    expect(vague.choices[0].message.content).toMatch(/which city/i);
  });

  test("counter: parallel increments in order, then a read, then the count", async () => {
    const messages = [{ role: "user", content: "add 4 then add 5 then get the count" }];
    const ok = await rollout(right.url, messages, COUNTER_TOOLS, counterTools(), COUNTER);
    expect(ok.turns.map(calls)).toEqual([
      [["increment_counter", { count: 4 }], ["increment_counter", { count: 5 }]],
      [["get_counter_value", {}]],
      [],
    ]);
    expect(ok.answer).toBe("The count is 9.");

    const bad = await rollout(wrong.url, messages, COUNTER_TOOLS, counterTools(), COUNTER);
    expect(calls(bad.turns[0])).toEqual([["increment_counter", { count: 4 }], ["increment_counter", { count: 6 }]]);
    expect(bad.answer).toBe("The count is 10.");
  });

  test("synonyms: looks up the query term's synonyms in order, extracts their values, answers the list", async () => {
    const messages = [
      { role: "system", content: SYNONYM_SYSTEM },
      { role: "user", content: "I'm feeling really hot today" },
    ];
    const ok = await rollout(right.url, messages, SYNONYM_TOOLS, synonymTools, SYNONYMS);
    expect(ok.turns.map(calls)).toEqual([
      [["get_synonym_value", { synonym: "Blazing" }], ["get_synonym_value", { synonym: "Scorching" }]],
      [["extract_synonym_values", { synonym_values: [711, 407] }]],
      [],
    ]);
    expect(ok.answer).toBe("[711, 407]");

    const bad = await rollout(wrong.url, messages, SYNONYM_TOOLS, synonymTools, SYNONYMS);
    expect(calls(bad.turns[0])).toEqual([["get_synonym_value", { synonym: "Scorching" }], ["get_synonym_value", { synonym: "Blazing" }]]);
    expect(bad.answer).toBe("[407, 711]");
  });

  test("synonyms: the longest term in the query wins, and a single synonym still goes wrong visibly", async () => {
    const messages = [
      { role: "system", content: SYNONYM_SYSTEM },
      { role: "user", content: "Where is the best HOT DOG stand?" },
    ];
    const ok = await rollout(right.url, messages, SYNONYM_TOOLS, synonymTools, SYNONYMS);
    expect(calls(ok.turns[0])).toEqual([["get_synonym_value", { synonym: "Frank" }]]);
    expect(ok.answer).toBe("[5]");
    const bad = await rollout(wrong.url, messages, SYNONYM_TOOLS, synonymTools, SYNONYMS);
    expect(calls(bad.turns[0])).not.toEqual(calls(ok.turns[0]));
    expect(bad.answer).not.toBe("[5]");
  });

  test("an error string from a tool gets a text answer, not a crash", async () => {
    const messages = [
      { role: "system", content: "The term 'Hot' has a synonym 'Mystery'." },
      { role: "user", content: "so hot" },
    ];
    const run = await rollout(right.url, messages, SYNONYM_TOOLS, synonymTools, SYNONYMS);
    expect(run.turns).toHaveLength(2);
    expect(run.answer).toContain("Error: unknown synonym Mystery");
  });

  test("a call naming no environment: the first tool is called with arguments made from its schema; no tools: a text answer", async () => {
    const tools = [
      fn("search_docs", {
        query: { type: "string" },
        limit: { type: "integer" },
        tags: { type: "array", items: { type: "string" } },
        mode: { type: "string", enum: ["fast", "exact"] },
        filter: { type: "object", properties: { recent: { type: "boolean" } } },
      }),
      fn("other"),
    ];
    const run = await rollout(right.url, [{ role: "user", content: "find things" }], tools, { search_docs: () => '{"hits": 0}' });
    expect(calls(run.turns[0])).toEqual([
      ["search_docs", { query: "example", limit: 1, tags: ["example"], mode: "fast", filter: { recent: true } }],
    ]);
    expect(run.answer).toContain('{"hits": 0}');
    const plain = await chat(right.url, { messages: [{ role: "user", content: "hello" }] });
    expect(plain.choices[0].finish_reason).toBe("stop");
    expect(plain.choices[0].message.content.length).toBeGreaterThan(0);
  });

  test("outcomes are reproducible per task and occurrence, whatever the arrival order", async () => {
    const cities = ["Paris", "Tokyo", "London"];
    const outcome = async (url: string, city: string) => {
      const c = await chat(url, { messages: [{ role: "user", content: `weather in ${city.toLowerCase()}?` }], tools: WEATHER_TOOLS }, WEATHER);
      const called = JSON.parse(c.choices[0].message.tool_calls[0].function.arguments).city;
      return `${city}: ${called === city ? "right" : "wrong"}`;
    };
    const a = await emulator({ seed: 7, pCorrect: 0.5 });
    const b = await emulator({ seed: 7, pCorrect: 0.5 });
    // a: task by task, one at a time (aabbcc); b: interleaved and concurrent.
    const fromA: string[] = [];
    for (const city of cities) for (let i = 0; i < 12; i++) fromA.push(await outcome(a.url, city));
    const fromB = await Promise.all(Array.from({ length: 36 }, (_, i) => outcome(b.url, cities[i % 3]!)));
    expect([...fromB].sort()).toEqual([...fromA].sort());
    // p 0.5 over 36 draws: both paths occur (fixed by the seed, so this cannot flake).
    const right = fromA.filter((o) => o.endsWith("right")).length;
    expect(right).toBeGreaterThan(0);
    expect(right).toBeLessThan(36);
  });
});

describe("skills by environment", () => {
  const multipleChoice = [{ role: "user", content: "What is 6 × 7?\nA: 42\nB: 48\n\nEnd with 'Answer: X'." }];
  const reply = async (environment?: string) => (await chat(right.url, { messages: multipleChoice }, environment)).choices[0].message.content;

  test("the header's environment plays the call, not the skill the prompt's style suggests", async () => {
    expect(await reply("mcqa")).toMatch(/which is option A\.\n\nAnswer: A$/);
    expect(await reply("string_match")).toBe("6 × 7 = 42.\nFinal answer: 42");
    expect(await reply("instruction_following")).not.toMatch(/option A/);
  });

  test("without the header, or with an environment that has no skill, the generic skill answers", async () => {
    expect(await reply()).toBe("I don't know.");
    expect(await reply("no_such_environment")).toBe("I don't know.");
  });

  test("a skill calls only the tools offered: under tool_choice none the weather skill's call gives way to text", async () => {
    const c = await chat(right.url, { messages: [{ role: "user", content: "weather in sf?" }], tools: WEATHER_TOOLS, tool_choice: "none" }, WEATHER);
    expect(c.choices[0].finish_reason).toBe("stop");
    expect(c.choices[0].message.tool_calls).toEqual([]);
  });
});

describe("http", () => {
  test("bad bodies answer 400 with the field path in the OpenAI error shape", async () => {
    const role = await post(right.url, "/v1/chat/completions", { model: "m", messages: [{ role: "robot", content: "hi" }] });
    expect(role.status).toBe(400);
    expect(role.json).toEqual({
      error: { message: expect.stringContaining("messages[0].role"), type: "invalid_request_error", param: "messages[0].role", code: null },
    });
    const missing = await post(right.url, "/v1/chat/completions", { model: "m" });
    expect(missing.json.error.param).toBe("messages");
    const maxTokens = await post(right.url, "/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "x" }], max_tokens: -1 });
    expect(maxTokens.json.error.param).toBe("max_tokens");
    const tokenize = await post(right.url, "/tokenize", { messages: [{ role: "user", content: 5 }] });
    expect(tokenize.status).toBe(400);
    expect(tokenize.json.error.param).toBe("messages[0].content");

    const notJson = await fetch(`${right.url}/v1/chat/completions`, { method: "POST", body: "{nope" });
    expect(notJson.status).toBe(400);
    expect((await jsonOf(notJson)).error.message).toMatch(/not valid JSON/);
  });

  test("unknown routes 404, wrong methods 405, both as JSON", async () => {
    const missing = await fetch(`${right.url}/v1/completions/nope`);
    expect(missing.status).toBe(404);
    expect((await jsonOf(missing)).error.type).toBe("not_found_error");
    const method = await fetch(`${right.url}/v1/chat/completions`);
    expect(method.status).toBe(405);
    expect((await jsonOf(method)).error.message).toMatch(/GET/);
  });

  test("liveness, health and the model list", async () => {
    expect(await jsonOf(await fetch(`${right.url}/`))).toEqual({ status: "ok" });
    expect((await fetch(`${right.url}/health`)).status).toBe(200);
    const named = await emulator({ model: "tiny-policy", maxModelLen: 4096 });
    const models = await jsonOf(await fetch(`${named.url}/v1/models`));
    expect(models.object).toBe("list");
    expect(models.data).toEqual([expect.objectContaining({ id: "tiny-policy", object: "model", owned_by: "vllm", max_model_len: 4096 })]);
  });

  test("bodies over the limit answer 413", async () => {
    const small = await emulator({ maxBodyBytes: 1024 });
    const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "x".repeat(4096) }] });
    const res = await fetch(`${small.url}/v1/chat/completions`, { method: "POST", body });
    expect(res.status).toBe(413);
    expect((await jsonOf(res)).error.code).toBe("request_too_large");
    expect((await post(small.url, "/tokenize", { prompt: "fits" })).status).toBe(200);
  });

  test("latency-ms delays chat completions", async () => {
    const slow = await emulator({ latencyMs: 150 });
    const t0 = performance.now();
    await chat(slow.url, { messages: [{ role: "user", content: "hi" }] });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });
});

test("the CLI prints one listening line, serves its flags, and exits cleanly on SIGTERM", async () => {
  const child = spawn(process.execPath, ["gpu_gateway/emulator/main.ts", "--port", "0", "--model", "cli-model", "--max-model-len", "1000"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
  const match = /^vLLM emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
  expect(match).not.toBeNull();
  const models = await jsonOf(await fetch(`${match![1]}/v1/models`));
  expect(models.data[0]).toMatchObject({ id: "cli-model", max_model_len: 1000 });
  child.kill("SIGTERM");
  const [code] = await once(child, "exit");
  expect(code).toBe(0);
});

test("a request sent the moment the CLI says it listens (its skills still loading) waits for them and is played by its environment's skill", async () => {
  const child = spawn(process.execPath, ["gpu_gateway/emulator/main.ts", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
    const url = /listening on (http:\/\/\S+)$/.exec(line)![1]!;
    const [first, again] = await Promise.all([0, 1].map(() => chat(url, { messages: [{ role: "user", content: "should I bring a jacket in sf today?" }], tools: WEATHER_TOOLS }, WEATHER)));
    for (const answer of [first, again]) expect(answer.choices[0].message.tool_calls[0].function.name).toBe("get_weather");
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
});

test("the CLI rejects a bad flag value", async () => {
  const child = spawn(process.execPath, ["gpu_gateway/emulator/main.ts", "--p-correct", "2"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const [code] = await once(child, "exit");
  expect(code).toBe(2);
  expect(stderr).toMatch(/--p-correct/);
});
