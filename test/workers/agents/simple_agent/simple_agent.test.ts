import { exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../../shared/resources/define.ts";
import { VerifierFailure } from "../../../../shared/resources/failure.ts";
import agent from "../../../../workers/agents/simple_agent/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

// A resources server whose verify rewards the number of echo calls it saw in the response.
const echo = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({ want: z.number().int().default(1) }), stateful: true }),
  async seedSession(_row, { session }) {
    await session.state.seed({ calls: 0 });
  },
  tools: {
    echo: tool({
      input: z.strictObject({ text: z.string() }),
      async run({ text }, { session }) {
        if (text === "sandbox down") throw new VerifierFailure("sandbox_failed", "the sandbox is down");
        if (text === "crash") throw new Error("a bug in the tool");
        await session.state.update<number>("calls", (calls = 0) => calls + 1);
        return { echoed: text };
      },
    }),
  },
  async verify(body, { session }) {
    const calls = (await session.state.get<number>("calls")) ?? -1;
    return { reward: calls === body.want ? 1 : 0, calls };
  },
});

interface Turn {
  output: Record<string, unknown>[];
  incomplete?: boolean;
}

function scriptedModel(turns: Turn[]) {
  const requests: any[] = [];
  const fetcher = {
    async fetch(request: Request) {
      const body = await request.json();
      requests.push(body);
      const turn = turns[Math.min(requests.length - 1, turns.length - 1)]!;
      return Response.json({
        id: `resp_${requests.length}`,
        object: "response",
        created_at: 1,
        model: "scripted",
        status: turn.incomplete ? "incomplete" : "completed",
        output: turn.output,
        incomplete_details: turn.incomplete ? { reason: "max_output_tokens" } : null,
        usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 },
      });
    },
  };
  return { fetcher, requests };
}

const call = (id: string, args: string, name = "echo") => ({ type: "function_call", call_id: id, name, arguments: args, id: `fc_${id}`, status: "completed" });
const say = (text: string) => ({ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });

function agentEnv(model: { fetch(r: Request): Promise<Response> }, config: Record<string, unknown> = {}) {
  const resourcesEnv = serverEnv("echo_env");
  return serverEnv("echo_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "echo_env" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      ...config,
    },
    ECHO_ENV: { fetch: (r: Request) => echo.fetch(r, resourcesEnv) },
    POLICY_MODEL: model,
  });
}

const row = {
  responses_create_params: { input: "echo hi", tools: [{ type: "function", name: "echo", parameters: { type: "object" }, strict: true }] },
  want: 1,
  task_id: "t1",
};

