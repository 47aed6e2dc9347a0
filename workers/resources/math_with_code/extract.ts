// NeMo Gym's math_with_code answer: the last `\boxed{}` (braces matched) of the latest assistant
// message that has one; when no message has one, of the latest tool output (its JSON `stdout`, or
// the raw output), since a model may print its boxed answer from code. Only the last box of a
// text counts: one left unclosed, or empty, is no answer from that text.
import type { Item } from "../../../shared/schemas/responses.ts";
import { lastBoxed } from "../../../shared/verifiers/boxed.ts";

function boxedIn(text: string): string | null {
  const content = lastBoxed(text)?.trim();
  return content ? content : null;
}

const partsText = (parts: ReadonlyArray<{ type: string; text?: string }>, type: string) =>
  parts.map((part) => (part.type === type ? (part.text ?? "") : "")).join("");

function messageText(item: Extract<Item, { type: "message" }>): string {
  return typeof item.content === "string" ? item.content : partsText(item.content, "output_text");
}

function stdoutOf(output: Extract<Item, { type: "function_call_output" }>["output"]): string {
  const raw = typeof output === "string" ? output : partsText(output, "input_text");
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      const stdout = (parsed as Record<string, unknown>).stdout;
      return typeof stdout === "string" ? stdout : "";
    }
  } catch {
    // Not a tool answer of ours: the model's text is the whole output.
  }
  return raw;
}

export function extractAnswer(output: readonly Item[]): string | null {
  const latestFirst = [...output].reverse();
  for (const item of latestFirst) {
    if (item.type !== "message" || item.role !== "assistant") continue;
    const found = boxedIn(messageText(item));
    if (found !== null) return found;
  }
  for (const item of latestFirst) {
    if (item.type !== "function_call_output") continue;
    const found = boxedIn(stdoutOf(item.output));
    if (found !== null) return found;
  }
  return null;
}
