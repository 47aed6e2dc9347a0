// A Responses `response` -> an Anthropic Message: message text becomes text blocks, reasoning
// becomes thinking blocks, function calls become tool_use blocks, in output order. Training token
// data has no place in the Messages API and is left out.
import { hopError } from "../../client/call.ts";
import type { Item, ResponseObject } from "../../schemas/responses.ts";
import type { ContentBlock, Message, MessagesUsage, StopReason } from "./schema.ts";

const hex = () => crypto.randomUUID().replaceAll("-", "");

function toolInput(call: Extract<Item, { type: "function_call" }>, hop: string): Record<string, unknown> {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments || "{}");
  } catch {
    input = undefined;
  }
  // tool_use input is an object by the API's contract; arguments that are not one cannot be carried.
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw hopError(502, hop, `${hop}: the model called ${call.name} with arguments that are not a JSON object, which the Messages API cannot carry: ${call.arguments.slice(0, 300)}`);
  }
  return input as Record<string, unknown>;
}

function blocks(item: Item, hop: string): ContentBlock[] {
  if (item.type === "message") {
    if (typeof item.content === "string") return [{ type: "text", text: item.content }];
    return item.content.flatMap((part): ContentBlock[] => {
      if (part.type === "output_text" || part.type === "input_text") return [{ type: "text", text: part.text }];
      if (part.type === "refusal") return [{ type: "text", text: part.refusal }];
      return [];
    });
  }
  if (item.type === "reasoning") {
    const texts = item.summary.length > 0 ? item.summary : (item.content ?? []);
    // An opaque reasoning item (encrypted only) has nothing to show.
    return texts.map((part) => ({ type: "thinking", thinking: part.text, signature: item.encrypted_content ?? "" }));
  }
  if (item.type === "function_call") return [{ type: "tool_use", id: item.call_id, name: item.name, input: toolInput(item, hop) }];
  return [];
}

function stopReason(response: ResponseObject, content: readonly ContentBlock[]): StopReason {
  const reason = response.incomplete_details?.reason;
  if (reason === "max_output_tokens") return "max_tokens";
  if (reason === "content_filter") return "refusal";
  return content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
}

function usage(response: ResponseObject): MessagesUsage {
  const cached = response.usage?.input_tokens_details.cached_tokens ?? 0;
  return {
    input_tokens: (response.usage?.input_tokens ?? 0) - cached,
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: 0,
    output_tokens: response.usage?.output_tokens ?? 0,
  };
}

/** `model`: the name the client asked for, as the reference echoes it. `hop` names the model server in errors. */
export function toMessage(response: ResponseObject, model: string, hop: string): Message {
  const content = response.output.flatMap((item) => blocks(item, hop));
  return {
    id: `msg_${hex()}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReason(response, content),
    stop_sequence: null,
    usage: usage(response),
  };
}
