// The replay policy (--replay FILE): the emulator answers with the recorded turns of a NeMo Gym
// rollouts file. Requests go the way the model server sends them (Responses input rendered to chat
// messages by toChatRequest) and answers come back through toResponse, as in a stack.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../../gpu_gateway/emulator/server.ts";
import { toChatRequest } from "../../../shared/models/chat/convert_request.ts";
import { toResponse } from "../../../shared/models/chat/convert_response.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { ENVIRONMENT_HEADER, JUDGE_SUFFIX } from "../../../shared/fleet/headers.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { MATH_JUDGE_PROMPT } from "../../../workers/resources/math_with_judge/judge_prompt.ts";

type Json = any;

const dir = mkdtempSync(join(tmpdir(), "replay-test-"));
const started: Emulator[] = [];
afterAll(() => Promise.all(started.map((e) => e.close())));

function rolloutsFile(rows: Json[]): string {
  const path = join(dir, `rollouts-${started.length}-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(path, rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
  return path;
}

async function replaying(rows: Json[]): Promise<{ url: string; path: string }> {
  const path = rolloutsFile(rows);
  const emulator = await startEmulator({ replay: path });
  started.push(emulator);
  return { url: emulator.url, path };
}

const user = (text: string) => ({ role: "user", content: text });
const say = (text: string) => ({ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });
const think = (text: string) => ({ type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text }] });
const callTool = (call_id: string, name: string, args: string) => ({ type: "function_call", call_id, name, arguments: args, status: "completed" });
const toolOutput = (call_id: string, output: string) => ({ type: "function_call_output", call_id, output });

const WEATHER_TOOLS = [{ type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: false }];

/** A rollout row in NeMo Gym's shape. */
const rollout = (input: Json[], output: Json[], reward: number, extra: Json = {}): Json => ({
  responses_create_params: { input, tools: WEATHER_TOOLS, ...extra },
  response: { id: "resp_1", object: "response", output, usage: null },
  reward,
});

/** One model call the way vllm_model makes it: Responses params -> chat request -> emulator -> Responses object. */
async function modelCall(url: string, params: Json): Promise<{ status: number; json: Json }> {
  const parsed = ResponsesCreateParams.parse(params);
  const request = toChatRequest(parsed, { model: "edge-gym-emulator", tokenIds: false, developerAsSystem: false, reasoning: { upstream: "fields" } });
  const res = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
  const json: Json = await res.json();
  if (res.status !== 200) return { status: res.status, json };
  return { status: 200, json: toResponse(parsed, json, { tokenIds: false, reasoningTags: null, hop: "model" }) };
}

/** simple_agent's loop: call the model, answer its tool calls with `tools`, until it stops calling. */
async function agentLoop(url: string, row: Json, tools: (name: string, args: string) => string): Promise<Json[]> {
  const output: Json[] = [];
  for (let step = 0; step < 6; step++) {
    const { status, json } = await modelCall(url, { ...row.responses_create_params, input: [...row.responses_create_params.input, ...output] });
    expect(status, JSON.stringify(json)).toBe(200);
    output.push(...json.output);
    const calls = json.output.filter((item: Json) => item.type === "function_call");
    if (calls.length === 0) break;
    for (const call of calls) output.push(toolOutput(call.call_id, tools(call.name, call.arguments)));
  }
  return output;
}

/** What a replayed output must keep of the recorded one: types, texts, call ids and argument text. */
const essence = (items: Json[]) =>
  items.map((item) =>
    item.type === "function_call"
      ? ["call", item.call_id, item.name, item.arguments]
      : item.type === "reasoning"
        ? ["reasoning", item.summary.map((s: Json) => s.text).join("\n")]
        : item.type === "function_call_output"
          ? ["output", item.call_id]
          : [item.role, item.content.map((p: Json) => p.text).join("\n")],
  );

describe("replay policy", () => {
  test("a tool loop gets the recorded turns: reasoning, call ids and argument text as recorded", async () => {
    const recorded = rollout(
      [{ role: "system", content: "You are a weather bot." }, user("Weather in Paris?")],
      [
        think("I should look it up."),
        callTool("call_a", "get_weather", '{ "city" :  "Paris" }'),
        toolOutput("call_a", "sunny"),
        callTool("call_b", "get_weather", "{not json"),
        toolOutput("call_b", "error"),
        say("It is sunny in Paris."),
      ],
      1,
    );
    const { url } = await replaying([rollout([user("Something else")], [say("no")], 0), recorded]);
    const output = await agentLoop(url, recorded, (_name, args) => (args.includes("Paris") ? "sunny" : "error"));
    expect(essence(output)).toEqual(essence(recorded.response.output));
  });

  test("an episode whose environment answers in user messages plays the recorded move of each step", async () => {
    const recorded = rollout([user("Guess my number.")], [say("5"), user("higher"), say("8"), user("lower"), say("7")], 1, { tools: [] });
    const { url } = await replaying([recorded]);
    const input: Json[] = [user("Guess my number.")];
    const moves: string[] = [];
    // The environment here answers otherwise than the recording: the replay still plays its moves in order.
    for (const observation of ["lower", "higher", undefined]) {
      const { json } = await modelCall(url, { input });
      moves.push(json.output[0].content[0].text);
      input.push(...json.output);
      if (observation) input.push(user(observation));
    }
    expect(moves).toEqual(["5", "8", "7"]);
  });

  test("rollouts of the same input are dealt to new conversations in turn, each continuing its own", async () => {
    const input = [user("Weather in Oslo?")];
    const first = rollout(input, [callTool("c1", "get_weather", '{"city":"Oslo"}'), toolOutput("c1", "rain"), say("Rain.")], 1);
    const second = rollout(input, [callTool("c2", "get_weather", '{"city":"Bergen"}'), toolOutput("c2", "rain"), say("Bergen has rain.")], 0);
    const { url } = await replaying([first, second]);
    // Both conversations open before either continues, as concurrent rollouts do.
    const a = await modelCall(url, { input, tools: WEATHER_TOOLS });
    const b = await modelCall(url, { input, tools: WEATHER_TOOLS });
    const next = async (opened: Json) => {
      const call = opened.json.output[0];
      const { json } = await modelCall(url, { input: [...input, call, toolOutput(call.call_id, "rain")], tools: WEATHER_TOOLS });
      return json.output[0].content[0].text;
    };
    expect(await next(b)).toBe("Bergen has rain.");
    expect(await next(a)).toBe("Rain.");
  });

  test("images tell rollouts apart: the same question about two images gets each image's own recorded answer", async () => {
    const png = (pixel: string) => `data:image/png;base64,${pixel}`;
    const asking = (image: string) => [{ role: "user", content: [{ type: "input_text", text: "Where is the red circle?" }, { type: "input_image", image_url: png(image) }] }];
    const left = rollout(asking("AAAA"), [say("<point>(100, 500)</point>")], 1, { tools: [] });
    const right = rollout(asking("BBBB"), [say("<point>(900, 500)</point>")], 1, { tools: [] });
    const { url } = await replaying([left, right]);
    expect((await modelCall(url, { input: asking("BBBB") })).json.output[0].content[0].text).toBe("<point>(900, 500)</point>");
    expect((await modelCall(url, { input: asking("AAAA") })).json.output[0].content[0].text).toBe("<point>(100, 500)</point>");
  });

  test("a judge's call is not the policy's: the environment's judge skill answers it, not the recording", async () => {
    const { url } = await replaying([rollout([user("What is 2 + 2?")], [say("4")], 1, { tools: [] })]);
    const values = { question: "What is 2 + 2?", first_answer: "4", second_answer: "4" };
    const judging = [{ role: "system", content: MATH_JUDGE_PROMPT.system }, { role: "user", content: formatTemplate(MATH_JUDGE_PROMPT.user, values) }];
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", [ENVIRONMENT_HEADER]: `math_with_judge${JUDGE_SUFFIX}` },
      body: JSON.stringify({ model: "edge-gym-emulator", messages: judging }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).choices[0].message.content).toMatch(/\[\[A!?=B\]\]/);
  });

  test("a conversation no rollout opens with is a 404 naming its first user message, not an answer", async () => {
    const { url, path } = await replaying([rollout([user("Weather in Paris?")], [say("Sunny.")], 1)]);
    const { status, json } = await modelCall(url, { input: [user("Weather in Rome?")] });
    expect(status).toBe(404);
    expect(json.error.code).toBe("replay_no_match");
    expect(json.error.message).toContain(path);
    expect(json.error.message).toContain('"Weather in Rome?"');
  });

  test("a conversation that goes past its rollout's last turn, or strays from its turns, is a 404 naming the line", async () => {
    const { url } = await replaying([rollout([user("Hi")], [say("Hello.")], 1)]);
    const past = await modelCall(url, { input: [user("Hi"), say("Hello."), user("And then?")] });
    expect(past.status).toBe(404);
    expect(past.json.error.message).toMatch(/line 1\) ended after 1 model turns/);
    const strayed = await modelCall(url, { input: [user("Hi"), say("Good day."), user("And then?")] });
    expect(strayed.status).toBe(404);
    expect(strayed.json.error.message).toMatch(/line 1\) has other earlier turns/);
  });

  test("a recorded turn is answered whole, whatever max_tokens and the model length say: the limits were the recording model's", async () => {
    const long = "word ".repeat(200).trim();
    const path = rolloutsFile([rollout([user("Say it all. ".repeat(40))], [say(long)], 1)]);
    const emulator = await startEmulator({ replay: path, maxModelLen: 64 });
    started.push(emulator);
    const { status, json } = await modelCall(emulator.url, { input: [user("Say it all. ".repeat(40))], max_output_tokens: 16 });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.incomplete_details).toBeNull();
    expect(json.output[0].content[0].text).toBe(long);
  });

  test("a rollout its output limit cut short ends incomplete at its last turn, as recorded", async () => {
    const recorded = rollout([user("Count to a million.")], [callTool("c", "get_weather", '{"city":"Oslo"}'), toolOutput("c", "rain"), say("1, 2, 3")], 0);
    recorded.response = { ...recorded.response, incomplete_details: { reason: "max_output_tokens" } };
    const { url } = await replaying([recorded]);
    const first = await modelCall(url, { input: [user("Count to a million.")], tools: WEATHER_TOOLS });
    expect(first.json.incomplete_details).toBeNull();
    const call = first.json.output[0];
    const last = await modelCall(url, { input: [user("Count to a million."), call, toolOutput(call.call_id, "rain")], tools: WEATHER_TOOLS });
    expect(last.json.incomplete_details).toEqual({ reason: "max_output_tokens" });
    expect(last.json.output[0].content[0].text).toBe("1, 2, 3");
  });

  test("a file that is not a rollouts file stops the start with its line", async () => {
    await expect(startEmulator({ replay: rolloutsFile([rollout([user("Hi")], [say("Hello.")], 1), { responses_create_params: { input: [user("x")] } }]) })).rejects.toThrow(
      /line 2: no response.output to replay/,
    );
    await expect(startEmulator({ replay: rolloutsFile([{ responses_create_params: { input: 3 }, response: { output: [] } }]) })).rejects.toThrow(
      /line 1: responses_create_params\.input/,
    );
  });
});
