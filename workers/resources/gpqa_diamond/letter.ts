// GPQA's own reading of the chosen letter (NeMo Gym's gpqa_diamond): the last \boxed{...} (its
// content up to the first "}") decides when there is one that holds a letter; else the last
// "Answer: X". Scans are linear: boxes by indexOf, the Answer pattern bounded per occurrence.
const OPEN = "\\boxed{";

/** The content of the last `\boxed{...}`, non-overlapping and unnested as a `[^}]*` pattern reads it. */
function lastBoxContent(text: string): string | undefined {
  let last: string | undefined;
  let from = 0;
  for (;;) {
    const open = text.indexOf(OPEN, from);
    if (open < 0) return last;
    const close = text.indexOf("}", open + OPEN.length);
    // No "}" after this box means none after any later one either.
    if (close < 0) return last;
    last = text.slice(open + OPEN.length, close);
    from = close + 1;
  }
}

// A capital standing alone as a word; word characters are Unicode ones, as in Python's `\b`.
const STANDALONE = /(?<![\p{L}\p{N}_])[A-Z](?![\p{L}\p{N}_])/gu;
// Case-insensitive [A-Z] in Python's Unicode mode also takes these four, which upper-case as Python's do.
const ANSWER = /[*_]{0,2}Answer[*_]{0,2}\s*:[\s*_]{0,2}\s*([A-Za-z\u0130\u0131\u017f\u212a])(?![a-zA-Z0-9])/giu;

function boxedLetter(content: string): string | undefined {
  const inner = content.trim();
  if ([...inner].length === 1 && /^\p{Uppercase}$/u.test(inner)) return inner;
  return [...inner.matchAll(STANDALONE)].at(-1)?.[0];
}

/** The letter the reply names, upper-cased, before any check against the options. */
export function gpqaLetter(text: string): string | null {
  const box = lastBoxContent(text);
  const boxed = box === undefined ? undefined : boxedLetter(box);
  if (boxed !== undefined) return boxed.toUpperCase();
  let last: string | undefined;
  for (const match of text.matchAll(ANSWER)) last = match[1];
  return last === undefined ? null : last.toUpperCase();
}
