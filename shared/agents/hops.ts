// An agent's two hops, the model server and the resources server its config names, each reached
// through its service binding with its own deadline and its own cookie jar (SPEC "Cookies": each
// session cookie goes back only to the server that set it). An agent whose model step is not a
// model server of ours (remote_agent) has the resources hop only.
import { answerError, call, callStream } from "../client/call.ts";
import type { CallResult, StreamResult, Target } from "../client/call.ts";
import { CookieJar } from "../client/cookies.ts";
import { Deadlines } from "../client/deadlines.ts";
import { targetFor } from "../client/targets.ts";
import { ServerRef } from "../schemas/config.ts";
import type { CohortRequest } from "../schemas/cohort.ts";
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
  /** One timer for every hop of the rollout (deadlines.ts); disposed when the rollout ends. */
  deadlines: Deadlines;
  /** The authenticated caller the rollout runs for, told to the resources server (per-caller state: genrm cohorts). */
  caller?: string;
}

export interface AgentHops extends ResourcesHop {
  model: Target;
  modelJar: CookieJar;
  modelDeadlineMs: number;
  /** The environment the model calls name: the resources server's implementation (the plan's RESOURCES_IMPLEMENTATION). */
  environment?: string;
}

/** A fresh jar: one rollout's resources hop. */
export function resourcesHop(env: object, config: ResourcesHopConfig): ResourcesHop {
  return { resources: targetFor(env, config.resources_server), resourcesJar: new CookieJar(), resourcesDeadlineMs: config.resources_timeout_s * 1000, deadlines: new Deadlines() };
}

/** Fresh jars: one rollout's hops. */
export function agentHops(env: object, config: AgentHopsConfig): AgentHops {
  const model = targetFor(env, config.model_server);
  const environment = (env as { RESOURCES_IMPLEMENTATION?: unknown }).RESOURCES_IMPLEMENTATION;
  return { model, modelJar: new CookieJar(), modelDeadlineMs: config.model_timeout_s * 1000, ...resourcesHop(env, config), ...(typeof environment === "string" ? { environment } : {}) };
}

/** POST to the resources server in the rollout's session. */
export function callResources(hops: ResourcesHop, path: string, body: unknown): Promise<CallResult> {
  return call(hops.resources, path, { body, deadlineMs: hops.resourcesDeadlineMs, jar: hops.resourcesJar, deadlines: hops.deadlines, caller: hops.caller });
}

/**
 * An agent's /aggregate_metrics: its resources server computes them (NeMo Gym's contract). A run's
 * verify responses are tens of MB, so the body goes on as it arrives, unparsed (the resources
 * server validates it, and its 4xx is the caller's 400 here), and the answer comes back the same way.
 */
export async function relayAggregateMetrics(hops: ResourcesHop, chunks: AsyncIterable<Uint8Array>): Promise<Response> {
  const hop = `${hops.resources.name}/aggregate_metrics`;
  // The caller's body breaking its limits (413, 408, 400) is the answer, whatever became of the call.
  let bodyError: unknown;
  const iterator = chunks[Symbol.asyncIterator]();
  const bodyStream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        bodyError = err;
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  let result: StreamResult;
  try {
    result = await callStream(hops.resources, "/aggregate_metrics", { bodyStream, attempts: 1, deadlineMs: hops.resourcesDeadlineMs });
  } catch (err) {
    throw bodyError ?? err;
  }
  if (bodyError !== undefined || result.status < 200 || result.status >= 300) {
    const text = await new Response(result.body).text().catch(() => "");
    throw bodyError ?? answerError({ status: result.status, text, headers: result.headers }, hop);
  }
  return new Response(result.body, { headers: { "content-type": "application/json" } });
}

/** An agent's /compare: its resources server scores a cohort (shared/schemas/cohort.ts). */
export function compareOf(hops: ResourcesHop, body: CohortRequest): Promise<CallResult> {
  return call(hops.resources, "/compare", { body, deadlineMs: hops.resourcesDeadlineMs });
}
