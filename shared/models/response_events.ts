// A finished Responses object as the Responses API's SSE event sequence: created, in_progress,
// then per output item `output_item.added`, its part/text/argument events and `output_item.done`,
// then `completed` (or `incomplete`). The response is generated whole first, through the same
// conversion as a non-streaming call, so both forms carry identical items and token data; rollouts
// need exact data, not time-to-first-token.
import type { Item, ResponseObject } from "../schemas/responses.ts";
import type { Event } from "./sse.ts";

const TOKEN_FIELDS = ["prompt_token_ids", "generation_token_ids", "generation_log_probs"] as const;

// How an item looks when it is announced, before any of its content has arrived.
function announced(item: Item): Record<string, unknown> {
  const bare: Record<string, unknown> = { ...item };
  for (const field of TOKEN_FIELDS) delete bare[field];
  if (item.type === "message") return { ...bare, status: "in_progress", content: [] };
  if (item.type === "function_call") return { ...bare, status: "in_progress", arguments: "" };
  if (item.type === "reasoning") return { ...bare, summary: [] };
  return bare;
}

function itemEvents(item: Item, output_index: number): Event[] {
  const item_id = item.id ?? "";
  const at = { item_id, output_index };
  if (item.type === "message" && typeof item.content !== "string") {
    return item.content.flatMap((part, content_index): Event[] => {
      if (part.type !== "output_text") return [];
      const empty = { ...part, text: "" };
      return [
        { type: "response.content_part.added", ...at, content_index, part: empty },
        ...(part.text ? [{ type: "response.output_text.delta", ...at, content_index, delta: part.text, logprobs: [] }] : []),
        { type: "response.output_text.done", ...at, content_index, text: part.text, logprobs: [] },
        { type: "response.content_part.done", ...at, content_index, part },
      ];
    });
  }
  if (item.type === "reasoning") {
    return item.summary.flatMap((part, summary_index): Event[] => [
      { type: "response.reasoning_summary_part.added", ...at, summary_index, part: { ...part, text: "" } },
      ...(part.text ? [{ type: "response.reasoning_summary_text.delta", ...at, summary_index, delta: part.text }] : []),
      { type: "response.reasoning_summary_text.done", ...at, summary_index, text: part.text },
      { type: "response.reasoning_summary_part.done", ...at, summary_index, part },
    ]);
  }
  if (item.type === "function_call") {
    return [
      ...(item.arguments ? [{ type: "response.function_call_arguments.delta", ...at, delta: item.arguments }] : []),
      { type: "response.function_call_arguments.done", ...at, name: item.name, arguments: item.arguments },
    ];
  }
  return [];
}

export function responseEvents(response: ResponseObject): Event[] {
  const started = { ...response, status: "in_progress", output: [], usage: null, incomplete_details: null };
  const events: Event[] = [
    { type: "response.created", response: started },
    { type: "response.in_progress", response: started },
  ];
  response.output.forEach((item, output_index) => {
    events.push({ type: "response.output_item.added", output_index, item: announced(item) });
    events.push(...itemEvents(item, output_index));
    events.push({ type: "response.output_item.done", output_index, item });
  });
  events.push({ type: response.status === "incomplete" ? "response.incomplete" : "response.completed", response });
  return events.map((event, sequence_number) => ({ ...event, sequence_number }));
}
