// What NeMo Gym's proof servers (proof_judge, proof_verification) read from a policy's or a
// judge's text: the last \boxed{...} score, one of 0, 0.5 and 1, and the policy's text as they
// join it. Shared by both servers, which read them alike.
import type { Item } from "../schemas/responses.ts";

/** The scores a proof grader may give. */
export const PROOF_SCORES = [0, 0.5, 1] as const;

// What Python's float() accepts as a finite decimal (digits may be grouped by single underscores).
const FLOAT = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/**
 * The score in the last `\boxed{`, up to the first `}` after it, when it reads as 0, 0.5 or 1
 * (`1.0`, ` 0.50 ` count); undefined otherwise, a later unreadable box hiding an earlier one.
 */
export function boxedScore(text: string): number | undefined {
  const start = text.lastIndexOf("\\boxed{");
  if (start === -1) return undefined;
  const from = start + "\\boxed{".length;
  const end = text.indexOf("}", from);
  if (end === -1) return undefined;
  const inner = text.slice(from, end).trim();
  if (!FLOAT.test(inner)) return undefined;
  const score = Number(inner.replaceAll("_", ""));
  return (PROOF_SCORES as readonly number[]).includes(score) ? score : undefined;
}

/** The policy's text: every output_text part of the assistant messages, joined as they are. */
export function assistantOutputText(output: readonly Item[]): string {
  const parts: string[] = [];
  for (const item of output) {
    if (item.type !== "message" || item.role !== "assistant" || typeof item.content === "string") continue;
    for (const part of item.content) if (part.type === "output_text") parts.push(part.text);
  }
  return parts.join("");
}

/** The text after the last `</think>`, trimmed (all of it when there is none). */
export function afterThinking(text: string): string {
  return text.split("</think>").at(-1)!.trim();
}

/** Whether a text is longer than `max` characters, counted as Python counts them (code points). */
export function longerThan(text: string, max: number): boolean {
  return text.length > max && [...text].length > max;
}
