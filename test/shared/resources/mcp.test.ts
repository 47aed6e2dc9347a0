// /mcp on a resources server (shared/resources/mcp.ts), as raw JSON-RPC over Streamable HTTP: the
// declared tools with their zod inputs as JSON Schema, calls through the same runner as POST /<tool>
// in the same environment session, and every malformed request answered with a JSON-RPC error.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import server from "../../../workers/resources/example_session_state_mgmt/index.ts";
import { cookieScope, newSessionId, signSession } from "../../../shared/session/cookie.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { NOTHING, storedIn } from "../../durable_objects/stored.ts";
import type { FetchApp } from "../../workerd/helpers.ts";

const INSTANCE = "example_session_state_mgmt";
const MCP_HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };
const INITIALIZE = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test", version: "1" } };
const row = { responses_create_params: { input: "count" }, initial_count: 3, expected_count: 12 };
const response = { id: "r1", output: [] };
const NOT_SEEDED = { error: { type: "session_not_seeded", message: "Session not initialized. Please call seed_session first." } };

/** A client of `app` speaking JSON-RPC at /mcp, with the cookie jar of its plain routes. */
function mcpClient(app: FetchApp = server, appEnv: object = serverEnv(INSTANCE)) {
  const http = client(app, appEnv);
  let nextId = 0;
  const rpc = async (method: string, params?: unknown, headers: Record<string, string> = {}) => {
    const res = await http.send("/mcp", { jsonrpc: "2.0", id: ++nextId, method, params }, { headers: { ...MCP_HEADERS, ...headers } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  return { ...http, rpc };
}

const token = (jar: { header(): string | undefined }) => jar.header()!.replace(/^session=/, "");

describe("/mcp on a resources server", () => {
  test("initialize binds the MCP session to the seeded environment session; tool calls and /verify share it", async () => {
    const s = mcpClient();
    await s.post("/seed_session", row);
    const init = await s.rpc("initialize", INITIALIZE);
    expect(init.status).toBe(200);
    expect(init.body.result).toMatchObject({ protocolVersion: "2025-11-25", capabilities: { tools: { listChanged: false } }, serverInfo: { name: INSTANCE } });
    // The Mcp-Session-Id is the session cookie's signed token, and the cookie is not replaced.
    const sessionId = init.headers.get("mcp-session-id")!;
    expect(sessionId).toBe(token(s.jar));
    expect(init.headers.getSetCookie()).toEqual([]);

    // From here on the session travels as Mcp-Session-Id alone, as an MCP client sends it.
    const bare = mcpClient();
    const headers = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
    for (const count of [4, 5]) {
      const call = await bare.rpc("tools/call", { name: "increment_counter", arguments: { count } }, headers);
      expect(call.body.result).toEqual({ content: [{ type: "text", text: '{"success":true}' }], structuredContent: { success: true } });
    }
    const value = await bare.rpc("tools/call", { name: "get_counter_value" }, headers);
    expect(value.body.result.structuredContent).toEqual({ count: 12 });
    expect(bare.jar.header()).toBeUndefined();
    // The plain routes see the same state.
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 12 });
    expect((await s.post("/verify", { ...row, response })).body.reward).toBe(1);
  });

  test("without a session, initialize starts a fresh one, handed out as Mcp-Session-Id and cookie: unseeded, so its tool calls are isError", async () => {
    const s = mcpClient();
    const init = await s.rpc("initialize", INITIALIZE);
    const sessionId = init.headers.get("mcp-session-id")!;
    expect(sessionId).toMatch(/^[0-9a-f]{32}\./);
    expect(token(s.jar)).toBe(sessionId);
    const call = await s.rpc("tools/call", { name: "increment_counter", arguments: { count: 2 } }, { "mcp-session-id": sessionId });
    expect(call.body.result).toMatchObject({ isError: true, structuredContent: NOT_SEEDED });
    expect((await s.post("/verify", { ...row, expected_count: 2, response })).status).toBe(400);
    expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(sessionId.split(".")[0]!)))).toEqual(NOTHING);
  });

  test("a batch of concurrent tools/call in one session loses no update", async () => {
    const s = mcpClient();
    await s.post("/seed_session", row);
    const batch = Array.from({ length: 10 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "increment_counter", arguments: { count: i + 1 } } }));
    const res = await s.send("/mcp", batch, { headers: { ...MCP_HEADERS, "mcp-session-id": token(s.jar) } });
    const answers = (await res.json()) as Array<{ result?: { structuredContent: unknown } }>;
    expect(answers.map((a) => a.result?.structuredContent)).toEqual(Array(10).fill({ success: true }));
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: row.initial_count + 55 });
  });

  test("tools/call in a session never seeded or closed is an isError result session_not_seeded, single or batched, never -32603", async () => {
    const s = mcpClient();
    await s.post("/seed_session", row);
    const closed = token(s.jar);
    await s.post("/close_session", {});
    const unseeded = await signSession(env.SESSION_SECRET, cookieScope(INSTANCE, undefined), newSessionId());
    for (const sessionId of [closed, unseeded]) {
      const headers = { "mcp-session-id": sessionId };
      const single = await s.rpc("tools/call", { name: "get_counter_value", arguments: {} }, headers);
      expect(single.body.result).toMatchObject({ isError: true, structuredContent: NOT_SEEDED });
      const batch = [1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "increment_counter", arguments: { count: id } } }));
      const res = await s.send("/mcp", batch, { headers: { ...MCP_HEADERS, ...headers } });
      expect(res.status).toBe(200);
      const answers = (await res.json()) as Array<{ result?: { isError?: boolean; structuredContent?: unknown }; error?: unknown }>;
      expect(answers.map((a) => a.error)).toEqual([undefined, undefined, undefined]);
      expect(answers.map((a) => a.result)).toEqual(Array(3).fill(expect.objectContaining({ isError: true, structuredContent: NOT_SEEDED })));
      const id = sessionId.split(".")[0]!;
      expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(id)))).toEqual(NOTHING);
    }
  });

  test("tools/list gives every declared tool with its zod input as JSON Schema", async () => {
    const list = await mcpClient().rpc("tools/list", {});
    expect(list.status).toBe(200);
    expect(ListToolsResultSchema.parse(list.body.result).tools).toEqual([
      { name: "increment_counter", inputSchema: z.toJSONSchema(z.strictObject({ count: z.number().int() }), { io: "input" }) },
      { name: "get_counter_value", inputSchema: z.toJSONSchema(z.strictObject({}), { io: "input" }) },
    ]);
  });

  test("a tool's description is its input schema's", async () => {
    const described = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}) }),
      tools: { echo: tool({ input: z.strictObject({ text: z.string().describe("what to echo") }).describe("Echoes the text."), run: ({ text }) => ({ text }) }) },
      verify: () => ({ reward: 1 }),
    });
    const [listed] = (await mcpClient(described, serverEnv("described")).rpc("tools/list", {})).body.result.tools;
    expect(listed).toMatchObject({ name: "echo", description: "Echoes the text.", inputSchema: { properties: { text: { type: "string", description: "what to echo" } } } });
  });

  test("an unknown or reserved tool is a JSON-RPC invalid-params error naming the tools", async () => {
    const s = mcpClient();
    for (const name of ["nope", "verify", "../verify"]) {
      const call = await s.rpc("tools/call", { name, arguments: {} });
      expect(call.status).toBe(200);
      expect(call.body.error).toMatchObject({ code: -32602, data: { type: "unknown_tool" } });
      expect(call.body.result).toBeUndefined();
    }
    expect((await s.rpc("tools/call", { name: "nope", arguments: {} })).body.error.message).toContain("increment_counter, get_counter_value");
  });

  test("invalid arguments are a tool error with field paths, the body POST /<tool> answers", async () => {
    const s = mcpClient();
    const call = await s.rpc("tools/call", { name: "increment_counter", arguments: { count: "four", extra: 1 } });
    const plain = await s.post("/increment_counter", { count: "four", extra: 1 });
    expect(plain.status).toBe(400);
    expect(call.body.result.isError).toBe(true);
    expect(call.body.result.structuredContent).toEqual(plain.body);
    expect(JSON.parse(call.body.result.content[0].text)).toEqual(plain.body);
    expect(plain.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["count", "extra"]);
  });

  test("malformed requests are JSON-RPC errors with 4xx statuses", async () => {
    const s = mcpClient();
    const raw = async (body: string, headers: Record<string, string> = MCP_HEADERS) =>
      server.fetch(new Request("http://server/mcp", { method: "POST", headers, body }), serverEnv(INSTANCE));
    const expectError = async (res: Response, status: number, code: number) => {
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code } });
    };
    await expectError(await raw("{not json"), 400, -32700);
    await expectError(await raw(JSON.stringify({ hello: "world" })), 400, -32700);
    await expectError(await raw(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { ...MCP_HEADERS, accept: "application/json" }), 406, -32000);
    await expectError(await raw(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { ...MCP_HEADERS, "content-type": "text/plain" }), 415, -32000);
    await expectError(await raw(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { ...MCP_HEADERS, "mcp-protocol-version": "1999-01-01" }), 400, -32000);
    // A well-formed request for a method the server lacks, or a tools/call without a name.
    expect((await s.rpc("prompts/list", {})).body.error.code).toBe(-32601);
    expect((await s.rpc("tools/call", { arguments: {} })).body.error.code).toBe(-32602);
    // A notification is accepted without an answer.
    expect((await raw(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(202);
    await expectError(await s.send("/mcp", undefined, { method: "GET", headers: { accept: "text/event-stream" } }), 405, -32000);
  });

  test("an Mcp-Session-Id this server did not sign is 404 session-not-found, never a session", async () => {
    const s = mcpClient();
    await s.post("/seed_session", row);
    const id = token(s.jar).split(".")[0];
    for (const forged of [`${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, "garbage"]) {
      const call = await mcpClient().rpc("tools/call", { name: "increment_counter", arguments: { count: 100 } }, { "mcp-session-id": forged });
      expect(call.status).toBe(404);
      expect(call.body.error.code).toBe(-32001);
      expect(call.headers.getSetCookie()).toEqual([]);
    }
    expect((await s.post("/get_counter_value", {})).body).toEqual({ count: 3 });
    // Another instance's token, though signed with the same secret, is foreign here.
    const other = mcpClient(server, serverEnv("another_instance"));
    const foreign = (await other.rpc("initialize", INITIALIZE)).headers.get("mcp-session-id")!;
    expect((await mcpClient().rpc("tools/list", {}, { "mcp-session-id": foreign })).status).toBe(404);
  });

  test("DELETE /mcp ends the environment session, as /close_session does", async () => {
    const s = mcpClient();
    await s.post("/seed_session", row);
    const sessionId = token(s.jar);
    const del = (headers: Record<string, string>) => s.send("/mcp", undefined, { method: "DELETE", headers });
    expect((await del({})).status).toBe(400);
    expect((await del({ "mcp-session-id": "garbage" })).status).toBe(404);
    expect((await del({ "mcp-session-id": sessionId })).status).toBe(200);
    // The token still verifies, but the state it named is gone: no call revives it.
    expect((await s.post("/get_counter_value", {})).body).toEqual(NOT_SEEDED);
    const headers = { "mcp-session-id": sessionId };
    const call = await s.rpc("tools/call", { name: "increment_counter", arguments: { count: 1 } }, headers);
    expect(call.body.result).toMatchObject({ isError: true, structuredContent: NOT_SEEDED });
    // Ending it again is no error.
    expect((await del(headers)).status).toBe(200);
  });

  test("an infrastructure failure in a tool is a JSON-RPC error, never a result the model is scored on", async () => {
    const failing = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}) }),
      tools: {
        sandbox: tool({ input: z.object({}), run: () => { throw new VerifierFailure("sandbox_failed", "the sandbox is down"); } }),
        buggy: tool({ input: z.object({}), run: () => { throw new Error("secret internals"); } }),
      },
      verify: () => ({ reward: 1 }),
    });
    const s = mcpClient(failing, serverEnv("failing"));
    const down = await s.rpc("tools/call", { name: "sandbox", arguments: {} });
    expect(down.body.error).toMatchObject({ code: -32603, message: "the sandbox is down", data: { type: "sandbox_failed" } });
    const bug = await s.rpc("tools/call", { name: "buggy", arguments: {} });
    expect(bug.body.error.code).toBe(-32603);
    expect(bug.body.error.message).toMatch(/^internal error \(request id /);
  });

  test("a tool whose input is not an object schema cannot be declared: MCP could not list it", () => {
    expect(() =>
      defineResourcesServer({
        declaration: resourcesServer({ task: z.object({}) }),
        tools: { bare: tool({ input: z.string(), run: () => ({}) }) },
        verify: () => ({ reward: 1 }),
      }),
    ).toThrow(/"bare": its input is not a JSON object schema/);
  });

  test("under bearer auth /mcp needs the token, as every route does", async () => {
    const limiter: RateLimit = { limit: async () => ({ success: true }) };
    const authEnv = serverEnv(INSTANCE, { AUTH_MODE: "bearer", AUTH_TOKENS: "trainer:trainer-token-0123456789abcdef", RATE_LIMITER: limiter });
    const refused = await mcpClient(server, authEnv).rpc("tools/list", {});
    expect(refused.status).toBe(401);
    const allowed = await mcpClient(server, authEnv).rpc("tools/list", {}, { authorization: "Bearer trainer-token-0123456789abcdef" });
    expect(allowed.body.result.tools).toHaveLength(2);
  });
});

// Every resources server's tools list over MCP: importing each proves its tools convert (a tool
// that cannot fails its server's start), and the SDK's own schema accepts each listing. Episode
// servers (/reset, /step) and aviary (whose environment hands its tools out at /seed_session and
// runs them at /step) declare no tools, so they have no /mcp.
const servers = import.meta.glob<{ default: FetchApp }>("../../../workers/resources/*/index.ts", { eager: true });

test.each(Object.entries(servers).map(([path, module]) => [path.split("/").at(-2)!, module.default] as const))("%s lists its tools over MCP", async (name, app) => {
  const s = mcpClient(app, serverEnv(name));
  const list = await s.rpc("tools/list", {});
  if (list.status === 404) {
    expect((await s.post("/step", {})).status).not.toBe(404);
    return;
  }
  expect(list.status).toBe(200);
  expect(() => ListToolsResultSchema.parse(list.body.result)).not.toThrow();
});
