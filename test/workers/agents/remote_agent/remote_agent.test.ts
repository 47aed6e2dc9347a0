// remote_agent in workerd against a fake external service (fetch to SERVICE is answered here, as
// the service would answer) and an in-test resources server: the loop's contract (asks run on the
// resources server, the service's own call records pass through), every way it stops, the
// service's failures as `remote_agent_error` infrastructure failures, and its bounds
// (remote_responses_timeout_secs, run_timeout_secs, concurrency, max_steps).
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../../shared/resources/define.ts";
import { VerifierFailure } from "../../../../shared/resources/failure.ts";
import { assistantText } from "../../../../shared/verifiers/assistant_text.ts";
import agent from "../../../../workers/agents/remote_agent/index.ts";
import { RemoteAgentConfig } from "../../../../workers/agents/remote_agent/config.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";
import { readLines, responseOf, say, toolCall } from "../scripted_model.ts";
import type { ScriptedTurn } from "../scripted_model.ts";

const SERVICE = "http://remote-agent.test/agents/mine";
const TOKEN = "sk-remote-secret";

const calculator = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({ expected: z.string() }) }),
  tools: {
    add: tool({ input: z.strictObject({ a: z.number(), b: z.number() }), run: ({ a, b }) => ({ sum: a + b }) }),
    explode: tool({
      input: z.object({}),
      run: () => {
        throw new VerifierFailure("sandbox_failed", "the sandbox is down");
      },
    }),
  },
  verify: (body) => ({ reward: assistantText(body.response.output).includes(body.expected) ? 1 : 0 }),
});

