// Reasoning text in assistant content, between configurable tags (`<think>…</think>` by default).
// Models write it as `<think>\n…\n</think>\n\n<answer>` (Qwen3, DeepSeek-R1); split and wrap use
// that layout, so such content survives a trip through Responses items byte for byte.
export type ReasoningTags = readonly [open: string, close: string];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The reasoning spans of `content`, and the content without them. */
export function splitReasoning(content: string, [open, close]: ReasoningTags): { reasoning: string[]; text: string } {
  const span = new RegExp(`${escape(open)}([\\s\\S]*?)${escape(close)}`, "g");
  const reasoning = [...content.matchAll(span)].map((m) => m[1]!.replace(/^\n+|\n+$/g, ""));
  if (reasoning.length === 0) return { reasoning, text: content };
  return { reasoning, text: content.replace(span, "").replace(/^\n+/, "") };
}

export function wrapReasoning(reasoning: string, text: string, [open, close]: ReasoningTags): string {
  return `${open}\n${reasoning}\n${close}\n\n${text}`;
}
