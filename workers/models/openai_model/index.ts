// openai_model: passthrough to any OpenAI-compatible API's /responses and /chat/completions, with
// the configured model, key and headers, under a concurrency limit. An upstream failure, or an
// answer with nothing in it, is an error naming the upstream: never an empty answer.
import { hopError, jsonOf } from "../../../shared/client/call.ts";
import { relay } from "../../../shared/fleet/relay.ts";
import { ChatCompletion, ChatCompletionRequest } from "../../../shared/schemas/chat.ts";
import { ResponseObject, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { z } from "../../../shared/zod.ts";
import { OpenaiModelConfig } from "./config.ts";
import { upstreamContext, upstreamFailure } from "./upstream.ts";
import type { UpstreamBindings } from "./upstream.ts";

export { FleetRouterDO } from "../../../durable_objects/fleet_router_do.ts";

interface Bindings extends BaseBindings, UpstreamBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

const ResponsesRequest = ResponsesCreateParams.extend({ stream: z.boolean().nullish() });
const ChatRequest = ChatCompletionRequest.extend({ model: z.string().min(1).optional() });

// What makes an answer usable; a 200 without it is a bad upstream answer.
function usableResponse(value: unknown, hop: string): object {
  const parsed = ResponseObject.safeParse(value);
  if (!parsed.success) throw hopError(502, hop, `${hop} answered a body that is not a Responses object: ${parsed.error.issues[0]?.message}`);
  const { status, error, output } = parsed.data;
  if (status === "failed" || error) throw hopError(502, hop, `${hop} answered a failed response: ${JSON.stringify(error ?? status).slice(0, 500)}`);
  if (output.length === 0) throw hopError(502, hop, `${hop} answered a response with no output items`);
  return parsed.data;
}

function usableCompletion(value: unknown, hop: string): object {
  const parsed = ChatCompletion.safeParse(value);
  if (!parsed.success) throw hopError(502, hop, `${hop} answered a body that is not a chat completion: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };

async function forward(
  env: Bindings,
  ctx: Pick<ExecutionContext, "waitUntil">,
  signal: AbortSignal,
  path: string,
  body: Record<string, unknown>,
  usable: (value: unknown, hop: string) => object,
): Promise<Response> {
  const config = instanceConfig(env, OpenaiModelConfig);
  const upstream = upstreamContext(config, env, ctx);
  const hop = `${upstream.hop}/${path}`;
  const answer = await relay(upstream, { method: "POST", path, bodyText: JSON.stringify({ ...config.extra_body, ...body, model: config.openai_model }), signal });
  if (!answer.ok) throw upstreamFailure({ status: answer.status, text: await answer.text(), headers: answer.headers }, hop);
  if (body.stream === true) return new Response(answer.body, { headers: SSE_HEADERS });
  return Response.json(usable(jsonOf({ status: answer.status, text: await answer.text(), headers: answer.headers }, hop), hop));
}

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => forward(c.env, c.executionCtx, c.req.raw.signal, "responses", await readBody(c, ResponsesRequest), usableResponse));

app.post("/v1/chat/completions", async (c) => forward(c.env, c.executionCtx, c.req.raw.signal, "chat/completions", await readBody(c, ChatRequest), usableCompletion));

export default app;