// The fake service: answers each call with `answer(request, body)`; records what it was sent.
type Answer = (request: Request, body: any) => Response | Promise<Response>;
let answer: Answer;
const seen: { request: Request; body: any }[] = [];
let realFetch: typeof fetch;
beforeEach(() => {
  seen.length = 0;
  realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("http://remote-agent.test/")) return realFetch(input, init);
    const body = await request.json();
    seen.push({ request, body });
    return answer(request, body);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The service answers call i with turns[i] (the last one repeats). */
const scripted = (...turns: ScriptedTurn[]): Answer => () => Response.json(responseOf(turns[Math.min(seen.length - 1, turns.length - 1)]!));

function agentEnv(config: Record<string, unknown> = {}, name = "calc_agent") {
  const paths: string[] = [];
  const calcEnv = serverEnv("calc");
  const env = serverEnv(name, {
    INSTANCE_CONFIG: { agent_base_url: `${SERVICE}/`, agent_api_key: TOKEN, resources_server: { type: "resources_servers", name: "calc" }, ...config },
    CALC: {
      fetch: (r: Request) => {
        paths.push(new URL(r.url).pathname);
        return calculator.fetch(r, calcEnv);
      },
    },
  });
  return { env, paths };
}

const ADD = { type: "function", name: "add", parameters: { type: "object" }, strict: true };
const EXPLODE = { type: "function", name: "explode", parameters: { type: "object" }, strict: true };
const row = { responses_create_params: { input: "What is 2 + 3?", tools: [ADD, EXPLODE], temperature: 0.2 }, expected: "5", verifier_metadata: { secret: "s3" } };
const run = (config: Record<string, unknown> = {}, body: object = row) => client(agent, agentEnv(config).env).post("/run", body);
const types = (items: { type: string }[]) => items.map((i) => i.type);

describe("remote_agent /run: the loop", () => {
  test("an ask runs on the resources server and its output goes back; the final message is verified", async () => {
    let call = 0;
    answer = () => {
      call++;
      const headers = call === 1 ? { "set-cookie": "svc=abc; Path=/" } : undefined;
      return Response.json(responseOf(call === 1 ? { output: [toolCall("c1", "add", '{"a":2,"b":3}')] } : { output: [say("It is 5.")] }), { headers });
    };
    const { env, paths } = agentEnv();
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: 1, expected: "5" });
    expect(types(res.body.response.output)).toEqual(["function_call", "function_call_output", "message"]);
    expect(res.body.response.output[1]).toEqual({ type: "function_call_output", call_id: "c1", output: '{"sum":5}' });
    expect(paths).toEqual(["/seed_session", "/add", "/verify"]);
    // Each call: the row's create params with everything so far as input, the bearer token, the service's own cookie.
    expect(seen.map((s) => new URL(s.request.url).pathname)).toEqual(["/agents/mine/v1/responses", "/agents/mine/v1/responses"]);
    expect(seen[0]!.request.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]!.body).toMatchObject({ temperature: 0.2, tools: [ADD, EXPLODE], input: [{ type: "message", role: "user", content: "What is 2 + 3?" }] });
    expect(types(seen[1]!.body.input)).toEqual(["message", "function_call", "function_call_output"]);
    expect(seen[0]!.request.headers.get("cookie")).toBeNull();
    expect(seen[1]!.request.headers.get("cookie")).toBe("svc=abc");
    // The row's task fields and the resources server's session stay inside.
    for (const { body } of seen) expect(Object.keys(body)).not.toContain("verifier_metadata");
    // usage sums over the calls.
    expect(res.body.response.usage.total_tokens).toBe(30);
  });

  test("calls the service answered itself pass through untouched; only unanswered ones run, a repeated id once", async () => {
    const own = [toolCall("i1", "search_docs", "{}"), { type: "function_call_output", call_id: "i1", output: "docs" }];
    answer = scripted({ output: [...own, toolCall("c1", "add", '{"a":1,"b":1}'), toolCall("c1", "add", '{"a":2,"b":3}')] }, { output: [say("5")] });
    const { env, paths } = agentEnv();
    const res = await client(agent, env).post("/run", row);
    const outputs = res.body.response.output.filter((i: { type: string }) => i.type === "function_call_output");
    expect(outputs).toEqual([own[1], { type: "function_call_output", call_id: "c1", output: '{"sum":5}' }]);
    expect(paths.filter((p) => p === "/add")).toHaveLength(1);
  });

  test("bad arguments and tools the row does not offer come back to the service as outputs", async () => {
    answer = scripted({ output: [toolCall("c1", "add", "{nope"), toolCall("c2", "verify", "{}")] }, { output: [say("5")] });
    const res = await run();
    const outputs = res.body.response.output.filter((i: { type: string }) => i.type === "function_call_output").map((i: { output: string }) => i.output);
    expect(outputs[0]).toMatch(/arguments of add are not valid JSON/);
    expect(outputs[1]).toMatch(/tool "verify" is not available/);
    expect(res.body.reward).toBe(1);
  });

  test("a response with neither asks nor a message is not the end: the service is called again", async () => {
    const thinking = { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "working on it" }] };
    answer = scripted({ output: [thinking] }, { output: [say("5")] });
    const res = await run();
    expect(seen).toHaveLength(2);
    expect(types(res.body.response.output)).toEqual(["reasoning", "message"]);
  });

  test("an incomplete response ends the loop, its asks not run", async () => {
    answer = scripted({ output: [toolCall("c1", "add", '{"a":2,"b":3}')], incomplete: true });
    const res = await run();
    expect(seen).toHaveLength(1);
    expect(res.body).toMatchObject({ reward: 0, response: { incomplete_details: { reason: "max_output_tokens" } } });
  });

  test("max_steps bounds the calls; the last step's asks still run", async () => {
    answer = scripted({ output: [toolCall("c1", "add", '{"a":2,"b":3}')] });
    const res = await run({ max_steps: 2 });
    expect(seen).toHaveLength(2);
    expect(res.body.response.output.at(-1).type).toBe("function_call_output");
  });

  test("without usage from the service, the response has none (not zeros)", async () => {
    answer = () => Response.json({ ...responseOf({ output: [say("5")] }), usage: null });
    expect((await run()).body.response.usage).toBeNull();
  });

  test("a tool its server cannot run ends the rollout as that infrastructure failure", async () => {
    answer = scripted({ output: [toolCall("c1", "explode", "{}")] }, { output: [say("5")] });
    const res = await run();
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ type: "sandbox_failed", hop: "calc/explode" });
    expect(seen).toHaveLength(1);
  });
});

describe("remote_agent /run: the service's failures are remote_agent_error, never a reward", () => {
  const hop = `${SERVICE}/v1/responses`;

  test("an error status, a body that is not JSON, and one that is not a Responses object", async () => {
    for (const [reply, message] of [
      [() => new Response("service exploded", { status: 500 }), /answered 500: service exploded/],
      [() => new Response("<html>", { status: 200 }), /not JSON/],
      [() => Response.json({ id: "r", output: [{ type: "message" }] }), /not a Responses object: output\.0/],
    ] as const) {
      answer = reply;
      const res = await run();
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ type: "remote_agent_error", hop });
      expect(res.body.error.message).toMatch(message);
      expect(res.body.reward).toBeUndefined();
    }
  });

  test("a service that cannot be reached is tried three times, then a 503", async () => {
    answer = () => {
      throw new TypeError("connection refused");
    };
    const res = await run();
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ type: "remote_agent_error", hop });
    expect(seen).toHaveLength(3);
  });

  test("a call past remote_responses_timeout_secs is a 504 that names the setting", async () => {
    answer = (request) => new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const res = await run({ remote_responses_timeout_secs: 0.05 });
    expect(res.status).toBe(504);
    expect(res.body.error.type).toBe("remote_agent_error");
    expect(res.body.error.message).toMatch(/remote_responses_timeout_secs/);
  });

  test("the bearer token is in no error", async () => {
    answer = () => new Response("nope", { status: 401 });
    const res = await run();
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
  });

  test("/run_batch reports them as failure records of that class", async () => {
    answer = () => new Response("down", { status: 500 });
    const lines = await readLines(await client(agent, agentEnv().env).send("/run_batch", { rows: [row] }));
    expect(lines).toMatchObject([{ index: 0, failure: { _ng_failure_class: "remote_agent_error" } }]);
  });
});

