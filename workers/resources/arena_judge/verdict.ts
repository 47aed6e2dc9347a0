// Arena-hard verdict labels: `[[A>>B]]` ... `[[B>>A]]`. As arena-hard-auto reads them, a reply
// counts only when every label-shaped token in it says the same thing: a judge that writes two
// different verdicts (or quotes the list of choices) gave none, and the call is marked invalid.
export const VERDICTS = ["A>>B", "A>B", "A=B", "B>A", "B>>A"] as const;
export type Verdict = (typeof VERDICTS)[number];

const LABEL = /\[\[([AB<>=]+)\]\]/g;

/** The one verdict the reply gives, or null when it gives none, several, or one not in VERDICTS. */
export function parseVerdict(text: string): Verdict | null {
  const found = new Set([...text.matchAll(LABEL)].map((m) => m[1]!));
  if (found.size !== 1) return null;
  const [only] = found;
  return (VERDICTS as readonly string[]).includes(only!) ? (only as Verdict) : null;
}

/** The candidate wins when, shown first (as A), the judge prefers it to the baseline. */
export const candidateWins = (verdict: Verdict | null) => verdict === "A>>B" || verdict === "A>B";
