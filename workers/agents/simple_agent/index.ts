// simple_agent: the reference rollout orchestrator. /run seeds a session on the resources server,
// runs the model/tool loop, verifies, and releases the session (SPEC "simple_agent /run").
import { call, jsonOf, hopError } from "../../../shared/client/call.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";
import { targetFor } from "../../../shared/client/targets.ts";
import { AggregateMetricsRequest, RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { SimpleAgentConfig } from "./config.ts";
import { runAgentLoop } from "./loop.ts";
import type { LoopDeps } from "./loop.ts";

interface Bindings extends BaseBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

function loopDeps(env: Bindings): LoopDeps {
  const config = instanceConfig(env, SimpleAgentConfig);
  return {
    model: targetFor(env, config.model_server),
    resources: targetFor(env, config.resources_server),
    modelJar: new CookieJar(),
    resourcesJar: new CookieJar(),
    maxSteps: config.max_steps,
    modelDeadlineMs: config.model_timeout_s * 1000,
    resourcesDeadlineMs: config.resources_timeout_s * 1000,
  };
}

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await runAgentLoop(params, loopDeps(c.env)));
});

app.post("/run", async (c) => {
  const row = await readBody(c, RunRequest);
  const deps = loopDeps(c.env);
  const resources = (path: string, body: unknown) =>
    call(deps.resources, path, { body, deadlineMs: deps.resourcesDeadlineMs, jar: deps.resourcesJar });

  jsonOf(await resources("/seed_session", row), `${deps.resources.name}/seed_session`);
  const response = await runAgentLoop(row.responses_create_params, deps);
  const verifyHop = `${deps.resources.name}/verify`;
  const verified = VerifyResponse.safeParse(jsonOf(await resources("/verify", { ...row, response }), verifyHop));
  if (!verified.success) throw hopError(502, verifyHop, `${verifyHop} answered without a numeric reward`);
  // Releasing state is housekeeping: the rollout is already scored, and the TTL is the backstop.
  await resources("/close_session", {}).catch((err) => console.warn(`close_session failed: ${(err as Error).message}`));
  return c.json(verified.data);
});

app.post("/aggregate_metrics", async (c) => {
  const body = await readBody(c, AggregateMetricsRequest);
  const deps = loopDeps(c.env);
  const hop = `${deps.resources.name}/aggregate_metrics`;
  return c.json(jsonOf(await call(deps.resources, "/aggregate_metrics", { body, deadlineMs: deps.resourcesDeadlineMs }), hop) as object);
});

export default app;
