// remote_agent: drives an agent service hosted elsewhere (NeMo Gym's remote_agent). /run seeds a
// session, runs the loop whose model step is the external service (loop.ts) with tools on the
// resources server, verifies and releases the session, at most `concurrency` rollouts at once in
// this isolate and each within run_timeout_secs; /v1/responses runs the loop alone; /run_batch,
// async /run and /aggregate_metrics are the shared run routes.
import { resourcesHop } from "../../../shared/agents/hops.ts";
import { addRunRoutes } from "../../../shared/agents/run_routes.ts";
import type { RunRoutes } from "../../../shared/agents/run_routes.ts";
import { Semaphore, withinDeadline } from "../../../shared/agents/run_limits.ts";
import type { AsyncBindings } from "../../../shared/agents/async.ts";
import { verifiedRollout } from "../../../shared/agents/session.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import type { RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rolloutObjectOf } from "../../../durable_objects/rollout_do.ts";
import { RemoteAgentConfig } from "./config.ts";
import { remoteLoop } from "./loop.ts";
import type { RemoteLoopDeps } from "./loop.ts";
import { serviceHop } from "./service.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

interface RolloutDeps extends RemoteLoopDeps {
  slots: Semaphore;
  runTimeoutMs: number;
}

const configOf = (env: Bindings) => instanceConfig(env, RemoteAgentConfig);

// One per instance and limit in this isolate (tests run instances with different limits side by side).
const semaphores = new Map<string, Semaphore>();
function slotsFor(env: Bindings, limit: number): Semaphore {
  const key = `${env.INSTANCE_NAME ?? ""}\n${limit}`;
  let slots = semaphores.get(key);
  if (!slots) semaphores.set(key, (slots = new Semaphore(limit)));
  return slots;
}

function rolloutDeps(env: Bindings): RolloutDeps {
  const config = configOf(env);
  return {
    ...resourcesHop(env, config),
    service: serviceHop(config),
    maxSteps: config.max_steps,
    slots: slotsFor(env, config.concurrency),
    runTimeoutMs: config.run_timeout_secs * 1000,
  };
}

function run(row: RunRequest, deps: RolloutDeps): Promise<VerifyResponse> {
  return deps.slots.run(() =>
    withinDeadline(deps.runTimeoutMs, "the rollout (seed, the remote agent's loop, verify; run_timeout_secs)", (signal) =>
      verifiedRollout(row, deps, (params, runByServer) => remoteLoop(params, { ...deps, signal }, runByServer)),
    ),
  );
}

const routes: RunRoutes<Bindings, RolloutDeps> = { config: configOf, deps: rolloutDeps, run };

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await remoteLoop(params, rolloutDeps(c.env)));
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS), run as /run runs it. */
export const RolloutDO = rolloutObjectOf(routes);

export default app;
export const Rpc = rpcEntrypoint(app);
