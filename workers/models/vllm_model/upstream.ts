// The model server's one upstream, the gpu_gateway Worker (a service binding), and how its answers
// are read.
import { call, hopError, jsonOf } from "../../../shared/client/call.ts";
import type { CallResult, Target } from "../../../shared/client/call.ts";
import { ChatCompletion, TokenizeResponse } from "../../../shared/schemas/chat.ts";
import type { ChatCompletionRequest } from "../../../shared/schemas/chat.ts";
import { HttpError } from "../../../shared/server/errors.ts";

export const CHAT_HOP = "gpu_gateway/v1/chat/completions";
const TOKENIZE_HOP = "gpu_gateway/tokenize";

export function gateway(env: { GATEWAY?: Fetcher }): Target {
  if (typeof env.GATEWAY?.fetch !== "function") throw new HttpError(500, "misconfigured", "no service binding GATEWAY to the gpu_gateway Worker");
  return { name: "gpu_gateway", fetcher: env.GATEWAY };
}

// vLLM answers 400 when the prompt plus max_tokens do not fit the model's context, e.g. "This
// model's maximum context length is 4096 tokens..." or "'max_tokens' ... is too large".
const CONTEXT_LENGTH = /maximum context length|context_length_exceeded|maximum model length|max_model_len|max_tokens|max_completion_tokens/i;

export function isContextLengthError(result: CallResult): boolean {
  return result.status === 400 && CONTEXT_LENGTH.test(result.text);
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
export async function tokenizePrompt(target: Target, request: ChatCompletionRequest, deadlineMs: number): Promise<number[]> {
  const body = { model: request.model, messages: request.messages, tools: request.tools, add_generation_prompt: true };
  const result = await call(target, "/tokenize", { body, deadlineMs });
  // Any refusal here is ours to own, not the caller's bad input: the caller never sent this request.
  if (result.status !== 200) throw hopError(502, TOKENIZE_HOP, `${TOKENIZE_HOP} answered ${result.status}: ${result.text.slice(0, 500)}`);
  const parsed = TokenizeResponse.safeParse(jsonOf(result, TOKENIZE_HOP));
  if (!parsed.success) throw hopError(502, TOKENIZE_HOP, `${TOKENIZE_HOP} answered a body without token ids`);
  return parsed.data.tokens;
}
