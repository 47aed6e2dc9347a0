// A model server on a vLLM fleet relays to it itself, as its gateway does for callers over HTTP:
// on the gateway's settings (asked for once per isolate, over RPC) and with the gateway's router
// object, which the plan binds to this Worker as ROUTER (vllmServerDeclaration's companion
// objects). So a pinned session's turn goes from here straight to its endpoint, with no hop
// between, and a first turn takes its slot from the router itself.
import { call, jsonOf } from "../../client/call.ts";
import type { Target } from "../../client/call.ts";
import { fleetContext } from "../../fleet/context.ts";
import type { FleetBindings as RelayBindings, FleetSettings } from "../../fleet/context.ts";
import { relay, relayFields } from "../../fleet/relay.ts";
import { HttpError } from "../../server/errors.ts";

export interface FleetBindings extends RelayBindings {
  GATEWAY?: Fetcher;
}

const SETTINGS_HOP = "gpu_gateway/fleet";
const SETTINGS_DEADLINE_MS = 10_000;

// Per gateway binding (one object per isolate). A deployment's settings change only with a
// deploy, which starts new isolates.
const settingsByGateway = new WeakMap<Fetcher, FleetSettings>();

async function settingsOf(gateway: Fetcher | undefined): Promise<FleetSettings> {
  if (typeof gateway?.fetch !== "function") throw new HttpError(500, "misconfigured", "no service binding GATEWAY to the gpu_gateway Worker");
  const known = settingsByGateway.get(gateway);
  if (known) return known;
  const result = await call({ name: "gpu_gateway", fetcher: gateway, rpc: true }, "/fleet", { deadlineMs: SETTINGS_DEADLINE_MS });
  const settings = jsonOf(result, SETTINGS_HOP) as FleetSettings;
  settingsByGateway.set(gateway, settings);
  return settings;
}

/** How call() reaches the fleet: a target whose every request is relayed from this isolate. */
export async function fleetTarget(env: FleetBindings, waitUntil: (promise: Promise<unknown>) => void): Promise<Target> {
  const ctx = fleetContext(env, await settingsOf(env.GATEWAY), waitUntil);
  return {
    name: "gpu_gateway",
    url: "https://fleet.internal/",
    transport: {
      exchange: (url, { method, headers, body, signal, stream }) =>
        relay(ctx, { method: method === "GET" ? "GET" : "POST", path: url.pathname.slice(1), bodyText: body, buffered: !stream, ...relayFields((name) => headers[name], signal) }),
    },
  };
}
