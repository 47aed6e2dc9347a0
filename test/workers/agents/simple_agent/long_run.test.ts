// A rollout of hundreds of turns: every turn runs, in order, while the caller stays connected
// (synchronous /run) and with no caller at all (async mode, in a RolloutDO); a subrequest the
// platform refuses part-way (its per-invocation limit) ends the rollout with a clear error.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../../shared/resources/define.ts";
import agent from "../../../../workers/agents/simple_agent/index.ts";
import { setRolloutEnv } from "../../../workerd/harness.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const TURNS = 300;

// A counter in session state: each call adds one; verify rewards exactly `want` calls.
const counter = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({ want: z.number().int() }), stateful: true }),
  async seedSession(_row, { session }) {
    await session.state.seed({ count: 0 });
  },
  tools: {
    increment: tool({
      input: z.strictObject({ turn: z.number().int() }),
      async run({ turn }, { session }) {
        return { turn, count: await session.state.update<number>("count", (count = 0) => count + 1) };
      },
    }),
  },
  async verify(body, { session }) {
    const count = (await session.state.get<number>("count")) ?? -1;
    return { reward: count === body.want ? 1 : 0, count };
  },
});

const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };

/** One increment call per turn for `turns` turns, then an answer. Keeps only what it checks. */
function scriptedModel(turns: number) {
  const seen = { calls: 0, inputLengths: [] as number[], outputsSeen: [] as string[] };
  const fetcher = {
    async fetch(request: Request) {
      const body = (await request.json()) as { input: { type?: string; output?: string }[] };
      const turn = seen.calls++;
      seen.inputLengths.push(body.input.length);
      const last = body.input.at(-1)!;
      if (last.type === "function_call_output") seen.outputsSeen.push(last.output!);
      const output =
        turn < turns
          ? [{ type: "function_call", call_id: `c${turn}`, name: "increment", arguments: JSON.stringify({ turn }), id: `fc_${turn}`, status: "completed" }]
          : [{ type: "message", id: "msg", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done", annotations: [] }] }];
      return Response.json({ id: `r${turn}`, object: "response", created_at: 1, model: "scripted", status: "completed", output, incomplete_details: null, usage });
    },
  };
  return { fetcher, seen };
}

function agentBindings(model: { fetch(r: Request): Promise<Response> }) {
  const resourcesEnv = serverEnv("counter_env");
  return serverEnv("counter_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "counter_env" },
      model_server: { type: "responses_api_models", name: "policy_model" },
    },
    COUNTER_ENV: { fetch: (r: Request) => counter.fetch(r, resourcesEnv) },
    POLICY_MODEL: model,
  });
}

const tools = [{ type: "function", name: "increment", parameters: { type: "object" }, strict: true }];
const row = { responses_create_params: { input: "count to 300", tools }, want: TURNS };

function expectEveryTurn(result: Record<string, any>, seen: ReturnType<typeof scriptedModel>["seen"]) {
  expect(seen.calls).toBe(TURNS + 1);
  // Each model call saw the prompt plus every item of the turns before it.
  expect(seen.inputLengths).toEqual(Array.from({ length: TURNS + 1 }, (_, i) => 1 + 2 * i));
  expect(seen.outputsSeen.map((o) => JSON.parse(o))).toEqual(Array.from({ length: TURNS }, (_, turn) => ({ turn, count: turn + 1 })));
  const items = result.response.output as { type: string }[];
  expect(items).toHaveLength(2 * TURNS + 1);
  expect(items.filter((i) => i.type === "function_call")).toHaveLength(TURNS);
  expect(items.at(-1)!.type).toBe("message");
  expect(result.response.usage.total_tokens).toBe(2 * (TURNS + 1));
  expect(result).toMatchObject({ count: TURNS, reward: 1 });
}

describe("a rollout of hundreds of turns", () => {
  test(`synchronous /run: all ${TURNS} tool turns run and the verify result comes back`, { timeout: 60_000 }, async () => {
    const model = scriptedModel(TURNS);
    const res = await client(agent, agentBindings(model.fetcher)).post("/run", row);
    expect(res.status).toBe(200);
    expectEveryTurn(res.body, model.seen);
  });

  test(`async mode: the same ${TURNS}-turn rollout runs in its RolloutDO with no caller connected`, { timeout: 60_000 }, async () => {
    const model = scriptedModel(TURNS);
    const bindings = agentBindings(model.fetcher);
    setRolloutEnv(bindings);
    const c = client(agent, { ...bindings, ROLLOUTS: env.ROLLOUTS });
    const accepted = await c.send("/run", row, { headers: { prefer: "respond-async", "idempotency-key": "long-run-1" } });
    expect(accepted.status).toBe(202);
    let state: Record<string, any> = {};
    for (let i = 0; i < 1000 && state.status !== "completed" && state.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await (await c.send("/rollouts/long-run-1")).json()) as Record<string, any>;
    }
    expect(state.status).toBe("completed");
    expectEveryTurn(state.result, model.seen);
  });

  test("a subrequest the platform refuses part-way (its per-invocation limit) is a prompt 502 naming the hop, not a hang", async () => {
    const model = scriptedModel(TURNS);
    // What workerd does once an invocation has used its subrequests: the fetch throws.
    const limited = {
      fetch: (r: Request) => (model.seen.calls >= 50 ? Promise.reject(new Error("Too many subrequests by single Worker invocation.")) : model.fetcher.fetch(r)),
    };
    const res = await client(agent, agentBindings(limited)).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("policy_model/v1/responses");
    expect(res.body.error.message).toContain("Too many subrequests");
    expect(res.body.reward).toBeUndefined();
  });
});
