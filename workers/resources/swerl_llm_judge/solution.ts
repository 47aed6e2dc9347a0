// Reading the chosen fix's letter out of a `<solution>...</solution>` block. Both scans are linear:
// tags are found with indexOf-like sticky searches, never by a lazy scan from every opening tag.

const OPEN = /<solution>/giu;
const CLOSE = /<\/solution>/giu;

function find(tag: RegExp, text: string, from: number): RegExpExecArray | null {
  tag.lastIndex = from;
  return tag.exec(text);
}

/** The content of the last closed block (case-insensitive tags), blocks taken left to right as a regex scan would pair them. */
export function lastSolutionBlock(text: string): string | undefined {
  let last: string | undefined;
  let from = 0;
  for (;;) {
    const open = find(OPEN, text, from);
    if (!open) return last;
    const start = open.index + open[0].length;
    const close = find(CLOSE, text, start);
    // No later opening tag can close when this one does not.
    if (!close) return last;
    last = text.slice(start, close.index);
    from = close.index + close[0].length;
  }
}

const LETTER = /\p{L}/u;

/** lenient: the first letter of the last block that stands alone (no letter either side); null when it is not an option's. */
export function lenientChoice(text: string, letters: ReadonlySet<string>): string | null {
  const chars = [...(lastSolutionBlock(text)?.trim() ?? "")];
  const at = chars.findIndex((ch, i) => LETTER.test(ch) && !LETTER.test(chars[i - 1] ?? "") && !LETTER.test(chars[i + 1] ?? ""));
  if (at === -1) return null;
  const letter = chars[at]!.toUpperCase();
  return letters.has(letter) ? letter : null;
}

// Exactly one ASCII letter, optionally in brackets; the tags are case-sensitive here. Linear: the
// whitespace runs are bounded by the fixed tags and a failed attempt rescans nothing.
const STRICT = /<solution>\s*\[?([A-Za-z])\]?\s*<\/solution>/;

/** strict: the letter of the first block that holds only that letter; null when it is not an option's. */
export function strictChoice(text: string, letters: ReadonlySet<string>): string | null {
  const letter = STRICT.exec(text)?.[1]?.toUpperCase();
  return letter !== undefined && letters.has(letter) ? letter : null;
}
