// aviary_agent: plays an aviary-style environment server (loop.ts). /run plays one episode and
// answers the server's verify response; /v1/responses is one model call; /run_batch, async /run
// and /aggregate_metrics are the shared run routes.
import { agentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { addRunRoutes } from "../../../shared/agents/run_routes.ts";
import type { RunRoutes } from "../../../shared/agents/run_routes.ts";
import type { AsyncBindings } from "../../../shared/agents/async.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rolloutObjectOf } from "../../../durable_objects/rollout_do.ts";
import { AviaryAgentConfig } from "./config.ts";
import { runAviaryEpisode } from "./loop.ts";
import type { AviaryDeps } from "./loop.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

const configOf = (env: Bindings) => instanceConfig(env, AviaryAgentConfig);

function aviaryDeps(env: Bindings): AviaryDeps {
  const config = configOf(env);
  return { ...agentHops(env, config), config };
}

const routes: RunRoutes<Bindings, AviaryDeps> = { config: configOf, deps: aviaryDeps, run: runAviaryEpisode };

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await callModel(params, inputItems(params), aviaryDeps(c.env)));
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS), run as /run runs it. */
export const RolloutDO = rolloutObjectOf(routes);

export default app;
export const Rpc = rpcEntrypoint(app);
