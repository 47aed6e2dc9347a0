import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineEpisodeServer } from "../../../../shared/resources/episode.ts";
import { VerifierFailure } from "../../../../shared/resources/failure.ts";
import { EpisodeResult, INVALID_ACTION } from "../../../../shared/schemas/episode.ts";
import { HttpError } from "../../../../shared/server/errors.ts";
import { assistantText } from "../../../../shared/verifiers/assistant_text.ts";
import agent from "../../../../workers/agents/gymnasium_agent/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

// Guess the row's number: "higher"/"lower" hints as observations, +1 for the hit; a reply
// "call" answers through info.tool_outputs instead; "down" is an environment that cannot go on.
const guessing = defineEpisodeServer({
  declaration: resourcesServer({ task: z.object({ secret: z.number().int() }), stateful: true }),
  reset: () => ({ observation: "Guess my number.", state: { guesses: 0 } }),
  step({ guesses }, action, row) {
    const text = assistantText(action.output);
    if (text === "down") throw new VerifierFailure("env_down", "the environment's backend is down");
    if (text === "pass") throw new HttpError(400, INVALID_ACTION, "Unable to parse action from response: \"pass\"");
    const calls = action.output.filter((item) => item.type === "function_call");
    if (calls.length > 0) return { reward: 0, info: { tool_outputs: calls.map((c) => ({ call_id: c.call_id, output: `{"hint":"odd"}` })) }, state: { guesses } };
    const guess = Number(text);
    if (guess === row.secret) return { reward: 1, terminated: true, info: { guesses: guesses + 1 }, state: { guesses: guesses + 1 } };
    return { observation: guess < row.secret ? "higher" : "lower", reward: -0.25, info: { last: guess }, state: { guesses: guesses + 1 } };
  },
});

function scriptedModel(replies: Record<string, unknown>[][]) {
  const requests: any[] = [];
  const fetcher = {
    async fetch(request: Request) {
      requests.push(await request.json());
      const output = replies[Math.min(requests.length - 1, replies.length - 1)]!;
      return Response.json({
        id: `resp_${requests.length}`,
        object: "response",
        model: "scripted",
        output,
        usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 },
      });
    },
  };
  return { fetcher, requests };
}

const say = (text: string) => [{ type: "message", id: "msg", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }];
const fnCall = (id: string) => [{ type: "function_call", call_id: id, name: "parity", arguments: "{}" }];

/** The agent's bindings; `resources` wraps the environment (to watch or break its routes). */
function agentEnv(model: { fetch(r: Request): Promise<Response> }, config: Record<string, unknown> = {}, resources?: (r: Request, next: () => Promise<Response>) => Promise<Response>) {
  const resourcesEnv = serverEnv("guessing");
  const seen: string[] = [];
  const env = serverEnv("guessing_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "guessing" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      ...config,
    },
    GUESSING: {
      fetch: (r: Request) => {
        seen.push(new URL(r.url).pathname);
        const next = () => guessing.fetch(r, resourcesEnv) as Promise<Response>;
        return resources ? resources(r, next) : next();
      },
    },
    POLICY_MODEL: model,
  });
  return { env, seen };
}

const row = { responses_create_params: { input: "Let's play.", temperature: 0.5 }, secret: 7, task_id: "t1" };

