// The routes every rollout agent answers the same way, whatever its loop: POST /run (synchronous,
// or async with `Prefer: respond-async`: async.ts), GET /rollouts/:id, POST /run_batch (NDJSON as
// rollouts complete: run_batch.ts), POST /aggregate_metrics and POST /compare (its resources server's). An agent
// gives its config, how a rollout gets its hops, and how it runs a row; its RolloutDO runs rows
// the same way.
import type { Hono } from "hono";
import { z } from "../zod.ts";
import { CohortRequest } from "../schemas/cohort.ts";
import { RunBatchRequest, RunRequest } from "../schemas/run.ts";
import type { VerifyResponse } from "../schemas/run.ts";
import type { AppEnv, BaseBindings } from "../server/app.ts";
import { readBody } from "../server/body.ts";
import { bodyChunks } from "../server/body_read.ts";
import { rolloutStatus, runMode, submitRollout } from "./async.ts";
import { monitorRollout } from "./monitor.ts";
import type { MonitorBindings, WaitUntil } from "./monitor.ts";
import { failureClassOf, outcomeOf } from "./outcome.ts";
import type { AsyncBindings } from "./async.ts";
import { compareOf, relayAggregateMetrics } from "./hops.ts";
import type { ResourcesHop } from "./hops.ts";
import { runBatch } from "./run_batch.ts";
import { identified, identityOf } from "./identity.ts";
import type { RolloutIdentity } from "./identity.ts";
import { HttpError } from "../server/errors.ts";
import { RunSlots, overloaded } from "./run_slots.ts";

/** The config fields of these routes, part of every rollout agent's config. */
export const RunRoutesConfig = z.object({
  /** At most this many rollouts of one /run_batch request at a time; absent: all rows at once. */
  run_batch_concurrency: z.number().int().positive().nullish(),
  /** At most this many rollouts at once in one isolate (/run and /run_batch rows); past it, a 503 marked unprocessed. */
  max_concurrent_runs: z.number().int().positive().default(256),
  /** How long an async rollout's result (or failure) stays readable at GET /rollouts/:id. */
  async_result_ttl_s: z.number().positive().default(24 * 3600),
});
export type RunRoutesConfig = z.infer<typeof RunRoutesConfig>;

export interface RunRoutes<E, D extends ResourcesHop> {
  /** The instance's validated config: a misconfigured agent is a 500 before anything runs. */
  config(env: E): RunRoutesConfig;
  /** One rollout's hops and settings, with cookie jars of its own. */
  deps(env: E): D;
  /** One rollout of the row, as /run answers it. */
  run(row: RunRequest, deps: D): Promise<VerifyResponse>;
}

/** One rollout's hops, run for `caller` (the authenticated one: never a row's say). */
export function depsFor<E, D extends ResourcesHop>(routes: RunRoutes<E, D>, env: E, caller: string | undefined): D {
  return { ...routes.deps(env), caller };
}

/**
 * One rollout of the row, reported to the head's monitor as it starts and ends (monitor.ts); the
 * async rollouts' objects run rows through it too.
 */
export async function monitoredRun<E extends MonitorBindings, D extends ResourcesHop>(routes: RunRoutes<E, D>, env: E, row: RunRequest & RolloutIdentity, deps: D, waitUntil: WaitUntil): Promise<VerifyResponse> {
  const ended = monitorRollout(env, row, deps.caller, waitUntil);
  const identity = identityOf(row);
  try {
    const result = { ...(await routes.run(row, deps)), ...identity };
    ended(outcomeOf(result));
    return result;
  } catch (err) {
    // The error a failed /run answers with says which rollout, and which attempt, failed.
    if (err instanceof HttpError) Object.assign(err.details, identity);
    ended({ failure: failureClassOf(err) });
    throw err;
  } finally {
    // A rollout's hops share one timer (deadlines.ts), stopped when it ends.
    deps.deadlines.dispose();
  }
}

/** The request's waitUntil; an app called without an execution context (a test's) has none to give. */
function waitUntilOf(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }): WaitUntil {
  return (promise) => {
    try {
      c.executionCtx.waitUntil(promise);
    } catch {
      // No execution context: the promise runs on regardless.
    }
  };
}

export function addRunRoutes<E extends BaseBindings & AsyncBindings & MonitorBindings, D extends ResourcesHop>(app: Hono<AppEnv<E>>, routes: RunRoutes<E, D>): void {
  // The rollouts each agent instance runs itself in this isolate, counted per instance: locally one
  // isolate runs every instance of an implementation (scripts/stack/shared_isolates.ts). Async ones
  // run in their own objects and are not counted.
  const slotsByInstance = new Map<string, RunSlots>();
  const slotsOf = (env: E): RunSlots => {
    const name = env.INSTANCE_NAME ?? "";
    let slots = slotsByInstance.get(name);
    if (!slots) slotsByInstance.set(name, (slots = new RunSlots()));
    return slots;
  };

  app.post("/run", async (c) => {
    const mode = runMode(c.req.raw);
    const body = await readBody(c, RunRequest);
    const deps = depsFor(routes, c.env, c.get("caller"));
    const config = routes.config(c.env);
    if (mode.async) return submitRollout(c.env, body, mode.rolloutId, config.async_result_ttl_s * 1000, c.get("caller"));
    const row = identified(body);
    const slots = slotsOf(c.env);
    if (slots.take(1, config.max_concurrent_runs) === null) return overloaded(config.max_concurrent_runs);
    try {
      return c.json(await monitoredRun(routes, c.env, row, deps, waitUntilOf(c)));
    } finally {
      slots.give();
    }
  });

  app.get("/rollouts/:id", (c) => rolloutStatus(c.env, c.req.param("id"), c.get("caller")));

  app.post("/run_batch", async (c) => {
    const rows = (await readBody(c, RunBatchRequest)).rows.map((row) => identified(row));
    // Resolving the hops first makes a misconfigured agent a 500 before any line is streamed.
    routes.deps(c.env);
    const config = routes.config(c.env);
    const slots = slotsOf(c.env);
    // Each of the batch's workers holds a slot until it stops. A busy agent runs the batch
    // narrower rather than refusing it, unless it has no slot at all.
    const width = slots.take(Math.min(config.run_batch_concurrency ?? rows.length, rows.length), config.max_concurrent_runs);
    if (width === null) return overloaded(config.max_concurrent_runs);
    const waitUntil = waitUntilOf(c);
    const lines = runBatch(rows, (row) => monitoredRun(routes, c.env, row, depsFor(routes, c.env, c.get("caller")), waitUntil), width, () => slots.give());
    return new Response(lines, { headers: { "content-type": "application/x-ndjson" } });
  });

  app.post("/aggregate_metrics", (c) => relayAggregateMetrics(routes.deps(c.env), bodyChunks(c)));

  // A cohort-scoring environment's /compare (its answer as it is, errors too), for `collect`.
  app.post("/compare", async (c) => {
    const result = await compareOf(routes.deps(c.env), await readBody(c, CohortRequest));
    return new Response(result.text, { status: result.status, headers: { "content-type": "application/json" } });
  });
}
