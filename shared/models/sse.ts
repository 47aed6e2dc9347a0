// Server-sent events as the OpenAI and Anthropic APIs write them: each event's type on its `event:`
// line and the event itself as JSON on its `data:` line.
export type Event = { type: string } & Record<string, unknown>;

export const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };

export function toSse(events: readonly Event[]): string {
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join("");
}
