// vLLM's OpenAI-compatible routes. Each handler takes the parsed JSON body (POST) and the request's
// headers and returns a reply; the server does the I/O.
import type { IncomingHttpHeaders } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { ENVIRONMENT_HEADER } from "../../shared/fleet/headers.ts";
import { ChatCompletionRequest, TokenizeRequest } from "../../shared/schemas/chat.ts";
import { z } from "../../shared/zod.ts";
import { completionBody, generate } from "./completion.ts";
import { ApiError, invalidBody } from "./errors.ts";
import type { Reply } from "./http.ts";
import { toTurns } from "./messages.ts";
import type { Metrics } from "./metrics.ts";
import type { DrawOutcome } from "./outcomes.ts";
import type { PrefixCache } from "./prefix_cache.ts";
import type { Replay } from "./replay.ts";
import { streamBody } from "./stream.ts";
import { renderPrompt } from "./template.ts";
import { decode, encode } from "./tokenizer.ts";

export interface RouteContext {
  model: string;
  maxModelLen: number;
  latencyMs: number;
  drawOutcome: DrawOutcome;
  startedAt: number;
  prefixCache: PrefixCache;
  promptTokensDetails: boolean;
  metrics: Metrics;
  replay?: Replay;
}

type Handler = (body: unknown, headers: IncomingHttpHeaders) => Reply | Promise<Reply>;

const ChatRequest = ChatCompletionRequest.extend({
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
});

// Both forms resolve to the text to tokenize; chat messages go through the same template as
// /v1/chat/completions, so the ids agree with its prompt_token_ids.
const [TokenizePrompt, TokenizeMessages] = TokenizeRequest.options;
const Tokenize = z.union([
  TokenizePrompt.transform((request) => request.prompt),
  TokenizeMessages.extend({ add_generation_prompt: z.boolean().optional() }).transform((request) =>
    renderPrompt(toTurns(request.messages), request.tools, request.add_generation_prompt ?? true),
  ),
]);

const Detokenize = z.looseObject({ model: z.string().optional(), tokens: z.array(z.number().int()) });

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw invalidBody(result.error);
  return result.data;
}

export function routes(context: RouteContext): Record<string, Partial<Record<"GET" | "POST", Handler>>> {
  const { model, maxModelLen } = context;
  return {
    "/": { GET: () => ({ json: { status: "ok" } }) },
    "/health": { GET: () => ({ json: {} }) },
    "/metrics": { GET: () => ({ text: context.metrics.render(model) }) },
    "/v1/models": {
      GET: () => ({
        json: {
          object: "list",
          data: [{ id: model, object: "model", created: context.startedAt, owned_by: "vllm", root: model, parent: null, max_model_len: maxModelLen, permission: [] }],
        },
      }),
    },
    "/v1/chat/completions": {
      POST: async (body, headers) => {
        const request = parse(ChatRequest, body);
        const environment = headers[ENVIRONMENT_HEADER];
        const { metrics } = context;
        metrics.running++;
        try {
          const generation = generate(request, context, typeof environment === "string" ? environment : undefined);
          metrics.prefixQueries += generation.promptIds.length;
          metrics.prefixHits += generation.cachedTokens;
          if (context.latencyMs > 0) await delay(context.latencyMs);
          metrics.succeeded++;
          if (typeof environment === "string") metrics.played(environment, generation.declined);
          if (request.stream) return { sse: streamBody(generation, request.stream_options?.include_usage === true) };
          return { json: completionBody(generation) };
        } finally {
          metrics.running--;
        }
      },
    },
    "/tokenize": {
      POST: (body) => {
        const tokens = encode(parse(Tokenize, body));
        return { json: { count: tokens.length, max_model_len: maxModelLen, tokens } };
      },
    },
    "/detokenize": {
      POST: (body) => {
        const { tokens } = parse(Detokenize, body);
        try {
          return { json: { prompt: decode(tokens) } };
        } catch (err) {
          throw new ApiError(400, (err as Error).message, { param: "tokens" });
        }
      },
    },
  };
}
