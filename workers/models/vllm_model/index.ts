// vllm_model: the stateless model server. It speaks the Responses API to agents and Chat
// Completions to the GPU fleet behind gpu_gateway, converting both ways.
import { call, jsonOf } from "../../../shared/client/call.ts";
import { ChatCompletionRequest } from "../../../shared/schemas/chat.ts";
import { ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readBody } from "../../../shared/server/body.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { z } from "../../../shared/zod.ts";
import { VllmModelConfig } from "./config.ts";
import { toChatRequest } from "./convert_request.ts";
import { contextExhaustedResponse, lacksPromptTokenIds, toResponse } from "./convert_response.ts";
import { CHAT_HOP, gateway, isContextLengthError, parseCompletion, tokenizePrompt } from "./upstream.ts";

interface Bindings extends BaseBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
  GATEWAY?: Fetcher;
}

const PassthroughRequest = ChatCompletionRequest.extend({
  model: z.string().min(1).optional(),
  stream: z.literal(false, { error: "streaming is not supported yet (it arrives in a later release): send stream false or omit it" }).optional(),
});

const app = createServerApp<Bindings>();

app.post("/v1/responses", async (c) => {
  const params = await readBody(c, ResponsesCreateParams);
  const config = instanceConfig(c.env, VllmModelConfig);
  const target = gateway(c.env);
  const deadlineMs = config.timeout_s * 1000;
  const tokenIds = config.return_token_id_information;

  const request = toChatRequest(params, { model: config.model, tokenIds });
  const result = await call(target, "/v1/chat/completions", { body: request, deadlineMs });
  // An exhausted context ends the episode cleanly instead of failing the rollout.
  if (isContextLengthError(result)) return c.json(contextExhaustedResponse(params, request.model));
  const completion = parseCompletion(result);
  const promptTokenIds = tokenIds && lacksPromptTokenIds(completion) ? await tokenizePrompt(target, request, deadlineMs) : undefined;
  return c.json(toResponse(params, completion, { tokenIds, thinkTags: config.uses_reasoning_parser, promptTokenIds, hop: CHAT_HOP }));
});

app.post("/v1/chat/completions", async (c) => {
  const body = await readBody(c, PassthroughRequest);
  const config = instanceConfig(c.env, VllmModelConfig);
  const result = await call(gateway(c.env), "/v1/chat/completions", {
    body: { ...body, model: body.model ?? config.model },
    deadlineMs: config.timeout_s * 1000,
  });
  return c.json(jsonOf(result, CHAT_HOP) as object);
});

export default app;
