// The answer in a reply, read as NeMo Gym's reasoning_gym server reads it: the text of every message
// joined as it is; the last <answer>...</answer> (stripped); else the first \boxed{...} holding no
// brace (stripped); else the whole text stripped. Scans with indexOf, so a hostile reply full of
// unclosed tags costs linear time, where a backtracking regex would not.
import type { Item } from "../../../shared/schemas/responses.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";

const OPEN = "<answer>";
const CLOSE = "</answer>";
const BOXED = "\\boxed{";

/** Every message's text (string content, or its output_text parts), joined with nothing between. */
export function messageText(output: readonly Item[]): string {
  const texts: string[] = [];
  for (const item of output) {
    if (item.type !== "message") continue;
    if (typeof item.content === "string") texts.push(item.content);
    else for (const part of item.content) if (part.type === "output_text") texts.push(part.text);
  }
  return texts.join("");
}

/** The last tagged answer: each match runs from an <answer> to the first </answer> after it, the next match starting after that. */
function lastTagged(text: string): string | undefined {
  let found: string | undefined;
  let from = 0;
  for (;;) {
    const open = text.indexOf(OPEN, from);
    if (open < 0) return found;
    const close = text.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) return found;
    found = text.slice(open + OPEN.length, close);
    from = close + CLOSE.length;
  }
}

/** The first \boxed{...} whose content is at least one character and holds no closing brace. */
function firstBoxed(text: string): string | undefined {
  let from = 0;
  let brace = -1;
  for (;;) {
    const start = text.indexOf(BOXED, from);
    if (start < 0) return undefined;
    const body = start + BOXED.length;
    if (brace < body) brace = text.indexOf("}", body);
    if (brace < 0) return undefined;
    if (brace > body) return text.slice(body, brace);
    from = body;
  }
}

export function extractAnswer(output: readonly Item[]): string {
  const text = messageText(output);
  const tagged = lastTagged(text);
  if (tagged !== undefined) return pyStrip(tagged);
  const boxed = firstBoxed(text);
  if (boxed !== undefined) return pyStrip(boxed);
  return pyStrip(text);
}
