// The gateway's INSTANCE_CONFIG: the vLLM fleet behind the gateway and how it is routed. Endpoints are stored as
// base URLs without /v1, since vLLM serves /tokenize and /health beside /v1 rather than under it.
import { z } from "../../shared/zod.ts";
import { LEASE_TTL_MS } from "../../shared/fleet/router.ts";
import type { RouterConfig } from "../../shared/fleet/router.ts";

const baseUrl = (url: string) => url.replace(/\/+$/, "").replace(/\/v1$/, "");

export const GatewayConfig = z.object({
  endpoints: z.array(z.url()).min(1).transform((urls) => urls.map(baseUrl)),
  /** Sent to every endpoint as `Authorization: Bearer`. */
  api_key: z.string().nullish(),
  /** Required as a bearer token on /admin/*; without it the admin routes are off. */
  admin_api_key: z.string().min(1).nullish(),
  /** Long generations take minutes. */
  timeout_s: z.number().positive().default(600),
  /** Beyond this many requests at once on an endpoint, requests queue in the gateway. */
  max_in_flight_per_endpoint: z.number().int().positive().default(256),
  /** Consecutive failures (refused, reset, 5xx, deadline) that take an endpoint out of rotation. */
  eject_after_failures: z.number().int().positive().default(3),
  /** How long an ejected endpoint stays out unless a probe sees it healthy earlier. */
  eject_s: z.number().positive().default(30),
  /** `GET /health` on every endpoint this often while traffic flows; 0 turns probing off. */
  probe_interval_s: z.number().min(0).default(5),
  probe_timeout_s: z.number().positive().default(2),
  /** A session unseen this long forgets its endpoint. */
  session_ttl_s: z.number().positive().default(3600),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

/**
 * How long a gateway isolate sends pinned turns on its last fleet view before asking the router
 * again (pinned.ts): a pause or an ejection elsewhere reaches it within this, and a pause is drained
 * no sooner (router.ts's drainWaitMs). Under traffic the view is renewed well before.
 */
const VIEW_TTL_MS = 1000;

export function routerConfig(config: GatewayConfig): RouterConfig {
  return {
    endpoints: config.endpoints,
    maxInFlight: config.max_in_flight_per_endpoint,
    ejectAfterFailures: config.eject_after_failures,
    ejectMs: config.eject_s * 1000,
    leaseMs: LEASE_TTL_MS,
    sessionTtlMs: config.session_ttl_s * 1000,
    viewTtlMs: VIEW_TTL_MS,
    requestTimeoutMs: config.timeout_s * 1000,
    probe:
      config.probe_interval_s > 0
        ? { path: "health", intervalMs: config.probe_interval_s * 1000, timeoutMs: config.probe_timeout_s * 1000, headers: fleetHeaders(config) }
        : null,
  };
}

export function fleetHeaders(config: Pick<GatewayConfig, "api_key">): Record<string, string> {
  return config.api_key ? { authorization: `Bearer ${config.api_key}` } : {};
}
