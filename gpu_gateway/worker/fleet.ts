// What a gateway request needs from its env: the validated config, the router Durable Object
// (one per gateway, in this Worker's namespace; its model server binds it too) and how to relay.
import type { FleetRouterDO } from "../../durable_objects/fleet_router_do.ts";
import type { BaseBindings } from "../../shared/server/app.ts";
import { instanceConfig } from "../../shared/server/instance_config.ts";
import type { InstanceConfigBindings } from "../../shared/server/instance_config.ts";
import { fleetContext, routerOf } from "../../shared/fleet/context.ts";
import type { FleetSettings } from "../../shared/fleet/context.ts";
import type { RelayContext } from "../../shared/fleet/relay.ts";
import type { FleetRouterStub } from "../../durable_objects/fleet_router_do.ts";
import { GatewayConfig, fleetHeaders, routerConfig } from "./config.ts";

export interface GatewayBindings extends BaseBindings, InstanceConfigBindings {
  ROUTER?: DurableObjectNamespace<FleetRouterDO>;
  NETWORK?: Fetcher;
}

export interface Fleet {
  config: GatewayConfig;
  settings: FleetSettings;
  router: FleetRouterStub;
}

const derived = new WeakMap<GatewayConfig, FleetSettings>();

export function fleet(env: GatewayBindings): Fleet {
  const config = instanceConfig(env, GatewayConfig);
  let settings = derived.get(config);
  if (!settings) derived.set(config, (settings = { routing: routerConfig(config), headers: fleetHeaders(config), timeoutMs: config.timeout_s * 1000 }));
  return { config, settings, router: routerOf(env.ROUTER) as FleetRouterStub };
}

export function relayContext(env: GatewayBindings, ctx: Pick<ExecutionContext, "waitUntil">): RelayContext {
  const { settings } = fleet(env);
  return fleetContext(env, settings, (promise) => ctx.waitUntil(promise));
}
