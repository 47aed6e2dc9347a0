// A resources server's tools over MCP (Streamable HTTP at /mcp), beside POST /<tool>: the same
// declared tools, their zod inputs as JSON Schema, each call through the same runner (validation,
// session state, failure mapping). An MCP session is one environment session: its Mcp-Session-Id
// is the signed session token the `session` cookie carries, so a client that seeded with
// /seed_session and sends the cookie on `initialize` plays that session, and /verify, given the
// token as its cookie, sees what the MCP client did. Nothing is kept between requests (Workers may
// answer each in another isolate): every request gets its own MCP server and transport.
import type { Context, Hono } from "hono";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
// Not the SDK's default (Ajv), which compiles validators with `new Function`, which Workers forbid.
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "../zod.ts";
import type { AppEnv, BaseBindings } from "../server/app.ts";
import { readJson } from "../server/body.ts";
import { HttpError } from "../server/errors.ts";
import { resolveSession, sessionFromToken } from "../session/session.ts";
import type { Session, SessionBindings } from "../session/session.ts";

const MCP_SESSION_HEADER = "mcp-session-id";

// JSON-RPC server-error codes (implementation-defined), as the SDK's transport uses them.
const BAD_REQUEST = -32000;
const SESSION_NOT_FOUND = -32001;

type Bindings = BaseBindings & SessionBindings;
type C<B extends Bindings> = Context<AppEnv<B>>;

/** What a tool runs in (define.ts's HandlerContext; generic here, as define.ts imports this module). */
interface ToolContext<B> {
  session: Session;
  env: B;
}

/** A tool's run from the arguments as they arrived, in the session `ctx` resolves (define.ts's ToolRunner). */
type ToolRunner<B> = (args: unknown, ctx: () => Promise<ToolContext<B>>) => Promise<unknown>;

// tools/call is registered under a loose schema: under the SDK's strict one its parse fails before
// the SDK's own tools/call check, which answers a malformed call with invalid params (-32602), not
// an internal error (-32603). The handler parses what that check has let through.
const TOOLS_CALL = z.looseObject({ method: z.literal("tools/call") });

export interface McpMount<B> {
  /** The declared tools, which tools/list lists. */
  tools: Record<string, { input: z.ZodType }>;
  /** The runner of tool `name`; throws a 404 HttpError for a name the server does not answer. */
  runner(name: string): ToolRunner<B>;
  /** Frees a session's state, as /close_session does. */
  release(ctx: ToolContext<B>): Promise<void>;
}

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

/** An error the SDK sends as the JSON-RPC error as it is (McpError would prefix its message). */
function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, data });
}

function rpcErrorResponse<B extends Bindings>(c: C<B>, status: 400 | 404 | 405, code: number, message: string, headers: Record<string, string> = {}): Response {
  return c.json({ jsonrpc: "2.0", error: { code, message }, id: null }, status, headers);
}

const sessionNotFound = <B extends Bindings>(c: C<B>) =>
  rpcErrorResponse(c, 404, SESSION_NOT_FOUND, "Session not found: the Mcp-Session-Id is not a session of this server; initialize again without it");

/** A tool's answer as MCP content: the JSON text POST /<tool> answers (what simple_agent shows the model). */
function toolResult(value: unknown, isError: boolean): CallToolResult {
  const structured = typeof value === "object" && value !== null && !Array.isArray(value);
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    ...(structured ? { structuredContent: value as Record<string, unknown> } : {}),
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * One tools/call. MCP's split (SEP-1303): an unknown tool is a protocol error (-32602); bad
 * arguments and other 4xx answers are tool results with `isError`, the model's to read and correct,
 * carrying the same error body (with field paths) as POST /<tool>; a 5xx (the environment's
 * infrastructure failing) is a JSON-RPC error, never something the model is scored on.
 */
async function callTool<B extends Bindings>(mount: McpMount<B>, c: C<B>, name: string, args: unknown, ctx: ToolContext<B>): Promise<CallToolResult> {
  let run: ToolRunner<B>;
  try {
    run = mount.runner(name);
  } catch (err) {
    if (err instanceof HttpError) throw rpcError(ErrorCode.InvalidParams, err.message, err.toJSON().error);
    throw err;
  }
  try {
    return toolResult(await run(args, async () => ctx), false);
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) return toolResult(err.toJSON(), true);
    if (err instanceof HttpError) throw rpcError(ErrorCode.InternalError, err.message, err.toJSON().error);
    // As the app's error handler does: the stack to the log, never to the caller.
    console.error(`[${c.env?.INSTANCE_NAME ?? "server"}] MCP tools/call ${name} failed (request ${c.get("requestId")}):`, err);
    throw rpcError(ErrorCode.InternalError, `internal error (request id ${c.get("requestId")})`);
  }
}

/** Mounts POST, GET and DELETE /mcp; before `/:tool`, whose "mcp" is a reserved name anyway. */
export function mountMcp<B extends Bindings>(app: Hono<AppEnv<B>>, mount: McpMount<B>): void {
  const tools = mcpTools(mount.tools);

  app.post("/mcp", async (c) => {
    // The Mcp-Session-Id names the session; without one, the cookie does, or a fresh session starts.
    const token = c.req.header(MCP_SESSION_HEADER);
    const session = token === undefined ? await resolveSession(c) : await sessionFromToken(c, token);
    if (!session) return sessionNotFound(c);
    const ctx: ToolContext<B> = { session, env: c.env };

    const server = new Server(
      { name: c.env.INSTANCE_NAME ?? "resources_server", version: "1.0.0" },
      { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    server.setRequestHandler(TOOLS_CALL, (request) => {
      const { params } = CallToolRequestSchema.parse(request);
      return callTool(mount, c, params.name, params.arguments ?? {}, ctx);
    });
    // Parsed as every body is (size, depth, well-formed text), so the transport never reads it itself.
    let parsedBody: unknown;
    try {
      parsedBody = await readJson(c);
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) return rpcErrorResponse(c, 400, ErrorCode.ParseError, `Parse error: ${err.message}`);
      throw err;
    }
    // Plain JSON answers (no SSE stream: no tool here sends progress).
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    const response = await transport.handleRequest(c.req.raw, { parsedBody });
    const headers = new Headers(response.headers);
    headers.set(MCP_SESSION_HEADER, session.token);
    // Through the context, so the session cookie of a fresh session and the request id go along.
    return c.newResponse(response.body, { status: response.status as 200, headers });
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
