// Reading a verdict out of a judge's reply, the ways NeMo Gym's servers read theirs. A judge often
// restates the labels before deciding, so the one written last is its verdict.

/**
 * Which of `labels` the text writes last; undefined when it writes none. A label inside a longer
 * one (`[[A=B]]` in `[[A!=B]]`, `YES` in `NOT YES`) is not read there.
 */
export function lastLabel<L extends string>(text: string, labels: readonly L[]): L | undefined {
  let best: { label: L; at: number } | undefined;
  for (const label of labels) {
    let blanked = text;
    for (const longer of labels) if (longer !== label && longer.length > label.length && longer.includes(label)) blanked = blanked.replaceAll(longer, " ".repeat(longer.length));
    const at = blanked.lastIndexOf(label);
    if (at !== -1 && (best === undefined || at > best.at)) best = { label, at };
  }
  return best?.label;
}

/** The last match of `pattern` (made global here) in the text, or undefined. */
export function lastMatch(text: string, pattern: RegExp): RegExpExecArray | undefined {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  let last: RegExpExecArray | undefined;
  for (const match of text.matchAll(global)) last = match as RegExpExecArray;
  return last;
}

/** The last number `pattern`'s first group captures, as a finite number; undefined when there is none. */
export function lastNumber(text: string, pattern: RegExp): number | undefined {
  const group = lastMatch(text, pattern)?.[1];
  const value = group === undefined ? Number.NaN : Number(group);
  return Number.isFinite(value) ? value : undefined;
}
