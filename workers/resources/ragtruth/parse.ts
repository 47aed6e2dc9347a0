// The hallucination list a reply gives: reasoning removed (<think> blocks, everything up to a
// stray closing tag, stray opening tags; the tag matched in any case), a ``` fence peeled (the
// whole reply's, else the first), then the rest read as one JSON object. Every step is a linear scan.
import { isPySpace, pyStrip } from "../../../shared/verifiers/python_str.ts";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Starts of `needle` in `text`, any case (Python's IGNORECASE folds as the u flag does). */
function finder(needle: string): (text: string, from: number) => number {
  const regex = new RegExp(escape(needle), "giu");
  return (text, from) => {
    regex.lastIndex = from;
    return regex.exec(text)?.index ?? -1;
  };
}

const skipSpace = (text: string, at: number) => {
  while (at < text.length && isPySpace(text[at]!)) at++;
  return at;
};

export function withoutThinking(text: string, tag: string): string {
  if (!text) return "";
  const [open, close] = [`<${tag}>`, `</${tag}>`];
  const [findOpen, findClose] = [finder(open), finder(close)];
  // Paired blocks, each from an opening tag to the first closing tag after it.
  let kept = "";
  let from = 0;
  for (;;) {
    const start = findOpen(text, from);
    const end = start === -1 ? -1 : findClose(text, start + open.length);
    if (end === -1) break;
    kept += text.slice(from, start);
    from = end + close.length;
  }
  kept += text.slice(from);
  // A closing tag left: everything up to the last one, and the whitespace after it, goes.
  let lastClose = -1;
  for (let at = findClose(kept, 0); at !== -1; at = findClose(kept, at + 1)) lastClose = at;
  if (lastClose !== -1) kept = kept.slice(skipSpace(kept, lastClose + close.length));
  // Stray opening tags, each with the whitespace after it.
  let out = "";
  from = 0;
  for (let at = findOpen(kept, 0); at !== -1; at = findOpen(kept, from)) {
    out += kept.slice(from, at);
    from = skipSpace(kept, at + open.length);
  }
  return pyStrip(out + kept.slice(from));
}

const FENCE = "```";
const JSON_TAG = /^json/iu;

/** ```json ... ``` around the whole text, else the first fenced block (when not blank), else the stripped text. */
export function withoutFence(text: string): string {
  if (!text.includes(FENCE)) return text;
  const s = pyStrip(text);
  if (s.length >= 2 * FENCE.length && s.startsWith(FENCE) && s.endsWith(FENCE)) return pyStrip(s.slice(FENCE.length, -FENCE.length).replace(JSON_TAG, ""));
  const start = s.indexOf(FENCE);
  if (start === -1) return s;
  let body = start + FENCE.length;
  if (JSON_TAG.test(s.slice(body, body + 4))) body += 4;
  body = skipSpace(s, body);
  const end = s.indexOf(FENCE, body);
  if (end === -1) return s;
  return pyStrip(s.slice(body, end)) || s;
}

/** The reply's JSON object, or null when there is none to read. */
export function parseReply(raw: string, tag: string): Record<string, unknown> | null {
  const cleaned = withoutFence(withoutThinking(raw, tag));
  if (!cleaned) return null;
  try {
    const parsed: unknown = JSON.parse(cleaned);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
