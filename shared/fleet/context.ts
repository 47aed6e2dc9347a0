// A relay's context (relay.ts) for one fleet: its router object, its settings, this isolate's
// pinned requests. The gateway Worker relays with it for callers over HTTP; a model server on the
// fleet builds the same one, on the gateway's settings and with the gateway's router object bound
// as its own (shared/models/vllm/fleet.ts), and relays in its own isolate, with no hop between.
import type { FetcherLike } from "../client/call.ts";
import { HttpError } from "../server/errors.ts";
import { PinnedRequests } from "./pinned.ts";
import type { RelayContext, RouterClient } from "./relay.ts";
import type { RouterConfig } from "./router.ts";

/** The name of a fleet's one router object, in its gateway's namespace. */
const ROUTER_NAME = "fleet";

/** What relaying to a fleet needs to know of it, as its gateway derives it from its config. */
export interface FleetSettings {
  routing: RouterConfig;
  /** Sent to every endpoint (the fleet's bearer key). */
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface RouterNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): unknown;
}

/** The fleet's router object; a missing binding is a 500 naming it. */
export function routerOf(namespace: RouterNamespace | undefined): RouterClient {
  if (!namespace) throw new HttpError(500, "misconfigured", "no Durable Object binding ROUTER (class FleetRouterDO) for the fleet's routing state");
  return namespace.get(namespace.idFromName(ROUTER_NAME)) as RouterClient;
}

/** This isolate's pinned requests, per fleet: by its router's namespace (a binding: one object per isolate). */
const pinnedByFleet = new WeakMap<RouterNamespace, PinnedRequests>();

/** What a Worker relaying to a fleet has of its own: the router's namespace, and maybe a way to the network. */
export interface FleetBindings {
  ROUTER?: RouterNamespace;
  NETWORK?: FetcherLike;
}

export function fleetContext(env: FleetBindings, settings: FleetSettings, waitUntil: (promise: Promise<unknown>) => void): RelayContext {
  const router = routerOf(env.ROUTER);
  let pinned = pinnedByFleet.get(env.ROUTER!);
  if (!pinned) pinnedByFleet.set(env.ROUTER!, (pinned = new PinnedRequests()));
  return { router, config: settings.routing, headers: settings.headers, timeoutMs: settings.timeoutMs, waitUntil, hop: "fleet", pinned, network: env.NETWORK };
}
