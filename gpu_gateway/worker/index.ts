// gpu_gateway: the Worker that owns a self-hosted vLLM fleet (SPEC "Shape on Cloudflare"): its
// config and credentials, its router object (FleetRouterDO: placement, load, health, pause) and the
// operator routes under /admin. It relays vLLM's OpenAI-compatible routes to one endpoint per
// request, sticky per session, for callers over HTTP; its model server relays the same way in its
// own isolate, on the settings this Worker gives it and with this Worker's router object.
import type { Context } from "hono";
import { createServerApp } from "../../shared/server/app.ts";
import type { AppEnv } from "../../shared/server/app.ts";
import { admin } from "./admin.ts";
import { fleet, relayContext } from "./fleet.ts";
import type { GatewayBindings } from "./fleet.ts";
import { relay, relayFields } from "../../shared/fleet/relay.ts";
import { rpcEntrypoint } from "../../shared/server/entrypoint.ts";
import { ok, rpcRoute } from "../../shared/server/rpc.ts";
import type { RpcCall } from "../../shared/server/rpc.ts";

export { FleetRouterDO } from "../../durable_objects/fleet_router_do.ts";

// The operator's admin key goes in the Authorization header, where a stack's bearer token would:
// /admin checks that key itself (admin.ts), whether or not the stack runs with tokens.
const app = createServerApp<GatewayBindings>({ ownCredential: ["/admin"] });

const httpRequest = (c: Context<AppEnv<GatewayBindings>>) => relayFields((name) => c.req.header(name), c.req.raw.signal);

// A body that asks for no stream is answered whole, read by the relay, with no stream between. In
// JSON text a quote inside a string is escaped, so this finds a `stream: true` key and nothing else
// (a nested one only costs the streaming path).
const STREAM_TRUE = /"stream"\s*:\s*true/;
const relayed = async (c: Context<AppEnv<GatewayBindings>>, path: string) => {
  const bodyText = await c.req.text();
  return relay(relayContext(c.env, c.executionCtx), { method: "POST", path, bodyText, buffered: !STREAM_TRUE.test(bodyText), ...httpRequest(c) });
};

// The fleet's settings, for its model server: it relays turns itself, with this gateway's router
// object (bound to it as its own) and on these settings, so no turn takes a hop through here.
rpcRoute(app, "/fleet", async (call: RpcCall<GatewayBindings>) => ok(fleet(call.env).settings));

// Bodies go through as text: vLLM validates them, and re-encoding MBs of token ids costs CPU.
app.post("/v1/chat/completions", (c) => relayed(c, "v1/chat/completions"));

// vLLM serves /tokenize at the base URL, not under /v1. Same session, same endpoint: one tokenizer.
app.post("/tokenize", (c) => relayed(c, "tokenize"));

app.get("/v1/models", (c) => relay(relayContext(c.env, c.executionCtx), { method: "GET", path: "v1/models", ...httpRequest(c) }));

app.route("/admin", admin);

export default app;
export const Rpc = rpcEntrypoint<GatewayBindings>(app);
