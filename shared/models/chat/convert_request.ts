// Responses create params -> a Chat Completions request (vLLM's, or any chat API's). Items of one
// model turn (reasoning, message, function calls) become one assistant message, with the turn's
// training token data re-attached to it so the upstream can reuse the exact tokens (SPEC
// "Training token data").
import type { ChatCompletionRequest, ChatContentPart, ChatMessage, ChatTool, ChatToolCall } from "../../schemas/chat.ts";
import type { ContentPart, FunctionTool, Item, ResponsesCreateParams, TokenIdFields } from "../../schemas/responses.ts";
import { invalidRequest } from "../../server/errors.ts";
import { wrapReasoning } from "./reasoning.ts";
import type { ReasoningTags } from "./reasoning.ts";

export interface ChatRequestOptions {
  /** The configured model: the one the fleet serves, whatever the body names (as in NeMo Gym). */
  model: string;
  /** Ask for token ids and logprobs, and re-attach the ones items carry. */
  tokenIds: boolean;
  /** Send developer messages after the leading ones as system messages. */
  developerAsSystem: boolean;
  /** How reasoning goes back: message fields, or wrapped in these tags in the content. */
  reasoning: { upstream: "fields" } | { upstream: "content_tags"; tags: ReasoningTags };
}

function text(content: string | readonly ContentPart[], path: string): string {
  if (typeof content === "string") return content;
  return content
    .map((part, i) => {
      if (part.type === "input_text" || part.type === "output_text") return part.text;
      if (part.type === "refusal") return part.refusal;
      throw invalidRequest([{ path: `${path}[${i}]`, message: `${part.type} parts are not supported here: only a user message carries images or video` }]);
    })
    .join("\n");
}

const urlOf = (value: string | { url: string } | null | undefined) => (typeof value === "string" ? value : (value?.url ?? ""));

/** One content part of a user's message in the Chat Completions shape (as NeMo Gym converts it). */
function chatPart(part: ContentPart, path: string): ChatContentPart {
  if (part.type === "input_text" || part.type === "output_text") return { type: "text", text: part.text };
  if (part.type === "refusal") return { type: "text", text: part.refusal };
  if (part.type === "input_image") {
    const url = urlOf(part.image_url);
    if (!url) throw invalidRequest([{ path, message: "input_image needs a non-empty image_url (a URL or a base64 data URL); file ids are not resolved here" }]);
    return { type: "image_url", image_url: { url, detail: part.detail ?? "auto" } };
  }
  if (part.type === "input_video") {
    const url = urlOf(part.video_url ?? part.video);
    if (!url) throw invalidRequest([{ path, message: "input_video needs a non-empty video_url" }]);
    return { type: "video_url", video_url: { url } };
  }
  throw invalidRequest([{ path, message: `${part.type} parts are not supported: send text, images (input_image) or video (input_video)` }]);
}

/** A user's content: text stays one string (vLLM joins text parts with newlines itself); images or video make it a list of parts. */
function userContent(content: string | readonly ContentPart[], path: string): string | ChatContentPart[] {
  if (typeof content === "string" || !content.some((part) => part.type === "input_image" || part.type === "input_video")) return text(content, path);
  return content.map((part, i) => chatPart(part, `${path}[${i}]`));
}

function tokenFields(item: TokenIdFields): TokenIdFields | undefined {
  const { prompt_token_ids, generation_token_ids, generation_log_probs } = item;
  return prompt_token_ids && generation_token_ids && generation_log_probs ? { prompt_token_ids, generation_token_ids, generation_log_probs } : undefined;
}

interface AssistantTurn {
  reasoning: string[];
  content: string[];
  toolCalls: ChatToolCall[];
  tokens?: TokenIdFields;
}

const emptyTurn = (): AssistantTurn => ({ reasoning: [], content: [], toolCalls: [] });

// A model turn is emitted as reasoning, then message, then function calls, with token data on its
// last item; anything out of that order starts the next turn.
function startsNewTurn(turn: AssistantTurn, item: Item): boolean {
  if (turn.tokens) return true;
  if (item.type === "function_call") return false;
  return turn.content.length > 0 || turn.toolCalls.length > 0;
}

