// simple_agent: the reference rollout orchestrator. /run seeds a session on the resources server,
// runs the model/tool loop, verifies, and releases the session (SPEC "simple_agent /run");
// /run_batch, async /run (in a RolloutDO) and /aggregate_metrics are the shared run routes.
import { agentHops } from "../../../shared/agents/hops.ts";
import { addRunRoutes } from "../../../shared/agents/run_routes.ts";
import type { RunRoutes } from "../../../shared/agents/run_routes.ts";
import type { AsyncBindings } from "../../../shared/agents/async.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rolloutObjectOf } from "../../../durable_objects/rollout_do.ts";
import { SimpleAgentConfig } from "./config.ts";
import { runAgentLoop } from "./loop.ts";
import type { LoopDeps } from "./loop.ts";
import { runRollout } from "./rollout.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

function loopDeps(env: Bindings): LoopDeps {
  const config = instanceConfig(env, SimpleAgentConfig);
  return { ...agentHops(env, config), maxSteps: config.max_steps, executeToolCalls: config.execute_tool_calls };
}

const routes: RunRoutes<Bindings, LoopDeps> = { config: (env) => instanceConfig(env, SimpleAgentConfig), deps: loopDeps, run: runRollout };

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await runAgentLoop(params, loopDeps(c.env)));
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS), run as /run runs it. */
export const RolloutDO = rolloutObjectOf(routes);

export default app;
export const Rpc = rpcEntrypoint(app);