describe("simple_agent /run", () => {
  test("loops until a turn without tool calls, feeds tool outputs back, verifies with all items", async () => {
    const model = scriptedModel([{ output: [call("c1", '{"text":"hi"}')] }, { output: [say("done")] }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body.reward).toBe(1);
    expect(res.body.task_id).toBe("t1");
    expect(res.body.response.output.map((i: any) => i.type)).toEqual(["function_call", "function_call_output", "message"]);
    expect(res.body.response.output[1]).toEqual({ type: "function_call_output", call_id: "c1", output: '{"echoed":"hi"}' });
    expect(res.body.response.usage.total_tokens).toBe(30);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1].input.map((i: any) => i.type)).toEqual(["message", "function_call", "function_call_output"]);
  });

  test("/close_session is sent to a server that set a session cookie, and not to one that keeps no sessions", async () => {
    const stateless = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}) }),
      tools: { echo: tool({ input: z.strictObject({ text: z.string() }), run: ({ text }) => ({ echoed: text }) }) },
      verify: () => ({ reward: 1 }),
    });
    for (const [server, expected] of [
      [echo, ["/seed_session", "/echo", "/verify", "/close_session"]],
      [stateless, ["/seed_session", "/echo", "/verify"]],
    ] as const) {
      const paths: string[] = [];
      const resourcesEnv = serverEnv("echo_env");
      const env = agentEnv(scriptedModel([{ output: [call("c1", '{"text":"hi"}')] }, { output: [say("done")] }]).fetcher);
      (env as Record<string, unknown>).ECHO_ENV = {
        fetch: (r: Request) => {
          paths.push(new URL(r.url).pathname);
          return server.fetch(r, resourcesEnv);
        },
      };
      const res = await client(agent, env).post("/run", row);
      expect(res.body.reward).toBe(1);
      expect(paths).toEqual(expected);
    }
  });

  test("over Workers RPC to a real service binding: the session id is replayed to every tool and to verify", async () => {
    // The harness's CounterRpc: the counter server (seeded from `start`, bump adds `by`, reward 1 at 5).
    const model = scriptedModel([{ output: [call("c1", '{"by":2}', "bump")] }, { output: [call("c2", '{"by":2}', "bump")] }, { output: [say("five")] }]);
    const counterRow = { responses_create_params: { input: "count to five", tools: [{ type: "function", name: "bump", parameters: { type: "object" }, strict: true }] }, start: 1 };
    const env = serverEnv("counter_agent", {
      INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: "counter" }, model_server: { type: "responses_api_models", name: "policy_model" } },
      COUNTER: exports.CounterRpc,
      POLICY_MODEL: model.fetcher,
    });
    const res = await client(agent, env).post("/run", counterRow);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: 1, seen: 5, start: 1 });
    const outputs = res.body.response.output.filter((i: any) => i.type === "function_call_output").map((i: any) => i.output);
    expect(outputs).toEqual(['{"n":3}', '{"n":5}']);
    // Bad arguments are refused where the model wrote them, as the model's to read.
    const deep = scriptedModel([{ output: [call("c1", `${"[".repeat(200)}${"]".repeat(200)}`, "bump"), call("c2", '{"by":"\\ud800"}', "bump")] }, { output: [say("x")] }]);
    const refused = await client(agent, { ...env, POLICY_MODEL: deep.fetcher }).post("/run", counterRow);
    const problems = refused.body.response.output.filter((i: any) => i.type === "function_call_output").map((i: any) => i.output);
    expect(problems).toEqual([expect.stringMatching(/nest deeper than 128 levels/), expect.stringMatching(/not well-formed at by/)]);
  });

  test("stops after max_steps model calls", async () => {
    const model = scriptedModel([{ output: [call("c1", '{"text":"again"}')] }]);
    const res = await client(agent, agentEnv(model.fetcher, { max_steps: 3 })).post("/run", { ...row, want: 3 });
    expect(res.status).toBe(200);
    expect(model.requests).toHaveLength(3);
    // the tool calls of the last allowed step still run, as in the reference
    expect(res.body.calls).toBe(3);
    expect(res.body.response.output.at(-1).type).toBe("function_call_output");
    expect(res.body.reward).toBe(1);
  });

  test("execute_tool_calls: false ends the episode at the first response with calls, recorded and not run", async () => {
    const model = scriptedModel([{ output: [call("c1", '{"text":"hi"}')] }, { output: [say("never asked")] }]);
    const res = await client(agent, agentEnv(model.fetcher, { execute_tool_calls: false })).post("/run", { ...row, want: 0 });
    expect(res.status).toBe(200);
    expect(model.requests).toHaveLength(1);
    expect(res.body.calls).toBe(0);
    expect(res.body.response.output.map((i: any) => i.type)).toEqual(["function_call"]);
    expect(res.body.reward).toBe(1);
  });

  test("stops when the model response is incomplete, without running its tool calls", async () => {
    const model = scriptedModel([{ output: [call("c1", '{"text":"x"}')], incomplete: true }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/run", row);
    expect(res.status).toBe(200);
    expect(model.requests).toHaveLength(1);
    expect(res.body.response.incomplete_details).toEqual({ reason: "max_output_tokens" });
    expect(res.body.calls).toBe(0);
    expect(res.body.reward).toBe(0);
  });

  test("bad tool arguments and unknown tools become readable tool outputs, not failures", async () => {
    const model = scriptedModel([{ output: [call("c1", "{not json"), call("c2", "{}", "verify"), call("c3", '{"text":1}')] }, { output: [say("ok")] }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/run", row);
    expect(res.status).toBe(200);
    const outputs = res.body.response.output.filter((i: any) => i.type === "function_call_output").map((i: any) => i.output);
    expect(outputs[0]).toMatch(/not valid JSON/);
    expect(outputs[1]).toMatch(/tool "verify" is not available/);
    expect(JSON.parse(outputs[2]).error.issues[0].path).toBe("text");
    expect(res.body.calls).toBe(0);
  });

  test("a tool its server cannot run ends the rollout as that infrastructure failure, never a reward", async () => {
    for (const [text, type] of [["sandbox down", "sandbox_failed"], ["crash", "internal_error"]] as const) {
      const model = scriptedModel([{ output: [call("c1", JSON.stringify({ text }))] }, { output: [say("never asked")] }]);
      const res = await client(agent, agentEnv(model.fetcher)).post("/run", row);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ type, hop: "echo_env/echo" });
      expect(res.body.reward).toBeUndefined();
      // The model never saw the failure as a tool output to reason about.
      expect(model.requests).toHaveLength(1);
    }
  });

  test("bad input is a 400 with field paths", async () => {
    const model = scriptedModel([{ output: [say("x")] }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/run", { responses_create_params: { input: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("responses_create_params.input");
    expect(model.requests).toHaveLength(0);
  });

  test("a failing model hop is a 502 naming the hop, never a reward", async () => {
    const broken = { fetch: async () => new Response("upstream exploded", { status: 500 }) };
    const res = await client(agent, agentEnv(broken)).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("policy_model/v1/responses");
    expect(res.body.reward).toBeUndefined();
  });

  test("a model that does not answer within the deadline is a 504", async () => {
    const slow = { fetch: (r: Request) => new Promise<Response>((_, reject) => r.signal.addEventListener("abort", () => reject(new Error("aborted")))) };
    const res = await client(agent, agentEnv(slow, { model_timeout_s: 0.05 })).post("/run", row);
    expect(res.status).toBe(504);
    expect(res.body.error.type).toBe("deadline_exceeded");
  });

  test("/v1/responses runs the loop without seeding or verifying", async () => {
    const model = scriptedModel([{ output: [say("hello")] }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/v1/responses", { input: "hi" });
    expect(res.status).toBe(200);
    expect(res.body.output).toHaveLength(1);
    expect(res.body.reward).toBeUndefined();
  });

  test("/aggregate_metrics is answered by the resources server", async () => {
    const model = scriptedModel([{ output: [say("x")] }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: 0 }] });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics["mean/reward"]).toBe(0.5);
    // rows without indices are one task: two rollouts, one right
    expect(res.body.agent_metrics["pass@1/accuracy"]).toBe(50);
    expect(res.body.agent_metrics["pass@2/accuracy"]).toBe(100);
    // NeMo Gym's default key metrics: every mean/*.
    expect(res.body.key_metrics).toEqual({ "mean/reward": 0.5 });
  });

  test("/aggregate_metrics relays the body unparsed and the answer as the resources server wrote it", async () => {
    const model = scriptedModel([{ output: [say("x")] }]);
    const rows = Array.from({ length: 50 }, (_, i) => ({ _ng_task_index: i % 3, _ng_rollout_index: Math.floor(i / 3), agent_ref: { name: "a" }, reward: (i % 4) / 3, response: { usage: { input_tokens: i, output_tokens: 2 } } }));
    const body = JSON.stringify({ verify_responses: rows });
    const direct = await client(echo, serverEnv("echo_env")).send("/aggregate_metrics", body);
    const relayed = await client(agent, agentEnv(model.fetcher)).send("/aggregate_metrics", body);
    expect(relayed.status).toBe(200);
    expect(await relayed.text()).toBe(await direct.text());
  });

  test("/aggregate_metrics: a bad row is the resources server's 400, with its path", async () => {
    const model = scriptedModel([{ output: [say("x")] }]);
    const res = await client(agent, agentEnv(model.fetcher)).post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: "1" }] });
    expect(res.status).toBe(400);
    expect(res.body.error.hop).toBe("echo_env/aggregate_metrics");
    expect(res.body.error.message).toContain('"path":"verify_responses[1].reward"');
  });

  test("/aggregate_metrics: a body over the agent's own limit is its 413, even once it is being relayed", async () => {
    const model = scriptedModel([{ output: [say("x")] }]);
    const text = JSON.stringify({ verify_responses: Array.from({ length: 20 }, () => ({ reward: 1 })) });
    // Sent without a declared length, so the limit is met only while the body is passed on.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < text.length; i += 16) controller.enqueue(new TextEncoder().encode(text.slice(i, i + 16)));
        controller.close();
      },
    });
    const res = await agent.fetch(new Request("http://server/aggregate_metrics", { method: "POST", body }), { ...agentEnv(model.fetcher), MAX_BODY_BYTES: "100" });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("body_too_large");
  });

  test("/aggregate_metrics without a body is the resources server's 400 at once", async () => {
    const model = scriptedModel([{ output: [say("x")] }]);
    const res = await agent.fetch(new Request("http://server/aggregate_metrics", { method: "POST" }), agentEnv(model.fetcher));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("request body is empty");
  });
});
