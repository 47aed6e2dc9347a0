// A finished Message as Anthropic's SSE event sequence: message_start (no content yet, stop_reason
// null), then per content block content_block_start, its delta(s) and content_block_stop, then
// message_delta (stop_reason, output tokens) and message_stop. As on /v1/responses, the answer is
// generated whole first, so both forms carry the same content.
import type { Event } from "../sse.ts";
import type { ContentBlock, Message } from "./schema.ts";

// How a block looks when it starts, before any of its content has arrived.
function started(block: ContentBlock): ContentBlock {
  if (block.type === "text") return { type: "text", text: "" };
  if (block.type === "thinking") return { type: "thinking", thinking: "", signature: "" };
  return { ...block, input: {} };
}

function deltas(block: ContentBlock): Record<string, unknown>[] {
  if (block.type === "text") return [{ type: "text_delta", text: block.text }];
  if (block.type === "thinking") {
    return [{ type: "thinking_delta", thinking: block.thinking }, ...(block.signature ? [{ type: "signature_delta", signature: block.signature }] : [])];
  }
  return [{ type: "input_json_delta", partial_json: JSON.stringify(block.input) }];
}

export function messageEvents(message: Message): Event[] {
  const { content, stop_reason, stop_sequence, usage } = message;
  const events: Event[] = [{ type: "message_start", message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 0 } } }];
  content.forEach((block, index) => {
    events.push({ type: "content_block_start", index, content_block: started(block) });
    for (const delta of deltas(block)) events.push({ type: "content_block_delta", index, delta });
    events.push({ type: "content_block_stop", index });
  });
  events.push({ type: "message_delta", delta: { stop_reason, stop_sequence }, usage: { output_tokens: usage.output_tokens } });
  events.push({ type: "message_stop" });
  return events;
}
