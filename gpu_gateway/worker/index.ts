// gpu_gateway: the Worker between model servers and the self-hosted vLLM fleet. It relays vLLM's
// OpenAI-compatible routes to one endpoint per request, sticky per session, through the fleet's
// router (SPEC "Shape on Cloudflare"), and offers the operator routes under /admin.
import type { Context } from "hono";
import { createServerApp } from "../../shared/server/app.ts";
import type { AppEnv } from "../../shared/server/app.ts";
import { admin } from "./admin.ts";
import { ENVIRONMENT_HEADER, SESSION_HEADER } from "../../shared/fleet/headers.ts";
import { PIN_HEADER } from "../../shared/fleet/pin.ts";
import { relayContext } from "./fleet.ts";
import type { GatewayBindings } from "./fleet.ts";
import { relay } from "../../shared/fleet/relay.ts";
import type { RelayRequest } from "../../shared/fleet/relay.ts";
import { UNPROCESSED_HEADER } from "../../shared/client/call.ts";
import { rpcEntrypoint } from "../../shared/server/entrypoint.ts";
import { rpcRoute } from "../../shared/server/rpc.ts";
import type { RpcAnswer, RpcCall } from "../../shared/server/rpc.ts";

export { FleetRouterDO } from "../../durable_objects/fleet_router_do.ts";

const app = createServerApp<GatewayBindings>();

// The per-request fields of a relay: the sticky session and the endpoint it carries, the caller's
// environment, its cancellation.
function perRequest(header: (name: string) => string | undefined, signal: AbortSignal | undefined): Pick<RelayRequest, "session" | "pin" | "headers" | "signal"> {
  const environment = header(ENVIRONMENT_HEADER);
  return { session: header(SESSION_HEADER), pin: header(PIN_HEADER), headers: environment ? { [ENVIRONMENT_HEADER]: environment } : {}, signal };
}

const httpRequest = (c: Context<AppEnv<GatewayBindings>>) => perRequest((name) => c.req.header(name), c.req.raw.signal);

// The model server's calls over RPC: the same relay, its answer read here and handed back as text.
function rpcRelay(path: string) {
  return async (call: RpcCall<GatewayBindings>): Promise<RpcAnswer> => {
    const { body, headers = {} } = call.request;
    const answer = await relay(relayContext(call.env, call), { method: "POST", path, bodyText: JSON.stringify(body), ...perRequest((name) => headers[name], call.signal) });
    const text = await answer.text();
    const pin = answer.headers.get(PIN_HEADER);
    return {
      status: answer.status,
      text,
      headers: { "content-type": answer.headers.get("content-type") ?? "application/json", ...(pin ? { [PIN_HEADER]: pin } : {}) },
      ...(answer.headers.has(UNPROCESSED_HEADER) ? { unprocessed: true } : {}),
    };
  };
}
rpcRoute(app, "/v1/chat/completions", rpcRelay("v1/chat/completions"));
rpcRoute(app, "/tokenize", rpcRelay("tokenize"));

// Bodies go through as text: vLLM validates them, and re-encoding MBs of token ids costs CPU.
app.post("/v1/chat/completions", async (c) =>
  relay(relayContext(c.env, c.executionCtx), { method: "POST", path: "v1/chat/completions", bodyText: await c.req.text(), ...httpRequest(c) }),
);

// vLLM serves /tokenize at the base URL, not under /v1. Same session, same endpoint: one tokenizer.
app.post("/tokenize", async (c) =>
  relay(relayContext(c.env, c.executionCtx), { method: "POST", path: "tokenize", bodyText: await c.req.text(), ...httpRequest(c) }),
);

app.get("/v1/models", (c) => relay(relayContext(c.env, c.executionCtx), { method: "GET", path: "v1/models", ...httpRequest(c) }));

app.route("/admin", admin);

export default app;
export const Rpc = rpcEntrypoint<GatewayBindings>(app);
