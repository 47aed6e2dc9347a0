// gymnasium_agent: plays an episode server (a resources server with POST /reset, /step, /close,
// NeMo Gym's Gymnasium-style environments). /run plays one episode (episode.ts) and answers the
// verify shape plus how the episode ended; /v1/responses is one model call, as the reference's
// is; /run_batch, async /run and /aggregate_metrics are the shared run routes; GET /ws is OpenEnv's
// socket of its episode server, reached through the agent.
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
import { GymnasiumAgentConfig } from "./config.ts";
import { runEpisode } from "./episode.ts";
import type { EpisodeDeps } from "./episode.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { OPENENV_PATH } from "../../../shared/openenv/route.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

const configOf = (env: Bindings) => instanceConfig(env, GymnasiumAgentConfig);

function episodeDeps(env: Bindings): EpisodeDeps {
  const config = configOf(env);
  return { ...agentHops(env, config), maxSteps: config.max_steps };
}

const routes: RunRoutes<Bindings, EpisodeDeps> = { config: configOf, deps: episodeDeps, run: runEpisode };

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await callModel(params, inputItems(params), episodeDeps(c.env)));
});

// OpenEnv's socket lives on the episode server (shared/openenv/route.ts), which a deployment keeps
// internal: the agent, public behind the bearer token and rate limit, hands the upgrade on to it.
app.get(OPENENV_PATH, (c) => {
  const { resources } = episodeDeps(c.env);
  return resources.fetcher!.fetch(c.req.raw);
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS), run as /run runs it. */
export const RolloutDO = rolloutObjectOf(routes);

export default app;
export const Rpc = rpcEntrypoint(app);
