// A model server on a vLLM fleet (vllm_model, and the servers built on it, such as genrm_model),
// relaying to the fleet itself on its gpu_gateway's settings (fleet.ts). It speaks the Responses
// API and Anthropic Messages to agents and Chat Completions to the fleet, converting both ways;
// `stream: true` answers as SSE on every route. Its only state is the session cookie that keeps a
// rollout on one endpoint.
import type { Context } from "hono";
import { answerError, callStream, jsonOf } from "../../client/call.ts";
import { ENVIRONMENT_HEADER } from "../../fleet/headers.ts";
import type { ResponseObject, ResponsesCreateParams } from "../../schemas/responses.ts";
import { createServerApp } from "../../server/app.ts";
import type { AppEnv, BaseBindings } from "../../server/app.ts";
import { readBody } from "../../server/body.ts";
import { instanceConfig } from "../../server/instance_config.ts";
import { ok, rpcRoute } from "../../server/rpc.ts";
import type { RpcCall } from "../../server/rpc.ts";
import { PIN_HEADER } from "../../fleet/pin.ts";
import type { z } from "../../zod.ts";
import { toChatRequest } from "../chat/convert_request.ts";
import { contextExhaustedResponse, lacksPromptTokenIds, toResponse } from "../chat/convert_response.ts";
import { checkInputBudget } from "../input_budget.ts";
import { messagesRoute } from "../messages/route.ts";
import { addModelsRoute } from "../models_list.ts";
import { responseEvents } from "../response_events.ts";
import { SSE_HEADERS, toSse } from "../sse.ts";
import type { VllmModelConfig } from "./config.ts";
import { withAudio } from "./audio.ts";
import { withExtras } from "./extras.ts";
import { endpointPin, keepPin, modelSession } from "./session.ts";
import type { SessionBindings } from "./session.ts";
import { chatRequest, responsesRequest, splitTemplateMessages } from "./template_roles.ts";
import type { ResponsesRequest, TemplateMessage } from "./template_roles.ts";
import { CHAT_HOP, chatCompletion, fleetUpstream, isContextLengthError, parseCompletion, tokenizePrompt } from "./upstream.ts";
import type { Upstream } from "./upstream.ts";
import type { FleetBindings } from "./fleet.ts";

interface Bindings extends BaseBindings, SessionBindings, FleetBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

type Metadata = Record<string, string> | null | undefined;

export interface VllmServerOptions<C extends VllmModelConfig> {
  config: z.ZodType<C>;
  /** Roles the model's chat template defines beyond OpenAI's, accepted in requests (template_roles.ts). */
  templateRoles?(config: C): readonly string[];
  /**
   * Template messages a request's metadata carries (GenRM's pair to compare), to follow those the
   * request gave itself (`given`, for checks).
   */
  metadataMessages?(metadata: Metadata, given: readonly TemplateMessage[], config: C): TemplateMessage[];
}

