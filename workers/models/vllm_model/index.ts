// vllm_model: the model server. It speaks the Responses API to agents and Chat Completions to the
// GPU fleet behind gpu_gateway, converting both ways; `stream: true` answers as SSE on both routes.
// Its only state is the session cookie that keeps a rollout on one endpoint.
import { answerError, callStream, jsonOf } from "../../../shared/client/call.ts";
import { ChatCompletionRequest } from "../../../shared/schemas/chat.ts";
import type { ChatMessage } from "../../../shared/schemas/chat.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import type { ResponseObject } from "../../../shared/schemas/responses.ts";
import { ENVIRONMENT_HEADER } from "../../../shared/fleet/headers.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { z } from "../../../shared/zod.ts";
import { VllmModelConfig } from "./config.ts";
import { toChatRequest } from "./convert_request.ts";
import { contextExhaustedResponse, lacksPromptTokenIds, toResponse } from "./convert_response.ts";
import { withExtras } from "./extras.ts";
import { responseEvents, toSse } from "./response_events.ts";
import { modelSession } from "./session.ts";
import type { SessionBindings } from "./session.ts";
import { CHAT_HOP, chatCompletion, gateway, isContextLengthError, parseCompletion, tokenizePrompt } from "./upstream.ts";
import type { Upstream } from "./upstream.ts";

interface Bindings extends BaseBindings, SessionBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
  GATEWAY?: Fetcher;
}

// Rows are non-streaming (SPEC "Data formats"); a client of this server may ask for SSE.
const ResponsesRequest = ResponsesCreateParams.extend({ stream: z.boolean().nullish() });

const PassthroughRequest = ChatCompletionRequest.extend({ model: z.string().min(1).optional() });

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };

async function respond(params: ResponsesCreateParams, config: VllmModelConfig, upstream: Upstream): Promise<ResponseObject> {
  const tokenIds = config.return_token_id_information;
  const converted = toChatRequest(params, {
    model: config.model,
    tokenIds,
    developerAsSystem: config.replace_developer_role_with_system,
    reasoning: { upstream: config.reasoning_upstream, tags: config.reasoning_tags },
  });
  const request = withExtras(converted, config, params.metadata);
  const result = await chatCompletion(upstream, request);
  // An exhausted context ends the episode cleanly instead of failing the rollout.
  if (isContextLengthError(result)) return contextExhaustedResponse(params, request.model);
  const completion = parseCompletion(result);
  const promptTokenIds = tokenIds && lacksPromptTokenIds(completion) ? await tokenizePrompt(upstream, request) : undefined;
  return toResponse(params, completion, {
    tokenIds,
    reasoningTags: config.uses_reasoning_parser ? config.reasoning_tags : null,
    promptTokenIds,
    hop: CHAT_HOP,
  });
}

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const { stream, ...params } = await readBody(c, ResponsesRequest);
  const config = instanceConfig(c.env, VllmModelConfig);
  const response = await respond(params, config, gateway(c.env, await modelSession(c), config.timeout_s * 1000, c.req.header(ENVIRONMENT_HEADER)));
  return stream ? c.body(toSse(responseEvents(response)), 200, SSE_HEADERS) : c.json(response);
});

app.post("/v1/chat/completions", async (c) => {
  const body = await readBody(c, PassthroughRequest);
  const config = instanceConfig(c.env, VllmModelConfig);
  const upstream = gateway(c.env, await modelSession(c), config.timeout_s * 1000, c.req.header(ENVIRONMENT_HEADER));
  const messages = config.replace_developer_role_with_system
    ? body.messages.map((m): ChatMessage => (m.role === "developer" ? { ...m, role: "system" } : m))
    : body.messages;
  const request = withExtras({ ...body, messages, model: config.model }, config);
  if (!request.stream) return c.json(jsonOf(await chatCompletion(upstream, request), CHAT_HOP) as object);

  const result = await callStream(upstream.target, "/v1/chat/completions", { body: request, deadlineMs: upstream.deadlineMs, headers: upstream.headers });
  // A refusal comes before any event: it is answered as the error it is, not as a stream.
  if (result.status < 200 || result.status >= 300) {
    throw answerError({ status: result.status, text: await new Response(result.body).text(), headers: result.headers }, CHAT_HOP);
  }
  return c.body(result.body, 200, SSE_HEADERS);
});

export default app;