describe("remote_agent: bounds and config", () => {
  test("NeMo Gym's configs/remote_agent.yaml is taken as it is, with its defaults", () => {
    const reference = { entrypoint: "app.py", agent_base_url: "https://agents.example.com/", resources_server: { type: "resources_servers", name: "calc" }, concurrency: 32, remote_responses_timeout_secs: 1800.0, run_timeout_secs: 2100.0, max_steps: null };
    const expected = { agent_base_url: "https://agents.example.com", concurrency: 32, remote_responses_timeout_secs: 1800, run_timeout_secs: 2100 };
    expect(RemoteAgentConfig.parse(reference)).toMatchObject(expected);
    expect(RemoteAgentConfig.parse({ agent_base_url: reference.agent_base_url, resources_server: reference.resources_server })).toMatchObject(expected);
  });

  test("run_timeout_secs bounds the whole rollout; nothing more is asked of the service after it", async () => {
    answer = async () => {
      await new Promise((r) => setTimeout(r, 40));
      return Response.json(responseOf({ output: [toolCall(`c${seen.length}`, "add", '{"a":1,"b":1}')] }));
    };
    const res = await run({ run_timeout_secs: 0.1 });
    expect(res.status).toBe(504);
    expect(res.body.error).toMatchObject({ type: "deadline_exceeded" });
    expect(res.body.error.message).toMatch(/run_timeout_secs/);
    const calls = seen.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.length).toBe(calls);
  });

  test("concurrency bounds the rollouts at once; the rest wait their turn, their deadline not yet running", async () => {
    let inFlight = 0;
    let peak = 0;
    answer = async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 60));
      inFlight--;
      return Response.json(responseOf({ output: [say("5")] }));
    };
    const c = client(agent, agentEnv({ concurrency: 2, run_timeout_secs: 0.1 }, "calc_agent_limited").env);
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post("/run", row)));
    expect(results.map((r) => r.body.reward)).toEqual([1, 1, 1, 1, 1]);
    expect(peak).toBe(2);
  });

  test("agent_base_url is checked as NeMo Gym checks it, without echoing it", async () => {
    answer = scripted({ output: [say("5")] });
    for (const [url, problem] of [
      ["ftp://remote-agent.test", "must be an absolute http:// or https:// URL"],
      ["remote-agent.test", "must be an absolute http:// or https:// URL"],
      [`${SERVICE}?key=1`, "must not carry a query string or fragment"],
      ["http://user:hunter2@remote-agent.test", "must not embed credentials"],
    ]) {
      const res = await run({ agent_base_url: url });
      expect(res.status).toBe(500);
      expect(res.body.error.message).toContain(`agent_base_url: ${problem}`);
      expect(res.body.error.message).not.toContain("hunter2");
    }
    expect(seen).toHaveLength(0);
  });

  test("deployed, the token is a Worker secret (INSTANCE_CONFIG_SECRETS), merged back into the config", async () => {
    answer = scripted({ output: [say("5")] });
    const { env } = agentEnv({ agent_api_key: null }, "calc_agent_deployed");
    await client(agent, { ...env, INSTANCE_CONFIG_SECRETS: JSON.stringify({ agent_api_key: TOKEN }) }).post("/run", row);
    expect(seen[0]!.request.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  test("without agent_api_key no Authorization header is sent", async () => {
    answer = scripted({ output: [say("5")] });
    await run({ agent_api_key: null });
    expect(seen[0]!.request.headers.get("authorization")).toBeNull();
  });

  test("/v1/responses runs the loop without seeding or verifying", async () => {
    answer = scripted({ output: [say("5")] });
    const { env, paths } = agentEnv();
    const res = await client(agent, env).post("/v1/responses", row.responses_create_params);
    expect(res.body.output).toEqual([say("5")]);
    expect(paths).toEqual([]);
  });
});