export function vllmServer<C extends VllmModelConfig>(options: VllmServerOptions<C>) {
  const roles = (config: C) => options.templateRoles?.(config) ?? [];
  const fromMetadata = (metadata: Metadata, given: readonly TemplateMessage[], config: C) => options.metadataMessages?.(metadata, given, config) ?? [];

  async function upstreamOf(c: Context<AppEnv<Bindings>>, config: C): Promise<Upstream> {
    const pin = endpointPin(c);
    const fleetCall = { session: await modelSession(c), pin, environment: c.req.header(ENVIRONMENT_HEADER), signal: c.req.raw.signal, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) };
    const upstream = await fleetUpstream(c.env, fleetCall, config.timeout_s * 1000);
    return { ...upstream, answered: (headers) => keepPin(c, pin, headers) };
  }

  async function respond(params: ResponsesCreateParams, template: TemplateMessage[], config: C, upstream: Upstream): Promise<ResponseObject> {
    const tokenIds = config.return_token_id_information;
    const converted = toChatRequest(params, {
      model: config.model,
      tokenIds,
      developerAsSystem: config.replace_developer_role_with_system,
      reasoning: config.reasoning_upstream === "content_tags" ? { upstream: "content_tags", tags: config.reasoning_tags } : { upstream: "fields" },
    });
    const messages = withAudio([...converted.messages, ...template, ...fromMetadata(params.metadata, template, config)], params.metadata);
    const request = withExtras({ ...converted, messages }, config, params.metadata);
    checkInputBudget(request, config.max_input_chars);
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

  addModelsRoute(app, (c) => instanceConfig(c.env, options.config).model, "vllm");

  app.post("/v1/responses", async (c) => {
    const config = instanceConfig(c.env, options.config);
    const { stream, input, ...params } = await readBody(c, responsesRequest(roles(config)));
    const split = splitTemplateMessages(input, roles(config));
    const response = await respond({ ...params, input: split.input }, split.messages, config, await upstreamOf(c, config));
    return stream ? c.body(toSse(responseEvents(response)), 200, SSE_HEADERS) : c.json(response);
  });

  // An agent's model call over RPC: the params are the row's, checked where it entered, and the
  // items this server made. The session is the endpoint pin alone (the gateway routes by it).
  rpcRoute(app, "/v1/responses", async (call: RpcCall<Bindings>) => {
    const config = instanceConfig(call.env, options.config);
    const { stream: _, input, ...params } = call.request.body as ResponsesRequest;
    const split = splitTemplateMessages(input, roles(config));
    const pin = call.request.session ?? "";
    let kept = pin;
    const deadlineMs = Math.min(config.timeout_s * 1000, call.request.timeoutMs ?? Infinity);
    const fleetCall = { pin, environment: call.request.headers?.[ENVIRONMENT_HEADER], waitUntil: call.waitUntil };
    const upstream = { ...(await fleetUpstream(call.env, fleetCall, deadlineMs)), answered: (headers: Headers) => (kept = headers.get(PIN_HEADER) || kept) };
    const response = await respond({ ...params, input: split.input }, split.messages, config, upstream);
    return ok(response, kept === pin ? undefined : kept);
  });

  app.post(
    "/v1/messages",
    messagesRoute(async (params, c: Context<AppEnv<Bindings>>) => {
      const config = instanceConfig(c.env, options.config);
      return respond(params, [], config, await upstreamOf(c, config));
    }),
  );

  // A chat request's metadata is this server's to read (template messages, audio), never sent upstream.
  app.post("/v1/chat/completions", async (c) => {
    const config = instanceConfig(c.env, options.config);
    const { metadata, ...body } = await readBody(c, chatRequest(roles(config)));
    const upstream = await upstreamOf(c, config);
    const own = body.messages.map((m) => (config.replace_developer_role_with_system && m.role === "developer" ? { ...m, role: "system" as const } : m));
    const given = own.filter((m): m is TemplateMessage => roles(config).includes(m.role));
    const messages = withAudio([...own, ...fromMetadata(metadata, given, config)], metadata);
    const request = withExtras({ ...body, messages, model: config.model }, config);
    checkInputBudget(request, config.max_input_chars);
    if (!request.stream) return c.json(jsonOf(await chatCompletion(upstream, request), CHAT_HOP) as object);

    const result = await callStream(upstream.target, "/v1/chat/completions", { body: request, deadlineMs: upstream.deadlineMs, headers: upstream.headers, signal: upstream.signal });
    upstream.answered?.(result.headers);
    // A refusal comes before any event: it is answered as the error it is, not as a stream.
    if (result.status < 200 || result.status >= 300) {
      throw answerError({ status: result.status, text: await new Response(result.body).text(), headers: result.headers }, CHAT_HOP);
    }
    return c.body(result.body, 200, SSE_HEADERS);
  });

  return app;
}
