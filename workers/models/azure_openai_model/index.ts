// azure_openai_model: an Azure OpenAI deployment's Chat Completions, as the reference reaches it
// (`<endpoint>/openai/deployments/<deployment>/chat/completions?api-version=...`, key in the
// `api-key` header). Responses and Anthropic Messages are converted to Chat Completions and back;
// chat completions pass through. Under `num_concurrent_requests`, held across isolates.
import { toChatRequest } from "../../../shared/models/chat/convert_request.ts";
import { toResponse } from "../../../shared/models/chat/convert_response.ts";
import { checkInputBudget } from "../../../shared/models/input_budget.ts";
import { messagesRoute } from "../../../shared/models/messages/route.ts";
import { addModelsRoute } from "../../../shared/models/models_list.ts";
import { responseEvents } from "../../../shared/models/response_events.ts";
import { hopOf, httpCall, post, readAnswer, routedUpstream } from "../../../shared/models/routed_upstream.ts";
import type { RouterBindings, UpstreamCall } from "../../../shared/models/routed_upstream.ts";
import { SSE_HEADERS, toSse } from "../../../shared/models/sse.ts";
import { ChatCompletion, ChatCompletionRequest } from "../../../shared/schemas/chat.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import type { ResponseObject } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { ok, rpcRoute } from "../../../shared/server/rpc.ts";
import type { RpcCall } from "../../../shared/server/rpc.ts";
import { z } from "../../../shared/zod.ts";
import { AzureOpenaiModelConfig } from "./config.ts";

export { FleetRouterDO } from "../../../durable_objects/fleet_router_do.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings, RouterBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}
type Call = UpstreamCall<Bindings>;

const ResponsesRequest = ResponsesCreateParams.extend({ stream: z.boolean().nullish() });
const ChatRequest = ChatCompletionRequest.extend({ model: z.string().min(1).optional() });

/** POSTs a chat request to the deployment; an answer still streaming. */
function send(call: Call, request: Record<string, unknown>) {
  const config = instanceConfig(call.env, AzureOpenaiModelConfig);
  const body = { ...request, model: config.openai_model };
  checkInputBudget(body, config.max_input_chars);
  const upstream = routedUpstream(
    { base: config.openai_base_url, maxConcurrent: config.num_concurrent_requests, headers: { "api-key": config.openai_api_key }, timeoutS: config.timeout_s },
    call.env,
    call,
  );
  const path = `openai/deployments/${encodeURIComponent(config.openai_model)}/chat/completions?${new URLSearchParams(config.default_query)}`;
  return { hop: hopOf(upstream, path), answer: post(upstream, path, body, call.signal) };
}

async function respond(params: ResponsesCreateParams, call: Call): Promise<ResponseObject> {
  const request = toChatRequest(params, {
    model: instanceConfig(call.env, AzureOpenaiModelConfig).openai_model,
    tokenIds: false,
    developerAsSystem: false,
    reasoning: { upstream: "fields" },
  });
  const { hop, answer } = send(call, request);
  return toResponse(params, await readAnswer(await answer, ChatCompletion, "a chat completion", hop), { tokenIds: false, reasoningTags: null, hop });
}

const app = createServerApp<Bindings>();

addModelsRoute(app, (c) => instanceConfig(c.env, AzureOpenaiModelConfig).openai_model, "azure");

app.post("/v1/responses", async (c) => {
  const { stream, ...params } = await readBody(c, ResponsesRequest);
  const response = await respond(params, httpCall(c));
  return stream ? c.body(toSse(responseEvents(response)), 200, SSE_HEADERS) : c.json(response);
});

app.post("/v1/chat/completions", async (c) => {
  const request = await readBody(c, ChatRequest);
  const { hop, answer } = send(httpCall(c), request);
  if (request.stream) return new Response((await answer).body, { headers: SSE_HEADERS });
  return c.json(await readAnswer(await answer, ChatCompletion, "a chat completion", hop));
});

app.post("/v1/messages", messagesRoute((params, c) => respond(params, httpCall(c))));

// An agent's model call over RPC: the params are the row's, checked where it entered.
rpcRoute(app, "/v1/responses", async (call: RpcCall<Bindings>) => ok(await respond(call.request.body as ResponsesCreateParams, call)));

export default app;
export const Rpc = rpcEntrypoint(app);
