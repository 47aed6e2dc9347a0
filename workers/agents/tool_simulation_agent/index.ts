// tool_simulation_agent (NeMo Gym's): for environments whose tool results the row already holds,
// simulated when the data was made (pivot turns of expert trajectories). /run asks the policy once
// and verifies that one response as it is, its tool calls unanswered: the verifier scores the next
// action. /v1/responses is that one model call; /run_batch, async /run and /aggregate_metrics are
// the shared run routes.
import { agentHops } from "../../../shared/agents/hops.ts";
import { addRunRoutes } from "../../../shared/agents/run_routes.ts";
import type { RunRoutes } from "../../../shared/agents/run_routes.ts";
import type { AsyncBindings } from "../../../shared/agents/async.ts";
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { verifiedRollout } from "../../../shared/agents/session.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rolloutObjectOf } from "../../../durable_objects/rollout_do.ts";
import { ToolSimulationAgentConfig } from "./config.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

const configOf = (env: Bindings) => instanceConfig(env, ToolSimulationAgentConfig);

const nextAction = (params: ResponsesCreateParams, hops: AgentHops) => callModel(params, inputItems(params), hops);

const routes: RunRoutes<Bindings, AgentHops> = {
  config: configOf,
  deps: (env) => agentHops(env, configOf(env)),
  run: (row, hops) => verifiedRollout(row, hops, (params) => nextAction(params, hops)),
};

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await nextAction(params, agentHops(c.env, configOf(c.env))));
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS), run as /run runs it. */
export const RolloutDO = rolloutObjectOf(routes);

export default app;
export const Rpc = rpcEntrypoint(app);
