// The answer IFBench grades, as NeMo Gym reads it: the first content part of the last output item
// (a message, or a reasoning item that carries content); "" when that item has none (a tool call,
// a bare reasoning summary). A refusal part has no text and reads as "".
import type { Item } from "../../../shared/schemas/responses.ts";

export function finalResponseText(output: readonly Item[]): string {
  const last = output.at(-1);
  if (!last || (last.type !== "message" && last.type !== "reasoning") || !last.content) return "";
  if (typeof last.content === "string") return last.content;
  const part = last.content[0];
  return part && "text" in part && typeof part.text === "string" ? part.text : "";
}
