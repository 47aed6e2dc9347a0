// The OpenAI-compatible upstream, reached through the instance's router Durable Object: it holds
// the concurrency limit for every isolate of this server at once (a per-isolate counter would
// multiply with the isolates), queueing requests beyond it.
import type { FleetRouterDO } from "../../../durable_objects/fleet_router_do.ts";
import type { RelayContext, RouterClient } from "../../../shared/fleet/relay.ts";
import { LEASE_TTL_MS } from "../../../shared/fleet/router.ts";
import type { RouterConfig } from "../../../shared/fleet/router.ts";
import { answerError, hopError } from "../../../shared/client/call.ts";
import type { CallResult } from "../../../shared/client/call.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import type { OpenaiModelConfig } from "./config.ts";

export interface UpstreamBindings {
  ROUTER?: DurableObjectNamespace<FleetRouterDO>;
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function upstreamContext(config: OpenaiModelConfig, env: UpstreamBindings, ctx: Pick<ExecutionContext, "waitUntil">): RelayContext {
  if (!env.ROUTER) throw new HttpError(500, "misconfigured", "no Durable Object binding ROUTER (class FleetRouterDO) for the concurrency limit");
  const base = config.openai_base_url.replace(/\/+$/, "");
  const routing: RouterConfig = {
    endpoints: [base],
    maxInFlight: config.max_concurrent_requests ?? UNLIMITED,
    ejectAfterFailures: 3,
    ejectMs: 30_000,
    leaseMs: LEASE_TTL_MS,
    sessionTtlMs: 3_600_000,
    probe: null,
  };
  return {
    router: env.ROUTER.get(env.ROUTER.idFromName("upstream")) as unknown as RouterClient,
    config: routing,
    headers: { ...config.openai_default_headers, ...(config.openai_api_key ? { authorization: `Bearer ${config.openai_api_key}` } : {}) },
    timeoutMs: config.timeout_s * 1000,
    waitUntil: (promise) => ctx.waitUntil(promise),
    hop: base,
  };
}

/**
 * An upstream refusal as the error it is: 429 is "try later" (503), 401/403 are this server's
 * credentials (502), other 4xx the caller's request (400), 5xx the upstream's failure.
 */
export function upstreamFailure(result: CallResult, hop: string): HttpError {
  const snippet = result.text.slice(0, 1000);
  if (result.status === 429) return hopError(503, hop, `${hop} is rate limiting (429): ${snippet}`);
  if (result.status === 401 || result.status === 403) return hopError(502, hop, `${hop} refused this server's credentials (${result.status}): ${snippet}`);
  return answerError(result, hop);
}
