// The text a verifier grades: the text of every assistant message in a response's output, in
// order, joined by newlines and trimmed (tool calls, their outputs and reasoning are not answers).
import type { Item } from "../schemas/responses.ts";

type Message = Extract<Item, { type: "message" }>;

/** The episode's last assistant message: the answer, where earlier messages are drafts. */
export function lastAssistantMessage(output: readonly Item[]): Message | undefined {
  return output.findLast((item): item is Message => item.type === "message" && item.role === "assistant");
}

export function assistantText(output: readonly Item[]): string {
  const texts: string[] = [];
  for (const item of output) {
    if (item.type !== "message" || item.role !== "assistant") continue;
    if (typeof item.content === "string") texts.push(item.content);
    else for (const part of item.content) if (part.type === "output_text" || part.type === "input_text") texts.push(part.text);
  }
  return texts.join("\n").trim();
}

/** The output_text parts of every message, joined as they are (no separator, nothing trimmed): the text NeMo Gym's structured_outputs parses. */
export function joinedOutputText(output: readonly Item[]): string {
  const texts: string[] = [];
  for (const item of output) {
    if (item.type !== "message" || typeof item.content === "string") continue;
    for (const part of item.content) if (part.type === "output_text") texts.push(part.text);
  }
  return texts.join("");
}
