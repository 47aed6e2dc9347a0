// The answer a reply gives: the last ```json fenced object with an "answer" key, else the last
// brace-balanced object with one, else the whole (stripped) reply. Both scans are linear: a model
// can send hundreds of kilobytes of braces and fences.
import { isPySpace, pyStrip } from "../../../shared/verifiers/python_str.ts";
import { pyStr } from "./python_str.ts";

const FENCE = "```";

/** The answer of a JSON object text that has one (json.loads, then str() of the value). */
function answerOf(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed) || !("answer" in parsed)) return undefined;
  return pyStr((parsed as Record<string, unknown>).answer);
}

/**
 * The objects of ```(json)?\s*({...})\s*``` matches, non-overlapping, left to right: each runs
 * from the brace after an opening fence to the first later "}" that only whitespace separates
 * from a fence.
 */
function fencedObjects(text: string): string[] {
  // closeAt[i]: the first "}" at or after i that closes a fenced object, and where its fence ends.
  const closers: Array<[brace: number, end: number]> = [];
  for (let at = text.indexOf(FENCE); at !== -1; at = text.indexOf(FENCE, at + 1)) {
    let k = at - 1;
    while (k >= 0 && isPySpace(text[k]!)) k--;
    if (k >= 0 && text[k] === "}" && closers.at(-1)?.[0] !== k) closers.push([k, at + FENCE.length]);
  }
  const objects: string[] = [];
  let next = 0; // first closer not yet passed
  for (let at = text.indexOf(FENCE); at !== -1; ) {
    let i = at + FENCE.length;
    if (text.startsWith("json", i)) i += 4;
    while (i < text.length && isPySpace(text[i]!)) i++;
    if (text[i] !== "{") {
      at = text.indexOf(FENCE, at + 1);
      continue;
    }
    while (next < closers.length && closers[next]![0] <= i) next++;
    const closer = closers[next];
    if (!closer) break; // no later opening can close either
    objects.push(text.slice(i, closer[0] + 1));
    at = text.indexOf(FENCE, closer[1]);
  }
  return objects;
}

/** Brace-balanced spans, left to right (braces inside strings count too); an unclosed one ends the scan. */
function balancedObjects(text: string): string[] {
  const objects: string[] = [];
  let start = -1;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (start === -1) {
      if (ch === "{") [start, depth] = [i, 1];
      continue;
    }
    if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      objects.push(text.slice(start, i + 1));
      start = -1;
    }
  }
  return objects;
}

const lastAnswer = (objects: string[]) => objects.reduceRight<string | undefined>((found, object) => found ?? answerOf(object), undefined);

export function parseAnswer(generation: string): string {
  if (!generation) return "";
  const text = pyStrip(generation);
  return lastAnswer(fencedObjects(text)) ?? lastAnswer(balancedObjects(text)) ?? text;
}
