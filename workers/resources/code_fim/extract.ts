// NeMo-Skills' FIM preprocessing, as NeMo Gym applies it: the last fenced block (```python
// preferred over a bare fence), nothing when it is not closed, whitespace inside kept (indentation
// matters to a splice); then one leading newline dropped and any repeat of the prefix's tail at
// the completion's head, or of the suffix's head at its tail, cut.

/** The code of the reply's last fenced block, or "" (no block, or one never closed). */
export function extractCodeStrict(reply: string): string {
  let text = reply.replaceAll("\r", "");
  const think = text.indexOf("</think>");
  if (think >= 0) text = text.slice(think + "</think>".length);
  let start = text.lastIndexOf("```python");
  let fence = "```python".length;
  if (start < 0) {
    start = text.lastIndexOf("```");
    fence = 3;
  }
  if (start < 0) return "";
  const rest = text.slice(start + fence);
  const end = rest.indexOf("```");
  return end < 0 ? "" : rest.slice(0, end);
}

// A whitespace run with no newline is never taken as an overlap: it is too likely to be chance.
const trivial = (overlap: string) => overlap.trim() === "" && !overlap.includes("\n");

/**
 * `following` without its head where that head repeats the longest possible tail of `preceding`.
 * Quadratic only in the shorter text, and one side is always the task's prefix or suffix.
 */
export function cutRepeatedHead(preceding: string, following: string): string {
  for (let i = Math.min(preceding.length, following.length); i > 0; i--) {
    const overlap = preceding.slice(-i);
    if (!trivial(overlap) && following.startsWith(overlap)) return following.slice(i);
  }
  return following;
}

/** `preceding` without its tail where that tail repeats the longest possible head of `following`. */
export function cutRepeatedTail(preceding: string, following: string): string {
  for (let i = Math.min(preceding.length, following.length); i > 0; i--) {
    const overlap = following.slice(0, i);
    if (!trivial(overlap) && preceding.endsWith(overlap)) return preceding.slice(0, -i);
  }
  return preceding;
}

/** The string spliced between the task's prefix and suffix. */
export function completionOf(code: string, prefix: string, suffix: string): string {
  const body = code.startsWith("\n") ? code.slice(1) : code;
  return cutRepeatedTail(cutRepeatedHead(prefix, body), suffix);
}
