// The MCP side of a resources server's /mcp (mcp.ts mounts the routes): the SDK's server and
// transport for one request, tools/list and tools/call. Loaded on the first POST /mcp, not when
// the Worker starts: the SDK builds hundreds of zod schemas as it loads, about 30 ms of every
// resources server's start-up, and most never serve MCP.
import type { Context } from "hono";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
// Not the SDK's default (Ajv), which compiles validators with `new Function`, which Workers forbid.
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "../zod.ts";
import type { AppEnv } from "../server/app.ts";
import { HttpError } from "../server/errors.ts";
import type { Session } from "../session/session.ts";
import { MCP_SESSION_HEADER } from "./mcp_types.ts";
import type { McpBindings, McpMount, ToolContext, ToolRunner } from "./mcp_types.ts";

type C<B extends McpBindings> = Context<AppEnv<B>>;

// tools/call is registered under a loose schema: under the SDK's strict one its parse fails before
// the SDK's own tools/call check, which answers a malformed call with invalid params (-32602), not
// an internal error (-32603). The handler parses what that check has let through.
const TOOLS_CALL = z.looseObject({ method: z.literal("tools/call") });

/** An error the SDK sends as the JSON-RPC error as it is (McpError would prefix its message). */
function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, data });
}

/** A tool's answer as MCP content: the text POST /<tool> answers (what simple_agent shows the model). */
function toolResult(value: unknown, isError: boolean, plainText = false): CallToolResult {
  const structured = !plainText && typeof value === "object" && value !== null && !Array.isArray(value);
  return {
    content: [{ type: "text", text: plainText ? String(value) : JSON.stringify(value) }],
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
async function callTool<B extends McpBindings>(mount: McpMount<B>, c: C<B>, name: string, args: unknown, ctx: ToolContext<B>): Promise<CallToolResult> {
  let run: ToolRunner<B>;
  try {
    run = mount.runner(name);
  } catch (err) {
    if (err instanceof HttpError) throw rpcError(ErrorCode.InvalidParams, err.message, err.toJSON().error);
    throw err;
  }
  try {
    return toolResult(await run(args, async () => ctx), false, Object.hasOwn(mount.tools, name) && mount.tools[name]!.plainText === true);
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) return toolResult(err.toJSON(), true);
    if (err instanceof HttpError) throw rpcError(ErrorCode.InternalError, err.message, err.toJSON().error);
    // As the app's error handler does: the stack to the log, never to the caller.
    console.error(`[${c.env?.INSTANCE_NAME ?? "server"}] MCP tools/call ${name} failed (request ${c.get("requestId")}):`, err);
    throw rpcError(ErrorCode.InternalError, `internal error (request id ${c.get("requestId")})`);
  }
}

/** The answer to a POST /mcp in the session it names, its body already read and checked. */
export async function answerMcp<B extends McpBindings>(c: C<B>, mount: McpMount<B>, tools: McpTool[], session: Session, parsedBody: unknown): Promise<Response> {
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
  // Plain JSON answers (no SSE stream: no tool here sends progress).
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  const response = await transport.handleRequest(c.req.raw, { parsedBody });
  const headers = new Headers(response.headers);
  headers.set(MCP_SESSION_HEADER, session.token);
  // Through the context, so the session cookie of a fresh session and the request id go along.
  return c.newResponse(response.body, { status: response.status as 200, headers });
}
