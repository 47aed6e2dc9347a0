// The base every Worker's Hono app starts from: liveness, request ids, bearer auth when AUTH_MODE
// asks for it, bodies read within their limits (limits.ts) and JSON errors. Routes are added by
// the caller; nothing here knows what kind of server it is.
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { bearerAuth } from "./auth.ts";
import type { AuthBindings, AuthVariables } from "./auth.ts";
import { bufferBody } from "./body_read.ts";
import { HttpError } from "./errors.ts";
import type { LimitBindings } from "./limits.ts";

export interface BaseBindings extends AuthBindings, LimitBindings {
  INSTANCE_NAME?: string;
}

export type AppEnv<B extends BaseBindings> = { Bindings: B; Variables: { requestId: string } & AuthVariables };

/**
 * Routes that read their body as it arrives (bodyChunks, within the same limits) rather than
 * buffered: a run's verify responses for /aggregate_metrics run to tens of MB, relayed by an agent.
 */
const STREAMED_BODIES: ReadonlySet<string> = new Set(["/aggregate_metrics"]);

/**
 * `ownCredential`: path prefixes whose routes check a credential of their own instead of the bearer
 * token; `openPages`: exact paths of static pages anyone may GET (auth.ts).
 */
export function createServerApp<B extends BaseBindings>(options: { ownCredential?: readonly string[]; openPages?: readonly string[] } = {}): Hono<AppEnv<B>> {
  const app = new Hono<AppEnv<B>>();

  app.use(requestId());
  // Before the body is read, so an unauthenticated caller never gets a body read, let alone buffered.
  app.use(bearerAuth(options.ownCredential, options.openPages));
  app.use(bufferBody(STREAMED_BODIES));

  app.get("/", (c) => c.json({ status: "ok" }));

  app.notFound((c) => c.json(new HttpError(404, "not_found", `no route ${c.req.method} ${c.req.path}`).toJSON(), 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.toJSON(), err.status as 400);
    // The stack goes to the log, never to the caller.
    const caller = c.get("caller") ? ` by caller "${c.get("caller")}"` : "";
    console.error(`[${c.env?.INSTANCE_NAME ?? "server"}] ${c.req.method} ${c.req.path}${caller} failed (request ${c.get("requestId")}):`, err);
    const body = new HttpError(500, "internal_error", `internal error (request id ${c.get("requestId")})`).toJSON();
    return c.json(body, 500);
  });

  return app;
}
