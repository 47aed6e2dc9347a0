// gpu_gateway: the Worker between model servers and the self-hosted vLLM fleet. It relays vLLM's
// OpenAI-compatible routes to one endpoint at a time (SPEC "Shape on Cloudflare").
import { createServerApp } from "../shared/server/app.ts";
import type { BaseBindings } from "../shared/server/app.ts";
import { readJson } from "../shared/server/body.ts";
import { instanceConfig } from "../shared/server/instance_config.ts";
import { GatewayConfig } from "./config.ts";
import { relay } from "./relay.ts";

interface Bindings extends BaseBindings {
  GATEWAY_CONFIG?: Record<string, unknown>;
}

const config = (env: Bindings) => instanceConfig({ INSTANCE_CONFIG: env.GATEWAY_CONFIG, INSTANCE_NAME: env.INSTANCE_NAME }, GatewayConfig);

const app = createServerApp<Bindings>();

app.post("/v1/chat/completions", async (c) => relay(config(c.env), { method: "POST", path: "v1/chat/completions", body: await readJson(c) }));

// vLLM serves /tokenize at the base URL, not under /v1.
app.post("/tokenize", async (c) => relay(config(c.env), { method: "POST", path: "tokenize", body: await readJson(c) }));

app.get("/v1/models", (c) => relay(config(c.env), { method: "GET", path: "v1/models" }));

export default app;
