// The base every Worker's Hono app starts from: liveness, request ids, a body size limit and JSON
// errors. Routes are added by the caller; nothing here knows what kind of server it is.
import { Hono } from "hono";
import type { Env as HonoEnv } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { HttpError } from "./errors.ts";

export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface BaseBindings {
  INSTANCE_NAME?: string;
  MAX_BODY_BYTES?: string;
}

export type AppEnv<B extends BaseBindings> = { Bindings: B; Variables: { requestId: string } };

export function createServerApp<B extends BaseBindings>(): Hono<AppEnv<B>> {
  const app = new Hono<AppEnv<B>>();

  app.use(requestId());
  app.use(async (c, next) => {
    const maxSize = Number(c.env?.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES);
    const limit = bodyLimit({
      maxSize,
      onError: () => {
        throw new HttpError(413, "body_too_large", `request body exceeds ${maxSize} bytes`);
      },
    });
    return limit(c, next);
  });

  app.get("/", (c) => c.json({ status: "ok" }));

  app.notFound((c) => c.json(new HttpError(404, "not_found", `no route ${c.req.method} ${c.req.path}`).toJSON(), 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.toJSON(), err.status as 400);
    // The stack goes to the log, never to the caller.
    console.error(`[${c.env?.INSTANCE_NAME ?? "server"}] ${c.req.method} ${c.req.path} failed (request ${c.get("requestId")}):`, err);
    const body = new HttpError(500, "internal_error", `internal error (request id ${c.get("requestId")})`).toJSON();
    return c.json(body, 500);
  });

  return app;
}
