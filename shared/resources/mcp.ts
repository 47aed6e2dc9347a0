// A resources server's tools over MCP (Streamable HTTP at /mcp), beside POST /<tool>: the same
// declared tools, their zod inputs as JSON Schema, each call through the same runner (validation,
// session state, failure mapping). An MCP session is one environment session: its Mcp-Session-Id
// is the signed session token the `session` cookie carries, so a client that seeded with
// /seed_session and sends the cookie on `initialize` plays that session, and /verify, given the
// token as its cookie, sees what the MCP client did. Nothing is kept between requests (Workers may
// answer each in another isolate): every request gets its own MCP server and transport
// (mcp_server.ts, loaded on the first POST /mcp).
import type { Context, Hono } from "hono";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "../zod.ts";
import type { AppEnv } from "../server/app.ts";
import { readJson } from "../server/body.ts";
import { HttpError } from "../server/errors.ts";
import { resolveSession, sessionFromToken } from "../session/session.ts";
import { MCP_SESSION_HEADER } from "./mcp_types.ts";
import type { McpBindings, McpMount } from "./mcp_types.ts";

// JSON-RPC server-error codes (implementation-defined), as the SDK's transport uses them.
const BAD_REQUEST = -32000;
const SESSION_NOT_FOUND = -32001;
// JSON-RPC's own.
const PARSE_ERROR = -32700;

type C<B extends McpBindings> = Context<AppEnv<B>>;

/**
 * The tools/list entries: each input as JSON Schema (the input side, what a caller sends), its
 * description as the tool's. MCP requires an object schema; a tool without one fails at start.
 */
function mcpTools(tools: Record<string, { input: z.ZodType }>): McpTool[] {
  return Object.entries(tools).map(([name, t]) => {
    const inputSchema = z.toJSONSchema(t.input, { io: "input" });
    if (inputSchema.type !== "object") throw new Error(`resources server tool "${name}": its input is not a JSON object schema, which MCP requires`);
    const { description } = inputSchema;
    return { name, ...(description === undefined ? {} : { description }), inputSchema: inputSchema as McpTool["inputSchema"] };
  });
}

function rpcErrorResponse<B extends McpBindings>(c: C<B>, status: 400 | 404 | 405, code: number, message: string, headers: Record<string, string> = {}): Response {
  return c.json({ jsonrpc: "2.0", error: { code, message }, id: null }, status, headers);
}

const sessionNotFound = <B extends McpBindings>(c: C<B>) =>
  rpcErrorResponse(c, 404, SESSION_NOT_FOUND, "Session not found: the Mcp-Session-Id is not a session of this server; initialize again without it");

/** Mounts POST, GET and DELETE /mcp; before `/:tool`, whose "mcp" is a reserved name anyway. */
export function mountMcp<B extends McpBindings>(app: Hono<AppEnv<B>>, mount: McpMount<B>): void {
  const tools = mcpTools(mount.tools);

  app.post("/mcp", async (c) => {
    // The Mcp-Session-Id names the session; without one, the cookie does, or a fresh session starts.
    const token = c.req.header(MCP_SESSION_HEADER);
    const session = token === undefined ? await resolveSession(c) : await sessionFromToken(c, token);
    if (!session) return sessionNotFound(c);
    // Parsed as every body is (size, depth, well-formed text), so the transport never reads it itself.
    let parsedBody: unknown;
    try {
      parsedBody = await readJson(c);
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) return rpcErrorResponse(c, 400, PARSE_ERROR, `Parse error: ${err.message}`);
      throw err;
    }
    const { answerMcp } = await import("./mcp_server.ts");
    return answerMcp(c, mount, tools, session, parsedBody);
  });

  // No server-initiated stream: the spec's answer for a server that offers none is a 405.
  app.get("/mcp", (c) => rpcErrorResponse(c, 405, BAD_REQUEST, "Method not allowed: this server sends no server-initiated messages", { Allow: "POST, DELETE" }));

  // Ending the MCP session ends the environment session, as /close_session does: verify first.
  app.delete("/mcp", async (c) => {
    const token = c.req.header(MCP_SESSION_HEADER);
    if (token === undefined) return rpcErrorResponse(c, 400, BAD_REQUEST, "Bad Request: Mcp-Session-Id header is required");
    const session = await sessionFromToken(c, token);
    if (!session) return sessionNotFound(c);
    await mount.release({ session, env: c.env });
    return c.body(null, 200);
  });
}
