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

export { FleetRouterDO } from "../../durable_objects/fleet_router_do.ts";

const app = createServerApp<GatewayBindings>();

// The per-request fields of a relay: the sticky session and the endpoint it carries, the caller's
// environment, its cancellation.
function perRequest(c: Context<AppEnv<GatewayBindings>>): Pick<RelayRequest, "session" | "pin" | "headers" | "signal"> {
  const environment = c.req.header(ENVIRONMENT_HEADER);
  return { session: c.req.header(SESSION_HEADER), pin: c.req.header(PIN_HEADER), headers: environment ? { [ENVIRONMENT_HEADER]: environment } : {}, signal: c.req.raw.signal };
}

// Bodies go through as text: vLLM validates them, and re-encoding MBs of token ids costs CPU.
app.post("/v1/chat/completions", async (c) =>
  relay(relayContext(c.env, c.executionCtx), { method: "POST", path: "v1/chat/completions", bodyText: await c.req.text(), ...perRequest(c) }),
);

// vLLM serves /tokenize at the base URL, not under /v1. Same session, same endpoint: one tokenizer.
app.post("/tokenize", async (c) =>
  relay(relayContext(c.env, c.executionCtx), { method: "POST", path: "tokenize", bodyText: await c.req.text(), ...perRequest(c) }),
);

app.get("/v1/models", (c) => relay(relayContext(c.env, c.executionCtx), { method: "GET", path: "v1/models", ...perRequest(c) }));

app.route("/admin", admin);

export default app;
