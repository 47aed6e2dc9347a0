// A resources server's tools over MCP with the official client (the SDK's Client and its Streamable
// HTTP transport), against the real example_session_state_mgmt Worker of a local stack: bundled as
// deployed, in workerd (which forbids code generation), its state in its SessionDO.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const INSTANCE = "example_session_state_mgmt";
const row = { responses_create_params: { input: "add 4 then add 5" }, initial_count: 3, expected_count: 12 };
const response = { id: "r1", output: [] };

let running: RunningStack;
let url: string;

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: [INSTANCE] });
  url = running.stack.urls.get(INSTANCE)!;
});
afterAll(async () => {
  await running?.stop();
});

async function post(path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { res, body: (await res.json()) as Record<string, any> };
}

async function connect(cookie?: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), cookie ? { requestInit: { headers: { cookie } } } : {});
  const client = new Client({ name: "edge-gym-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text);

describe("resources tools over MCP, with the official client", () => {
  test("seed, then list and call the tools over MCP in that session; /verify sees their effect", async () => {
    const seeded = await post("/seed_session", row);
    const cookie = seeded.res.headers.get("set-cookie")!.split(";")[0]!;
    const { client, transport } = await connect(cookie);
    expect(transport.sessionId).toBe(cookie.replace(/^session=/, ""));
    expect(client.getServerVersion()?.name).toBe(`${INSTANCE}_resources_server`);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["increment_counter", "get_counter_value"]);
    expect(tools[0]!.inputSchema).toMatchObject({ type: "object", properties: { count: { type: "integer" } }, required: ["count"], additionalProperties: false });

    expect((await client.callTool({ name: "increment_counter", arguments: { count: 4 } })).structuredContent).toEqual({ success: true });
    await client.callTool({ name: "increment_counter", arguments: { count: 5 } });
    const value = await client.callTool({ name: "get_counter_value", arguments: {} });
    expect(value.structuredContent).toEqual({ count: 12 });
    expect(textOf(value)).toEqual({ count: 12 });

    // Bad arguments are the model's to read (with field paths); an unknown tool is a protocol error.
    const bad = await client.callTool({ name: "increment_counter", arguments: { count: 1.5 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad).error.issues[0].path).toBe("count");
    const unknown = client.callTool({ name: "decrement_counter", arguments: {} });
    await expect(unknown).rejects.toBeInstanceOf(McpError);
    await expect(unknown).rejects.toMatchObject({ code: ErrorCode.InvalidParams });

    expect((await post("/verify", { ...row, response }, cookie)).body.reward).toBe(1);
    expect((await post("/verify", { ...row, expected_count: 3, response }, cookie)).body.reward).toBe(0);
    await client.close();
  });

  test("a client without cookies gets a fresh, unseeded session: its tool calls are isError session_not_seeded, its verify a 400", async () => {
    const { client, transport } = await connect();
    const call = await client.callTool({ name: "increment_counter", arguments: { count: 7 } });
    expect(call.isError).toBe(true);
    expect(textOf(call).error.type).toBe("session_not_seeded");
    const cookie = `session=${transport.sessionId}`;
    expect((await post("/verify", { ...row, expected_count: 7, response }, cookie)).res.status).toBe(400);
    await transport.terminateSession();
    await client.close();
  });

  test("terminating a seeded MCP session releases its state: later calls in it are isError session_not_seeded", async () => {
    const seeded = await post("/seed_session", row);
    const cookie = seeded.res.headers.get("set-cookie")!.split(";")[0]!;
    const { client, transport } = await connect(cookie);
    await client.callTool({ name: "increment_counter", arguments: { count: 9 } });
    expect((await post("/verify", { ...row, response }, cookie)).body.reward).toBe(1);
    await transport.terminateSession();
    expect((await post("/get_counter_value", {}, cookie)).body.error.type).toBe("session_not_seeded");
    await client.close();
  });
});
