// tool_simulation_agent: an agent whose tools are played by a model. /run seeds a session, runs
// the simulated episode (episode.ts), verifies and releases the session; /v1/responses runs the
// episode alone; /run_batch, async /run and /aggregate_metrics are the shared run routes.
import { agentHops } from "../../../shared/agents/hops.ts";
import { addRunRoutes, depsFor } from "../../../shared/agents/run_routes.ts";
import type { RunRoutes } from "../../../shared/agents/run_routes.ts";
import type { AsyncBindings } from "../../../shared/agents/async.ts";
import { verifiedRollout } from "../../../shared/agents/session.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";
import { targetFor } from "../../../shared/client/targets.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import type { RunRequest } from "../../../shared/schemas/run.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { RolloutObject } from "../../../durable_objects/rollout_do.ts";
import { ToolSimulationAgentConfig } from "./config.ts";
import { simulatedEpisode } from "./episode.ts";
import type { EpisodeDeps } from "./episode.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

const configOf = (env: Bindings) => instanceConfig(env, ToolSimulationAgentConfig);

function episodeDeps(env: Bindings): EpisodeDeps {
  const config = configOf(env);
  const hops = agentHops(env, config);
  // Its own jar even when it is the policy's server: the simulator's conversations are not the policy's.
  const model = config.simulator_model_server ? targetFor(env, config.simulator_model_server) : hops.model;
  return { ...hops, simulator: { model, modelJar: new CookieJar(), modelDeadlineMs: hops.modelDeadlineMs, resources: hops.resources, deadlines: hops.deadlines } };
}

const routes: RunRoutes<Bindings, EpisodeDeps> = {
  config: configOf,
  deps: episodeDeps,
  run: (row, deps) => verifiedRollout(row, deps, () => simulatedEpisode(row.responses_create_params, deps)),
};

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await simulatedEpisode(params, episodeDeps(c.env)));
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS): it runs the row as /run would. */
export class RolloutDO extends RolloutObject<Bindings> {
  protected execute(row: RunRequest, caller: string | undefined) {
    return routes.run(row, depsFor(routes, this.env, caller));
  }
}

export default app;
export const Rpc = rpcEntrypoint(app);
