// What a resources server's /mcp routes (mcp.ts) and its MCP server (mcp_server.ts) share.
import type { z } from "../zod.ts";
import type { BaseBindings } from "../server/app.ts";
import type { Session, SessionBindings } from "../session/session.ts";

/** The MCP session's id header: the signed session token the `session` cookie carries. */
export const MCP_SESSION_HEADER = "mcp-session-id";

export type McpBindings = BaseBindings & SessionBindings;

/** What a tool runs in (define.ts's HandlerContext; generic here, as define.ts imports this module). */
export interface ToolContext<B> {
  session: Session;
  env: B;
}

/** A tool's run from the arguments as they arrived, in the session `ctx` resolves (define.ts's ToolRunner). */
export type ToolRunner<B> = (args: unknown, ctx: () => Promise<ToolContext<B>>) => Promise<unknown>;

export interface McpMount<B> {
  /** The declared tools, which tools/list lists. */
  tools: Record<string, { input: z.ZodType; plainText?: boolean }>;
  /** The runner of tool `name`; throws a 404 HttpError for a name the server does not answer. */
  runner(name: string): ToolRunner<B>;
  /** Frees a session's state, as /close_session does. */
  release(ctx: ToolContext<B>): Promise<void>;
}
