// The reply as IHEval grades it, and the variants its loose scores try.
import type { Item } from "../../../shared/schemas/responses.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";

/** The output_text parts of every message; when there are none, any text part of a message (NeMo's fallback). */
export function replyText(output: readonly Item[]): string {
  const text = joinedOutputText(output);
  if (text) return text;
  const parts: string[] = [];
  for (const item of output) {
    if (item.type !== "message") continue;
    if (typeof item.content === "string") parts.push(item.content);
    else for (const part of item.content) if ("text" in part && typeof part.text === "string") parts.push(part.text);
  }
  return parts.join("");
}

/**
 * Reasoning removed the way NeMo's IHEval server removes it: only when a `</think>` occurs, every
 * `<think>...</think>` block (shortest match) is cut, or, with no complete block, everything up
 * to the first `</think>`; the result is then stripped. A reply with no `</think>` is kept as is,
 * surrounding whitespace included. One pass: each block search starts where the last one ended.
 */
export function withoutThink(text: string): string {
  if (!text.includes("</think>")) return text;
  let kept = "";
  let from = 0;
  for (;;) {
    const start = text.indexOf("<think>", from);
    const end = start === -1 ? -1 : text.indexOf("</think>", start + 7);
    if (end === -1) break;
    kept += text.slice(from, start);
    from = end + 8;
  }
  if (from === 0) return pyStrip(text.slice(text.indexOf("</think>") + 8));
  return pyStrip(kept + text.slice(from));
}

/**
 * IHEval's eight loose variants, in its order: the reply, without "*", without its first line,
 * its last line, or both (each stripped), and those three without "*". Blank ones are kept: the
 * callers decide what a blank variant scores.
 */
export function looseVariants(prediction: string): string[] {
  const lines = prediction.split("\n");
  const trimmed = [lines.slice(1), lines.slice(0, -1), lines.slice(1, -1)].map((kept) => pyStrip(kept.join("\n")));
  return [prediction, prediction.replaceAll("*", ""), ...trimmed, ...trimmed.map((variant) => variant.replaceAll("*", ""))];
}
