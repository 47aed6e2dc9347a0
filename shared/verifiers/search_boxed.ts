// NeMo Skills' search_boxed, which NeMo Gym's imo_proofbench_judge and math_with_autograder use to
// hand the judge the model's final answer as written: the raw contents of the last `\boxed`
// (or, where allowed and there is no `\boxed` at all, the last `\fbox`), braces matched from that
// marker. Unlike lastBoxed (boxed.ts), a last `\boxed` without its own braces hides earlier boxes.
const BOXED = "\\boxed";
const FBOX = "\\fbox";

/**
 * The contents of the last `\boxed{...}` (`\fbox{...}` too with `fbox`); undefined when there is
 * none, its braces never close, or the marker is not directly followed by its opening brace.
 */
export function searchBoxed(text: string, { fbox = false }: { fbox?: boolean } = {}): string | undefined {
  let start = text.lastIndexOf(BOXED);
  if (start === -1 && fbox) start = text.lastIndexOf(FBOX);
  if (start === -1) return undefined;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      const whole = text.slice(start, i + 1);
      const prefix = [`${BOXED}{`, ...(fbox ? [`${FBOX}{`] : [])].find((p) => whole.startsWith(p));
      return prefix === undefined ? undefined : whole.slice(prefix.length, -1);
    }
  }
  return undefined;
}