describe("gymnasium_agent /run", () => {
  test("reset, then model call and step until the episode ends; the reward is the sum of the step rewards", async () => {
    const model = scriptedModel([say("5"), say("9"), say("7")]);
    const { env, seen } = agentEnv(model.fetcher);
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(EpisodeResult.safeParse(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ reward: 0.5, step_rewards: [-0.25, -0.25, 1], terminated: true, truncated: false, info: { guesses: 3 }, task_id: "t1", secret: 7 });
    // The reset observation follows the row's prompt, and is recorded as the first call's input.
    expect(res.body.responses_create_params).toEqual({ input: [{ type: "message", role: "user", content: "Let's play." }, { type: "message", role: "user", content: "Guess my number." }], temperature: 0.5 });
    expect(res.body.response.output.map((i: any) => i.role)).toEqual(["assistant", "user", "assistant", "user", "assistant"]);
    expect(res.body.response.output[1]).toEqual({ type: "message", role: "user", content: "higher" });
    expect(res.body.response.usage.total_tokens).toBe(45);
    expect(model.requests.map((r) => r.input.length)).toEqual([2, 4, 6]);
    expect(model.requests[2].temperature).toBe(0.5);
    // The episode ended by itself; the server advertised /close, so it is closed too.
    expect(seen).toEqual(["/reset", "/step", "/step", "/step", "/close"]);
  });

  test("max_steps model calls without an end: truncated, with what was earned", async () => {
    const model = scriptedModel([say("1")]);
    const { env } = agentEnv(model.fetcher, { max_steps: 2 });
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: -0.5, step_rewards: [-0.25, -0.25], terminated: false, truncated: true, info: { last: 1 } });
    expect(model.requests).toHaveLength(2);
  });

  test("info.tool_outputs become function_call_output items for the model's calls", async () => {
    const model = scriptedModel([fnCall("c1"), say("7")]);
    const { env } = agentEnv(model.fetcher);
    const res = await client(agent, env).post("/run", row);
    expect(res.body.reward).toBe(1);
    expect(res.body.response.output.map((i: any) => i.type)).toEqual(["function_call", "function_call_output", "message"]);
    expect(res.body.response.output[1]).toEqual({ type: "function_call_output", call_id: "c1", output: '{"hint":"odd"}' });
  });

  test("a step its server cannot take ends the rollout as that infrastructure failure, and the episode is closed", async () => {
    const model = scriptedModel([say("5"), say("down")]);
    const { env, seen } = agentEnv(model.fetcher);
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ type: "env_down", hop: "guessing/step" });
    expect(res.body.reward).toBeUndefined();
    expect(seen.at(-1)).toBe("/close");
  });

  test("a lost episode (the step refused) is a failure too, never a reward", async () => {
    const model = scriptedModel([say("5")]);
    const { env } = agentEnv(model.fetcher, {}, async (r, next) => (new URL(r.url).pathname === "/step" ? Response.json({ error: { type: "no_episode", message: "gone" } }, { status: 409 }) : next()));
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error.type).toBe("no_episode");
  });

  test("a turn the server refuses as no action ends the episode there, scored: the model cannot drop its own sample", async () => {
    const model = scriptedModel([say("5"), say("pass"), say("7")]);
    const { env, seen } = agentEnv(model.fetcher);
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: -0.25, step_rewards: [-0.25, 0], terminated: false, truncated: true, info: { action_is_valid: false, invalid_action: 'Unable to parse action from response: "pass"' } });
    expect(model.requests).toHaveLength(2);
    expect(seen).toEqual(["/reset", "/step", "/step", "/close"]);
    // Any other 400 from a step is still the server's failure, not a turn to score.
    const other = agentEnv(scriptedModel([say("5")]).fetcher, {}, async (r, next) => (new URL(r.url).pathname === "/step" ? Response.json({ error: { type: "invalid_request", message: "x" } }, { status: 400 }) : next()));
    expect((await client(agent, other.env).post("/run", row)).status).toBe(502);
  });

  test("a row the server refuses at reset is a 400 with its reasons; an unreachable server a 502", async () => {
    const model = scriptedModel([say("5")]);
    const bad = await client(agent, agentEnv(model.fetcher).env).post("/run", { responses_create_params: { input: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/secret/);
    const down = agentEnv(model.fetcher, {}, async () => {
      throw new Error("connection reset");
    });
    const res = await client(agent, down.env).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("guessing/reset");
    expect(model.requests).toHaveLength(0);
  });

  test("a close that fails after a scored episode is a cleanup warning in info, not a failure", async () => {
    const model = scriptedModel([say("7")]);
    const { env } = agentEnv(model.fetcher, {}, async (r, next) => (new URL(r.url).pathname === "/close" ? new Response("no", { status: 500 }) : next()));
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body.reward).toBe(1);
    expect(res.body.info).toMatchObject({ guesses: 1, cleanup_warning: { operation: "close", error_type: "bad_upstream_response" } });
  });

  test("bad input is a 400 with field paths; max_steps must be at least 1", async () => {
    const model = scriptedModel([say("5")]);
    const res = await client(agent, agentEnv(model.fetcher).env).post("/run", { responses_create_params: { input: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("responses_create_params.input");
    const zero = await client(agent, agentEnv(model.fetcher, { max_steps: 0 }).env).post("/run", row);
    expect(zero.status).toBe(500);
    expect(zero.body.error.message).toMatch(/max_steps/);
  });

  test("/run_batch streams a line per row: the episode's result, or a failure without a reward", async () => {
    const model = scriptedModel([say("7")]);
    const { env } = agentEnv(model.fetcher);
    const response = await client(agent, env).send("/run_batch", { rows: [row, { ...row, secret: "seven" }] });
    const lines = (await response.text()).trim().split("\n").map((line) => JSON.parse(line)).sort((a, b) => a.index - b.index);
    expect(lines[0].result).toMatchObject({ reward: 1, step_rewards: [1], terminated: true });
    expect(lines[1].failure._ng_failure_class).toBe("invalid_request");
    expect(lines[1].result).toBeUndefined();
  });

  test("/v1/responses is one model call; /aggregate_metrics is the resources server's", async () => {
    const model = scriptedModel([say("hello")]);
    const { env } = agentEnv(model.fetcher);
    const one = await client(agent, env).post("/v1/responses", { input: "hi" });
    expect(one.body.output[0].content[0].text).toBe("hello");
    expect(model.requests).toHaveLength(1);
    const metrics = await client(agent, env).post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: 0 }] });
    expect(metrics.body.agent_metrics["mean/reward"]).toBe(0.5);
  });
});
