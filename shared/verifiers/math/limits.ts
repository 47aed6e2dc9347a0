// The largest answer the engine reads: parsing and evaluation recurse once per bracket level,
// so length and nesting are capped before any of it runs.
const MAX_ANSWER_CHARS = 2_000;
const MAX_DEPTH = 100;

function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const ch of text) {
    if (ch === "(" || ch === "[" || ch === "{") deepest = Math.max(deepest, ++depth);
    else if (ch === ")" || ch === "]" || ch === "}") depth--;
  }
  return deepest;
}

/** Whether a normalised answer is past what the engine reads (it then counts as out of budget). */
export const tooLarge = (text: string): boolean => text.length > MAX_ANSWER_CHARS || nestingDepth(text) > MAX_DEPTH;
