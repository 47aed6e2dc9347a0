// openai_model: passthrough to any OpenAI-compatible API's /responses and /chat/completions, with
// the configured model, key and headers, under a concurrency limit held across isolates; Anthropic
// Messages go through its /responses. An upstream failure, or an answer with nothing in it, is an
// error naming the upstream: never an empty answer.
import { hopError } from "../../../shared/client/call.ts";
import { checkInputBudget } from "../../../shared/models/input_budget.ts";
import { messagesRoute } from "../../../shared/models/messages/route.ts";
import { addModelsRoute } from "../../../shared/models/models_list.ts";
import { hopOf, httpCall, post, readAnswer, routedUpstream } from "../../../shared/models/routed_upstream.ts";
import type { RouterBindings, UpstreamCall } from "../../../shared/models/routed_upstream.ts";
import { SSE_HEADERS } from "../../../shared/models/sse.ts";
import { ChatCompletion, ChatCompletionRequest } from "../../../shared/schemas/chat.ts";
import { ResponseObject, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { ok, rpcRoute } from "../../../shared/server/rpc.ts";
import type { RpcCall } from "../../../shared/server/rpc.ts";
import { z } from "../../../shared/zod.ts";
import { OpenaiModelConfig } from "./config.ts";

export { FleetRouterDO } from "../../../durable_objects/fleet_router_do.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, RouterBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}
type Call = UpstreamCall<Bindings>;

const ResponsesRequest = ResponsesCreateParams.extend({ stream: z.boolean().nullish() });
const ChatRequest = ChatCompletionRequest.extend({ model: z.string().min(1).optional() });

// What makes an answer usable; a 200 without it is a bad upstream answer.
function usableResponse(response: ResponseObject, hop: string): ResponseObject {
  const { status, error, output } = response;
  if (status === "failed" || error) throw hopError(502, hop, `${hop} answered a failed response: ${JSON.stringify(error ?? status).slice(0, 500)}`);
  if (output.length === 0) throw hopError(502, hop, `${hop} answered a response with no output items`);
  return response;
}

/** POSTs the request, as configured, to `path`; an answer still streaming. */
function send(call: Call, path: string, request: Record<string, unknown>) {
  const config = instanceConfig(call.env, OpenaiModelConfig);
  const body = { ...config.extra_body, ...request, model: config.openai_model };
  checkInputBudget(body, config.max_input_chars);
  const upstream = routedUpstream(
    {
      base: config.openai_base_url,
      maxConcurrent: config.max_concurrent_requests,
      headers: { ...config.openai_default_headers, ...(config.openai_api_key ? { authorization: `Bearer ${config.openai_api_key}` } : {}) },
      timeoutS: config.timeout_s,
    },
    call.env,
    call,
  );
  return { hop: hopOf(upstream, path), answer: post(upstream, path, body, call.signal) };
}

async function respond(params: ResponsesCreateParams, call: Call): Promise<ResponseObject> {
  const { hop, answer } = send(call, "responses", params);
  return usableResponse(await readAnswer(await answer, ResponseObject, "a Responses object", hop), hop);
}

const app = createServerApp<Bindings>();

addModelsRoute(app, (c) => instanceConfig(c.env, OpenaiModelConfig).openai_model, "openai");

app.post("/v1/responses", async (c) => {
  const { stream, ...params } = await readBody(c, ResponsesRequest);
  if (!stream) return c.json(await respond(params, httpCall(c)));
  return new Response((await send(httpCall(c), "responses", { ...params, stream }).answer).body, { headers: SSE_HEADERS });
});

app.post("/v1/chat/completions", async (c) => {
  const request = await readBody(c, ChatRequest);
  const { hop, answer } = send(httpCall(c), "chat/completions", request);
  if (request.stream) return new Response((await answer).body, { headers: SSE_HEADERS });
  return c.json(await readAnswer(await answer, ChatCompletion, "a chat completion", hop));
});

app.post("/v1/messages", messagesRoute((params, c) => respond(params, httpCall(c))));

// An agent's model call over RPC: the params are the row's, checked where it entered.
rpcRoute(app, "/v1/responses", async (call: RpcCall<Bindings>) => ok(await respond(call.request.body as ResponsesCreateParams, call)));

export default app;
export const Rpc = rpcEntrypoint(app);
