// The operator's routes, behind the admin bearer key: pause and resume the fleet around a weight
// refit, and see each endpoint's load, health and latency.
import { Hono } from "hono";
import type { AppEnv } from "../../shared/server/app.ts";
import { readJson, validate } from "../../shared/server/body.ts";
import { HttpError } from "../../shared/server/errors.ts";
import { z } from "../../shared/zod.ts";
import { requireBearer } from "./bearer.ts";
import { fleet } from "./fleet.ts";
import type { GatewayBindings } from "./fleet.ts";

const PauseRequest = z.strictObject({
  /** How long to wait for in-flight requests to finish before answering; the pause holds either way. */
  drain_timeout_s: z.number().min(0).optional(),
});

export const admin = new Hono<AppEnv<GatewayBindings>>();

admin.use(async (c, next) => {
  const key = fleet(c.env).config.admin_api_key;
  if (!key) throw new HttpError(403, "admin_disabled", "the admin routes are off: set admin_api_key in the gateway's config (vllm_model: gateway.admin_api_key)");
  await requireBearer(c.req.header("authorization"), key, "the gateway's admin routes");
  await next();
});

// Answers once in-flight requests have finished (or the drain timeout ran out), so a trainer can
// refit weights as soon as it returns with `drained: true`.
admin.post("/pause", async (c) => {
  const body = validate(PauseRequest, await readJson(c, { whenEmpty: {} }));
  const { config, settings, router } = fleet(c.env);
  const { in_flight } = await router.pause(settings.routing, (body.drain_timeout_s ?? config.timeout_s) * 1000);
  return c.json({ paused: true, drained: in_flight === 0, in_flight });
});

admin.post("/resume", async (c) => {
  const { settings, router } = fleet(c.env);
  await router.resume(settings.routing);
  return c.json({ paused: false });
});

admin.get("/endpoints", async (c) => {
  const { settings, router } = fleet(c.env);
  return c.json(await router.status(settings.routing));
});
