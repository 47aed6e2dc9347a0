// The code in a reply, found as StructEval finds it: after unescaping (&lt; and &gt;, an empty
// think block, then Python's unicode_escape decoding), the first ``` fence's body (the fence line
// may name any language; the closing fence may be missing) wins; else the body after the first
// <|BEGIN_CODE|> up to <|END_CODE|> (or the end), any case; else the whole reply. Stripped.
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { unicodeEscapeDecode } from "./unicode_escape.ts";

const BEGIN = /<\|BEGIN_CODE\|>/i;
const END = /<\|END_CODE\|>/gi;
const FENCE = "```";

function fenceBody(text: string): string | undefined {
  const open = text.indexOf(FENCE);
  if (open === -1) return undefined;
  // The fence line runs to the first newline; with none after the first fence, none after a later one either.
  const lineEnd = text.indexOf("\n", open + FENCE.length);
  if (lineEnd === -1) return undefined;
  const close = text.indexOf(FENCE, lineEnd + 1);
  return text.slice(lineEnd + 1, close === -1 ? text.length : close);
}

function taggedBody(text: string): string | undefined {
  const begin = BEGIN.exec(text);
  if (!begin) return undefined;
  const start = begin.index + begin[0].length;
  END.lastIndex = start;
  const end = END.exec(text);
  return text.slice(start, end ? end.index : text.length);
}

export function extractCode(reply: string): string {
  const unescaped = reply.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("<think>\n\n</think>\n\n", "");
  const text = unicodeEscapeDecode(unescaped) ?? unescaped;
  return pyStrip(fenceBody(text) ?? taggedBody(text) ?? text);
}
