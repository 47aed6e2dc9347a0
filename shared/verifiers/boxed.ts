// `\boxed{...}` contents, brace-depth aware, so `\boxed{\frac{1}{2}}` is read whole rather than
// cut at the first `}`. Each lookup is one linear pass, whatever the model wrote.
const MARKER = "\\boxed{";
const OPEN = 123; // {
const CLOSE = 125; // }

/** The contents of the last `\boxed{`; undefined when there is none or it never closes. */
export function lastBoxed(text: string): string | undefined {
  const start = text.lastIndexOf(MARKER);
  if (start === -1) return undefined;
  const from = start + MARKER.length;
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === OPEN) depth++;
    else if (ch === CLOSE && --depth === 0) return text.slice(from, i);
  }
  return undefined;
}

/** Each `{` that closes, by its index, with the index of its `}`: braces matched once for a whole text. */
function closingBraces(text: string): Map<number, number> {
  const closeOf = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === OPEN) open.push(i);
    else if (ch === CLOSE) {
      const o = open.pop();
      if (o !== undefined) closeOf.set(o, i);
    }
  }
  return closeOf;
}

/**
 * The contents of the last `\boxed{` that closes: when the last box was cut off (a truncated
 * generation), the one before it stands in. Braces are matched once for the whole text.
 */
export function lastClosedBoxed(text: string): string | undefined {
  const closeOf = closingBraces(text);
  let start = text.lastIndexOf(MARKER);
  while (start !== -1) {
    const brace = start + MARKER.length - 1;
    const close = closeOf.get(brace);
    if (close !== undefined) return text.slice(brace + 1, close);
    // lastIndexOf treats a negative position as 0, which would find this marker again.
    start = start === 0 ? -1 : text.lastIndexOf(MARKER, start - 1);
  }
  return undefined;
}

// Math-Verify reads several boxes as one answer when they sit together: each earlier box joins
// when fewer than 10 characters separate it from the next, or when it differs from it and fewer
// than 70 characters with "and", "or", a comma or a semicolon separate them.
const NEAR = 10;
const SEPARATED = 70;
const SEPARATOR = /\b(?:and|or)\b|[,;]/;
const BOX_MARKER = /\\(?:boxed|fbox)\{/g;

/** The final run of boxes (contents in order, `end` just past the last) as Math-Verify joins them. */
export function finalBoxes(text: string): { contents: string[]; end: number } | undefined {
  const closeOf = closingBraces(text);
  // Closed boxes only: a last box cut off by the token limit leaves the run before it.
  const boxes: Array<{ start: number; close: number; content: string }> = [];
  for (const m of text.matchAll(BOX_MARKER)) {
    const brace = m.index + m[0].length - 1;
    const close = closeOf.get(brace);
    if (close !== undefined) boxes.push({ start: m.index, close, content: text.slice(brace + 1, close).trim() });
  }
  let next = boxes.at(-1);
  if (next === undefined) return undefined;
  const end = next.close + 1;
  const contents = [next.content];
  for (let k = boxes.length - 2; k >= 0; k--) {
    const box = boxes[k]!;
    // A box inside the run's next box is part of it.
    if (box.close >= next.start) continue;
    const between = text.slice(box.close + 1, next.start);
    const joins = between.length < NEAR || (box.content !== next.content && between.length < SEPARATED && SEPARATOR.test(between));
    if (!joins) break;
    if (box.content !== contents[0]) contents.unshift(box.content);
    next = box;
  }
  return { contents, end };
}
