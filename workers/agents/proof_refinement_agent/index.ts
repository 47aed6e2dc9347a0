// proof_refinement_agent: self-correction (NeMo Gym's proof_refinement_agent). /run generates,
// verifies, and feeds the verifier's feedback back for another attempt while it is not solved and
// correction turns remain (refine.ts); /v1/responses is one model call, as the reference's is;
// /run_batch, async /run and /aggregate_metrics are the shared run routes.
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
import { ProofRefinementAgentConfig } from "./config.ts";
import { refine } from "./refine.ts";
import type { RefineDeps } from "./refine.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, AsyncBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

const configOf = (env: Bindings) => instanceConfig(env, ProofRefinementAgentConfig);

function refineDeps(env: Bindings): RefineDeps {
  const config = configOf(env);
  return {
    ...agentHops(env, config),
    maxCorrectionTurns: config.max_correction_turns,
    includeAllAttempts: config.include_all_attempts,
    feedbackField: config.feedback_field,
    maxReward: config.max_reward,
    correctionTemplate: config.correction_prompt_template,
  };
}

const routes: RunRoutes<Bindings, RefineDeps> = { config: configOf, deps: refineDeps, run: refine };

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  return c.json(await callModel(params, inputItems(params), refineDeps(c.env)));
});

addRunRoutes(app, routes);

/** One async rollout per object (binding ROLLOUTS), run as /run runs it. */
export const RolloutDO = rolloutObjectOf(routes);

export default app;
export const Rpc = rpcEntrypoint(app);