function assistantMessage(turn: AssistantTurn, options: ChatRequestOptions): ChatMessage {
  const reasoning = turn.reasoning.length > 0 ? turn.reasoning.join("\n") : undefined;
  let content = turn.content.length > 0 || turn.toolCalls.length === 0 ? turn.content.join("\n") : null;
  if (reasoning !== undefined && options.reasoning.upstream === "content_tags") content = wrapReasoning(reasoning, content ?? "", options.reasoning.tags);
  const message: ChatMessage = { role: "assistant", content };
  if (turn.toolCalls.length > 0) message.tool_calls = turn.toolCalls;
  // Both names: vLLM reads `reasoning` from 0.16 on, and `reasoning_content` before.
  if (reasoning !== undefined && options.reasoning.upstream === "fields") Object.assign(message, { reasoning_content: reasoning, reasoning });
  if (options.tokenIds && turn.tokens) Object.assign(message, turn.tokens);
  return message;
}

function toMessages(params: ResponsesCreateParams, options: ChatRequestOptions): ChatMessage[] {
  const items: Item[] = typeof params.input === "string" ? [{ type: "message", role: "user", content: params.input }] : params.input;
  const messages: ChatMessage[] = [];

  // instructions and the leading system/developer messages form one system prompt.
  const system = params.instructions ? [params.instructions] : [];
  let start = 0;
  for (; start < items.length; start++) {
    const item = items[start]!;
    if (item.type !== "message" || (item.role !== "system" && item.role !== "developer")) break;
    system.push(text(item.content, `input[${start}].content`));
  }
  if (system.length > 0) messages.push({ role: "system", content: system.join("\n\n") });

  let turn = emptyTurn();
  const flush = () => {
    if (turn.reasoning.length + turn.content.length + turn.toolCalls.length > 0) messages.push(assistantMessage(turn, options));
    turn = emptyTurn();
  };

  for (let i = start; i < items.length; i++) {
    const item = items[i]!;
    const isAssistant = item.type === "reasoning" || item.type === "function_call" || (item.type === "message" && item.role === "assistant");
    if (!isAssistant) {
      flush();
      if (item.type === "function_call_output") {
        messages.push({ role: "tool", tool_call_id: item.call_id, content: text(item.output, `input[${i}].output`) });
      } else if (item.type === "message") {
        const role = item.role === "developer" && options.developerAsSystem ? "system" : item.role;
        const path = `input[${i}].content`;
        messages.push({ role, content: role === "user" ? userContent(item.content, path) : text(item.content, path) });
      }
      continue;
    }
    if (startsNewTurn(turn, item)) flush();
    if (item.type === "reasoning") {
      turn.reasoning.push((item.summary.length > 0 ? item.summary : (item.content ?? [])).map((part) => part.text).join("\n"));
    } else if (item.type === "function_call") {
      turn.toolCalls.push({ id: item.call_id, type: "function", function: { name: item.name, arguments: item.arguments } });
    } else if (item.type === "message") {
      turn.content.push(text(item.content, `input[${i}].content`));
    }
    turn.tokens = tokenFields(item);
  }
  flush();
  return messages;
}

function chatTool(tool: FunctionTool): ChatTool {
  const fn: ChatTool["function"] = { name: tool.name };
  if (tool.description != null) fn.description = tool.description;
  if (tool.parameters != null) fn.parameters = tool.parameters;
  if (tool.strict != null) fn.strict = tool.strict;
  return { type: "function", function: fn };
}

export function toChatRequest(params: ResponsesCreateParams, options: ChatRequestOptions): ChatCompletionRequest {
  const request: ChatCompletionRequest = { model: options.model, messages: toMessages(params, options) };

  const choice = params.tool_choice;
  if (params.tools?.length) {
    request.tools = params.tools.map(chatTool);
    if (choice != null) request.tool_choice = typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } };
    if (params.parallel_tool_calls != null) request.parallel_tool_calls = params.parallel_tool_calls;
  } else if (choice === "required" || typeof choice === "object") {
    // vLLM refuses it too, with a less helpful message.
    throw invalidRequest([{ path: "tool_choice", message: "needs at least one tool in tools" }]);
  }

  if (params.temperature != null) request.temperature = params.temperature;
  if (params.top_p != null) request.top_p = params.top_p;
  if (params.max_output_tokens != null) request.max_tokens = params.max_output_tokens;
  if (params.reasoning?.effort != null) request.reasoning_effort = params.reasoning.effort;
  // top_logprobs 0: only the sampled token's logprob is needed, whatever else the request says.
  if (options.tokenIds) Object.assign(request, { logprobs: true, top_logprobs: 0, return_tokens_as_token_ids: true, return_token_ids: true });
  return request;
}
