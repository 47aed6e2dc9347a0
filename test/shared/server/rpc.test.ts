// A resources server over Workers RPC, through a real service binding (the harness's CounterRpc):
// the same routes as over HTTP, a session as its bare id, only what the agent could not check
// checked again, and any route without an RPC handler answered by its HTTP route.
import { exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { answerRpc } from "../../../shared/server/rpc.ts";
import type { RpcAnswer, RpcRequest } from "../../../shared/server/rpc.ts";
import { serverEnv } from "../../workerd/helpers.ts";

const NOT_SEEDED = { status: 400, body: { error: { type: "session_not_seeded" } } };
const counter = exports.CounterRpc as unknown as { post(request: RpcRequest): Promise<RpcAnswer> };
const row = (extra: Record<string, unknown> = {}) => ({ responses_create_params: { input: "count", tools: [{ type: "function", name: "bump", parameters: {}, strict: true }] }, ...extra });
const response = { id: "r", object: "response", output: [] };

describe("a resources server over RPC", () => {
  test("seed gives a session id to replay; tools and verify run in it; close releases it", async () => {
    const seeded = await counter.post({ path: "/seed_session", body: row({ start: 1 }) });
    expect(seeded).toEqual({ status: 200, body: { callable_tools: ["bump"] }, session: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const session = seeded.session!;
    expect(await counter.post({ path: "/bump", body: { by: 3 }, session })).toEqual({ status: 200, body: { n: 4 } });
    expect(await counter.post({ path: "/bump", body: { by: 1 }, session })).toEqual({ status: 200, body: { n: 5 } });
    const verified = await counter.post({ path: "/verify", body: { ...row({ start: 1, task_id: "t" }), response }, session });
    expect(verified).toMatchObject({ status: 200, body: { reward: 1, seen: 5, start: 1, task_id: "t", response } });
    expect(await counter.post({ path: "/close_session", session })).toEqual({ status: 200, body: { closed: true }, session: null });
    // Released: nothing left in that session, and nothing a later call could score or revive.
    expect(await counter.post({ path: "/verify", body: { ...row({ start: 1 }), response }, session })).toMatchObject(NOT_SEEDED);
    expect(await counter.post({ path: "/bump", body: { by: 1 }, session })).toMatchObject(NOT_SEEDED);
    expect(await counter.post({ path: "/close_session", session })).toEqual({ status: 200, body: { closed: true }, session: null });
  });

  test("concurrent tool calls over RPC in one session all count", async () => {
    const session = (await counter.post({ path: "/seed_session", body: row({ start: 0 }) })).session!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => counter.post({ path: "/bump", body: { by: 1 }, session })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // Each call saw the count its own update left: 1 to 20, each once.
    expect(answers.map((a) => (a.body as { n: number }).n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  test("an id that is not a seeded session of ours, or none, is a session with nothing in it: a tool call there is a 400", async () => {
    for (const session of [undefined, "not-a-session", "0".repeat(31), "0".repeat(32), crypto.randomUUID().replace(/-/g, "")]) {
      expect(await counter.post({ path: "/bump", body: { by: 2 }, session })).toMatchObject(NOT_SEEDED);
    }
  });

  test("the row's task fields are checked (only the server knows them), as are a tool's arguments; errors keep their HTTP shape", async () => {
    const missing = await counter.post({ path: "/verify", body: { ...row(), response } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { type: "invalid_request", issues: [{ path: "start" }] } });
    const badArgs = await counter.post({ path: "/bump", body: { by: "two" } });
    expect(badArgs).toMatchObject({ status: 400, body: { error: { issues: [{ path: "by" }] } } });
    expect(await counter.post({ path: "/nope", body: {} })).toMatchObject({ status: 404, body: { error: { type: "unknown_tool", tools: ["bump"] } } });
    // A tool named like a route is never a tool.
    expect(await counter.post({ path: "/seed_session/x", body: {} })).toMatchObject({ status: 404 });
  });

  test("a route with no RPC handler is answered by its HTTP route", async () => {
    const metrics = await counter.post({ path: "/aggregate_metrics", body: { verify_responses: [{ reward: 1, _ng_task_index: 0 }, { reward: 0, _ng_task_index: 0 }] } });
    expect(metrics.status).toBe(200);
    expect(JSON.parse(metrics.text!)).toMatchObject({ agent_metrics: { "mean/reward": 0.5 } });
  });

  test("/describe says whether a seed does more than check the row's tools, and which tools the server runs", async () => {
    expect(await counter.post({ path: "/describe" })).toEqual({ status: 200, body: { seeds: true, tools: ["bump"] } });
  });

  test("a server that keeps nothing per session gives no session to replay", async () => {
    const stateless = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}) }),
      tools: { ping: tool({ input: z.strictObject({}), run: () => ({ pong: true }) }) },
      verify: () => ({ reward: 1 }),
    });
    const env = serverEnv("stateless");
    const ctx = { waitUntil() {} };
    expect(await answerRpc(stateless, { path: "/describe" }, env, ctx)).toEqual({ status: 200, body: { seeds: false, tools: ["ping"] } });
    const seeded = await answerRpc(stateless, { path: "/seed_session", body: row() }, env, ctx);
    expect(seeded).toEqual({ status: 200, body: { callable_tools: [] } });
    expect(await answerRpc(stateless, { path: "/ping", body: {} }, env, ctx)).toEqual({ status: 200, body: { pong: true } });
    expect(await answerRpc(stateless, { path: "/close_session" }, env, ctx)).toEqual({ status: 200, body: { closed: true }, session: null });
  });

  test("a handler's unexpected exception is a 500 that says where, never its stack", async () => {
    const broken = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}) }),
      tools: {},
      verify: () => {
        throw new Error("secret stack detail");
      },
    });
    const answer = await answerRpc(broken, { path: "/verify", body: { ...row(), response } }, serverEnv("broken"), { waitUntil() {} });
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain("secret");
    expect(answer.body).toMatchObject({ error: { type: "internal_error", message: "internal error in broken /verify" } });
  });
});
