// What a gateway request needs from its env: the validated config, the router Durable Object
// (one per gateway: its namespace is bound to this Worker only) and how to relay through it.
import type { FleetRouterDO } from "../../durable_objects/fleet_router_do.ts";
import type { BaseBindings } from "../../shared/server/app.ts";
import { HttpError } from "../../shared/server/errors.ts";
import { instanceConfig } from "../../shared/server/instance_config.ts";
import type { InstanceConfigBindings } from "../../shared/server/instance_config.ts";
import { GatewayConfig, fleetHeaders, routerConfig } from "./config.ts";
import { PinnedRequests } from "../../shared/fleet/pinned.ts";
import type { RelayContext, RouterClient } from "../../shared/fleet/relay.ts";
import type { RouterConfig } from "../../shared/fleet/router.ts";

export interface GatewayBindings extends BaseBindings, InstanceConfigBindings {
  ROUTER?: DurableObjectNamespace<FleetRouterDO>;
}

export interface Fleet {
  config: GatewayConfig;
  routing: RouterConfig;
  router: DurableObjectStub<FleetRouterDO>;
}

const ROUTER_NAME = "fleet";
const derived = new WeakMap<GatewayConfig, RouterConfig>();
/** This isolate's pinned requests, per gateway instance. */
const pinnedByInstance = new Map<string, PinnedRequests>();

export function fleet(env: GatewayBindings): Fleet {
  const config = instanceConfig(env, GatewayConfig);
  if (!env.ROUTER) throw new HttpError(500, "misconfigured", "no Durable Object binding ROUTER (class FleetRouterDO) for the gateway's routing state");
  let routing = derived.get(config);
  if (!routing) derived.set(config, (routing = routerConfig(config)));
  return { config, routing, router: env.ROUTER.get(env.ROUTER.idFromName(ROUTER_NAME)) };
}

export function relayContext(env: GatewayBindings, ctx: Pick<ExecutionContext, "waitUntil">): RelayContext {
  const { config, routing, router } = fleet(env);
  return {
    router: router as unknown as RouterClient,
    config: routing,
    headers: fleetHeaders(config),
    timeoutMs: config.timeout_s * 1000,
    waitUntil: (promise) => ctx.waitUntil(promise),
    hop: "fleet",
    pinned: pinnedOf(env.INSTANCE_NAME ?? ""),
  };
}

function pinnedOf(instance: string): PinnedRequests {
  let pinned = pinnedByInstance.get(instance);
  if (!pinned) pinnedByInstance.set(instance, (pinned = new PinnedRequests()));
  return pinned;
}
