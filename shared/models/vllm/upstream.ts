// The model server's one upstream, its vLLM fleet (relayed from here: fleet.ts), and how its
// answers are read. Every call carries the session's endpoint pin, so a rollout stays on one vLLM endpoint.
import { call, hopError, jsonOf } from "../../client/call.ts";
import type { CallResult, Target } from "../../client/call.ts";
import { ChatCompletion, TokenizeResponse } from "../../schemas/chat.ts";
import { ENVIRONMENT_HEADER, SESSION_HEADER } from "../../fleet/headers.ts";
import { PIN_HEADER } from "../../fleet/pin.ts";
import { fleetTarget } from "./fleet.ts";
import type { FleetBindings } from "./fleet.ts";
import type { UpstreamChatRequest } from "./template_roles.ts";

export const CHAT_HOP = "gpu_gateway/v1/chat/completions";
const TOKENIZE_HOP = "gpu_gateway/tokenize";

export interface Upstream {
  target: Target;
  deadlineMs: number;
  headers: Record<string, string>;
  /** The caller's own cancellation (its HTTP request's), beside the deadline. */
  signal?: AbortSignal;
  /** Sees every answer's headers (the endpoint the session was placed on). */
  answered?(headers: Headers): void;
}

/** What a call to the fleet carries besides its body. */
export interface FleetCall {
  /** The model server's session id (over HTTP; an RPC caller has only its pin). */
  session?: string;
  /** The endpoint the session carries (pin.ts); "" before its first answer. */
  pin: string;
  /** The caller's ENVIRONMENT_HEADER, passed on when present. */
  environment?: string;
  signal?: AbortSignal;
  waitUntil(promise: Promise<unknown>): void;
}

export async function fleetUpstream(env: FleetBindings, fleetCall: FleetCall, deadlineMs: number): Promise<Upstream> {
  const headers = { ...(fleetCall.session ? { [SESSION_HEADER]: fleetCall.session } : {}), [PIN_HEADER]: fleetCall.pin, ...(fleetCall.environment ? { [ENVIRONMENT_HEADER]: fleetCall.environment } : {}) };
  return { target: await fleetTarget(env, fleetCall.waitUntil), deadlineMs, headers, signal: fleetCall.signal };
}

// vLLM answers 400 when the prompt plus max_tokens do not fit the model's context, e.g. "This
// model's maximum context length is 4096 tokens..." or "'max_tokens' ... is too large".
const CONTEXT_LENGTH = /maximum context length|context_length_exceeded|maximum model length|max_model_len|max_tokens|max_completion_tokens/i;

export function isContextLengthError(result: CallResult): boolean {
  return result.status === 400 && CONTEXT_LENGTH.test(result.text);
}

export async function chatCompletion(upstream: Upstream, request: UpstreamChatRequest): Promise<CallResult> {
  const result = await call(upstream.target, "/v1/chat/completions", { body: request, deadlineMs: upstream.deadlineMs, headers: upstream.headers, signal: upstream.signal });
  upstream.answered?.(result.headers);
  return result;
}

export function parseCompletion(result: CallResult): ChatCompletion {
  const parsed = ChatCompletion.safeParse(jsonOf(result, CHAT_HOP));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw hopError(502, CHAT_HOP, `${CHAT_HOP} answered a body that is not a chat completion: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

/** The prompt's token ids as the upstream's chat template renders `request`. */
export async function tokenizePrompt(upstream: Upstream, request: UpstreamChatRequest): Promise<number[]> {
  const { model, messages, tools, chat_template_kwargs } = request;
  const body = { model, messages, tools, chat_template_kwargs, add_generation_prompt: true };
  const result = await call(upstream.target, "/tokenize", { body, deadlineMs: upstream.deadlineMs, headers: upstream.headers, signal: upstream.signal });
  // Any refusal here is ours to own, not the caller's bad input: the caller never sent this request.
  if (result.status !== 200) throw hopError(502, TOKENIZE_HOP, `${TOKENIZE_HOP} answered ${result.status}: ${result.text.slice(0, 500)}`);
  const parsed = TokenizeResponse.safeParse(jsonOf(result, TOKENIZE_HOP));
  if (!parsed.success) throw hopError(502, TOKENIZE_HOP, `${TOKENIZE_HOP} answered a body without token ids`);
  return parsed.data.tokens;
}
