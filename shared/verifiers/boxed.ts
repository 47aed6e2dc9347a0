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

/**
 * The contents of the last `\boxed{` that closes: when the last box was cut off (a truncated
 * generation), the one before it stands in. Braces are matched once for the whole text.
 */
export function lastClosedBoxed(text: string): string | undefined {
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
