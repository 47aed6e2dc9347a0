// An agent tells its resources server, over RPC, which authenticated caller a rollout runs for
// (/run, /run_batch and async /run alike): per-caller state there (genrm cohorts) is keyed by it.
// It comes from the bearer token the agent checked, never from the row; an open agent sends none.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { answerRpc } from "../../../shared/server/rpc.ts";
import agent from "../../../workers/agents/simple_agent/index.ts";
import { setRolloutEnv } from "../../workerd/harness.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { readLines, responseOf, say } from "../../workers/agents/scripted_model.ts";

const ALICE = "alice-token-0123456789";
const BOB = "bob-token-0123456789ab";

// Its verify says whom the call was for.
const echo = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({}) }),
  tools: {},
  verify: (_body, ctx) => ({ reward: 1, seen_caller: ctx.caller ?? null }),
});

function agentClient(auth: boolean) {
  const echoEnv = serverEnv("echo_env");
  const waitUntil = { waitUntil() {} };
  const bindings = serverEnv("echo_agent", {
    INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: "echo_env" }, model_server: { type: "responses_api_models", name: "policy_model" } },
    ECHO_ENV: { fetch: (r: Request) => echo.fetch(r, echoEnv), post: (request: never) => answerRpc(echo, request, echoEnv, waitUntil) },
    POLICY_MODEL: { fetch: async () => Response.json(responseOf({ output: [say("ok")] })) },
    ...(auth ? { AUTH_MODE: "bearer", AUTH_TOKENS: `alice:${ALICE},bob:${BOB}`, RATE_LIMITER: { limit: async () => ({ success: true }) } } : {}),
  });
  setRolloutEnv(bindings);
  return client(agent, { ...bindings, ROLLOUTS: env.ROLLOUTS });
}

const headers = (token: string) => ({ authorization: `Bearer ${token}` });
// A row may name a caller; it is a task field like any other, never who asks.
const row = { responses_create_params: { input: "hi" }, caller: "bob" };

async function json(response: Response) {
  return (await response.json()) as Record<string, any>;
}

beforeEach(() => setRolloutEnv({}));

describe("the caller an agent tells its resources server", () => {
  test("/run and /run_batch: the token's name, whatever the row says", async () => {
    const c = agentClient(true);
    expect((await json(await c.send("/run", row, { headers: headers(ALICE) }))).seen_caller).toBe("alice");
    const lines = await readLines(await c.send("/run_batch", { rows: [row, row] }, { headers: headers(BOB) }));
    expect(lines.map((line: any) => line.result.seen_caller)).toEqual(["bob", "bob"]);
  });

  // Polled, so a loaded machine (the whole suite on 2 cores) takes longer than the default 5 s.
  test("async /run: the caller that submitted it, kept with the rollout", { timeout: 30_000 }, async () => {
    const c = agentClient(true);
    const submitted = await c.send("/run", row, { headers: { ...headers(ALICE), prefer: "respond-async" } });
    expect(submitted.status).toBe(202);
    const location = submitted.headers.get("location")!;
    let state: Record<string, any> = {};
    for (let i = 0; i < 2000 && state.status !== "completed" && state.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 10));
      state = await json(await c.send(location, undefined, { headers: headers(ALICE) }));
    }
    expect(state.status).toBe("completed");
    expect(state.result.seen_caller).toBe("alice");
  });

  test("an open agent (no tokens, one caller) tells none", async () => {
    const c = agentClient(false);
    expect((await json(await c.send("/run", row))).seen_caller).toBeNull();
  });
});
