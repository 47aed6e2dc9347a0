// An agent's two hops, the model server and the resources server its config names, each reached
// through its service binding with its own deadline and its own cookie jar (SPEC "Cookies": each
// session cookie goes back only to the server that set it). An agent whose model step is not a
// model server of ours (remote_agent) has the resources hop only.
import { call, jsonOf } from "../client/call.ts";
import type { CallResult, Target } from "../client/call.ts";
import { CookieJar } from "../client/cookies.ts";
import { targetFor } from "../client/targets.ts";
import { ServerRef } from "../schemas/config.ts";
import type { CohortRequest } from "../schemas/cohort.ts";
import type { AggregateMetricsRequest } from "../schemas/run.ts";
import { z } from "../zod.ts";

/** The resources server an agent plays, and the deadline of every call to it. */
export const ResourcesHopConfig = z.looseObject({
  resources_server: ServerRef,
  /** Every call to the resources server (seed, tools, verify, reset, step, close). */
  resources_timeout_s: z.number().positive().default(120),
});
export type ResourcesHopConfig = z.infer<typeof ResourcesHopConfig>;

/** The fields every agent's config has (NeMo Gym's references, plus per-hop deadlines). */
export const AgentHopsConfig = ResourcesHopConfig.safeExtend({
  model_server: ServerRef,
  /** Model calls may be long generations. */
  model_timeout_s: z.number().positive().default(600),
});
export type AgentHopsConfig = z.infer<typeof AgentHopsConfig>;

export interface ResourcesHop {
  resources: Target;
  resourcesJar: CookieJar;
  resourcesDeadlineMs: number;
}

export interface AgentHops extends ResourcesHop {
  model: Target;
  modelJar: CookieJar;
  modelDeadlineMs: number;
}

/** A fresh jar: one rollout's resources hop. */
export function resourcesHop(env: object, config: ResourcesHopConfig): ResourcesHop {
  return { resources: targetFor(env, config.resources_server), resourcesJar: new CookieJar(), resourcesDeadlineMs: config.resources_timeout_s * 1000 };
}

/** Fresh jars: one rollout's hops. */
export function agentHops(env: object, config: AgentHopsConfig): AgentHops {
  const model = targetFor(env, config.model_server);
  return { model, modelJar: new CookieJar(), modelDeadlineMs: config.model_timeout_s * 1000, ...resourcesHop(env, config) };
}

/** POST to the resources server in the rollout's session. */
export function callResources(hops: ResourcesHop, path: string, body: unknown): Promise<CallResult> {
  return call(hops.resources, path, { body, deadlineMs: hops.resourcesDeadlineMs, jar: hops.resourcesJar });
}

/** An agent's /aggregate_metrics: its resources server computes them (NeMo Gym's contract). */
export async function aggregateMetricsOf(hops: ResourcesHop, body: AggregateMetricsRequest): Promise<object> {
  const hop = `${hops.resources.name}/aggregate_metrics`;
  return jsonOf(await call(hops.resources, "/aggregate_metrics", { body, deadlineMs: hops.resourcesDeadlineMs }), hop) as object;
}

/** An agent's /compare: its resources server scores a cohort (shared/schemas/cohort.ts). */
export function compareOf(hops: ResourcesHop, body: CohortRequest): Promise<CallResult> {
  return call(hops.resources, "/compare", { body, deadlineMs: hops.resourcesDeadlineMs });
}
