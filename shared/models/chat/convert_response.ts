// A chat completion (vLLM's, or any chat API's) -> a Responses `response` object: reasoning, then
// the message, then the function calls, with the call's training token data on the last item
// (SPEC "Training token data").
import type { ChatChoice, ChatCompletion } from "../../schemas/chat.ts";
import { emptyUsage } from "../../schemas/responses.ts";
import type { Item, ResponseObject, ResponsesCreateParams, TokenIdFields, Usage } from "../../schemas/responses.ts";
import { hopError } from "../../client/call.ts";
import { splitReasoning } from "./reasoning.ts";
import type { ReasoningTags } from "./reasoning.ts";

export interface ResponseOptions {
  /** Put prompt/generation token ids and logprobs on the last output item. */
  tokenIds: boolean;
  /** Split reasoning spans between these tags out of the content; null leaves the content alone. */
  reasoningTags: ReasoningTags | null;
  /** The prompt's token ids from /tokenize, for completions that did not carry them. */
  promptTokenIds?: number[];
  /** The hop named when the completion lacks the token data asked for. */
  hop: string;
}

const hex = () => crypto.randomUUID().replaceAll("-", "");

function messageText(content: ChatChoice["message"]["content"]): string {
  if (content == null) return "";
  return typeof content === "string" ? content : content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

function outputMessage(text: string): Item {
  return { id: `msg_${hex()}`, type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] };
}

function outputItems(choice: ChatChoice, reasoningTags: ReasoningTags | null): Item[] {
  const { message } = choice;
  let text = messageText(message.content);
  const reasoning: string[] = [];
  const parsed = message.reasoning_content ?? message.reasoning;
  if (parsed) reasoning.push(parsed);
  if (reasoningTags) {
    const split = splitReasoning(text, reasoningTags);
    reasoning.push(...split.reasoning);
    text = split.text;
  }

  const items: Item[] = [];
  if (reasoning.length > 0) {
    items.push({ id: `rs_${hex()}`, type: "reasoning", summary: reasoning.map((t) => ({ type: "summary_text", text: t })) });
  }
  if (text) items.push(outputMessage(text));
  for (const call of message.tool_calls ?? []) {
    items.push({ id: `fc_${hex()}`, type: "function_call", call_id: call.id, name: call.function.name, arguments: call.function.arguments, status: "completed" });
  }
  // The agent needs something to read even when the model produced nothing.
  if (items.length === 0) items.push(outputMessage(""));
  return items;
}

const TOKEN_ID = /^token_id:(\d+)$/;

/** True when neither the message nor the completion carries the prompt's token ids. */
export function lacksPromptTokenIds(completion: ChatCompletion): boolean {
  return !completion.choices[0]!.message.prompt_token_ids && !completion.prompt_token_ids;
}

// Sources in order: a bundle already on the message; vLLM's prompt_token_ids + token_ids;
// logprobs of tokens rendered as `token_id:N` (with /tokenize for the prompt).
function tokenData(completion: ChatCompletion, options: ResponseOptions): TokenIdFields {
  const choice = completion.choices[0]!;
  const { prompt_token_ids, generation_token_ids, generation_log_probs } = choice.message;
  if (prompt_token_ids && generation_token_ids && generation_log_probs) return { prompt_token_ids, generation_token_ids, generation_log_probs };

  const missing = (what: string) => hopError(502, options.hop, `${options.hop} answered without ${what}, which return_token_id_information needs (a vLLM with return_token_ids and return_tokens_as_token_ids)`);
  const prompt = completion.prompt_token_ids ?? options.promptTokenIds;
  if (!prompt) throw missing("prompt_token_ids");
  const logprobs = choice.logprobs?.content;
  if (!logprobs) throw missing("logprobs");
  const generation =
    choice.token_ids ??
    logprobs.map(({ token }) => {
      const id = TOKEN_ID.exec(token)?.[1];
      if (id === undefined) throw missing(`token ids (got logprob token ${JSON.stringify(token)}, not "token_id:N")`);
      return Number(id);
    });
  if (generation.length !== logprobs.length) {
    throw hopError(502, options.hop, `${options.hop} answered ${generation.length} token ids but ${logprobs.length} logprobs`);
  }
  return { prompt_token_ids: prompt, generation_token_ids: generation, generation_log_probs: logprobs.map((l) => l.logprob) };
}

export function toUsage(usage: ChatCompletion["usage"]): Usage {
  if (!usage) return emptyUsage();
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: usage.completion_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
  };
}

// The request's settings echoed, as OpenAI's response objects carry them.
function echo(params: ResponsesCreateParams) {
  return {
    instructions: params.instructions ?? null,
    metadata: params.metadata ?? {},
    tools: params.tools ?? [],
    tool_choice: params.tool_choice ?? "auto",
    parallel_tool_calls: params.parallel_tool_calls ?? true,
    temperature: params.temperature ?? null,
    top_p: params.top_p ?? null,
    max_output_tokens: params.max_output_tokens ?? null,
    max_tool_calls: params.max_tool_calls ?? null,
    previous_response_id: params.previous_response_id ?? null,
    reasoning: params.reasoning ?? null,
    text: params.text ?? { format: { type: "text" } },
    truncation: params.truncation ?? "disabled",
    user: params.user ?? null,
    background: false,
  };
}

const maxOutputTokens = () => ({ reason: "max_output_tokens" });

// A turn cut short ends the episode: the agent stops on incomplete_details.
function incompleteReason(finishReason: string | null | undefined): string | undefined {
  if (finishReason === "length") return "max_output_tokens";
  if (finishReason === "content_filter") return "content_filter";
  return undefined;
}

export function toResponse(params: ResponsesCreateParams, completion: ChatCompletion, options: ResponseOptions): ResponseObject {
  const choice = completion.choices[0]!;
  const output = outputItems(choice, options.reasoningTags);
  if (options.tokenIds) Object.assign(output[output.length - 1]!, tokenData(completion, options));
  const incomplete = incompleteReason(choice.finish_reason);
  return {
    id: `resp_${hex()}`,
    object: "response",
    created_at: completion.created,
    model: completion.model,
    status: incomplete ? "incomplete" : "completed",
    output,
    usage: toUsage(completion.usage),
    incomplete_details: incomplete ? { reason: incomplete } : null,
    error: null,
    ...echo(params),
  };
}

/** The answer when the prompt leaves no room to generate: an empty turn the agent stops on. */
export function contextExhaustedResponse(params: ResponsesCreateParams, model: string): ResponseObject {
  return {
    id: `resp_${hex()}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model,
    status: "incomplete",
    output: [outputMessage("")],
    usage: emptyUsage(),
    incomplete_details: maxOutputTokens(),
    error: null,
    ...echo(params),
  };
}
