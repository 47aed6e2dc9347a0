// SpartQA's choose-object questions have four labels: the two objects the question names, "both
// of them" and "none of them". An answer resolves to one of them, or to none when it is ambiguous.
import { normalize, strip } from "./extract.ts";

export const BOTH = "both of them";
export const NONE = "none of them";

// Other ways to say "both" and "none"; each names one label only, so no leniency across labels.
const BOTH_ALIASES = new Set(["both", "both of them", "both objects", "both of the objects", "both of these"]);
const NONE_ALIASES = new Set(["none", "none of them", "none of the objects", "neither", "neither of them", "neither object", "no object", "dk", "do not know", "dont know"]);

/** Normalized with a leading article dropped: the stories and the labels disagree on articles. */
export const labelKey = (text: string) => strip(normalize(text).replace(/^(?:a|an|the)\s+/, ""));

/** The objects, then both and none, each key once (the first spelling kept). */
export function candidateLabels(options: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const label of [...options, BOTH, NONE]) {
    const key = labelKey(label);
    if (key && !byKey.has(key)) byKey.set(key, strip(label));
  }
  return [...byKey.values()];
}

/**
 * The one label an answer names: equal to it (articles aside), an alias of both or none, or else
 * containing exactly one label, a label inside a longer one that also matched not counting.
 */
export function matchLabel(prediction: string, labels: readonly string[]): string | null {
  const key = labelKey(prediction);
  if (!key) return null;
  const byKey = new Map(labels.map((label) => [labelKey(label), label]));
  const exact = byKey.get(key);
  if (exact !== undefined) return exact;
  const spelled = new Set(byKey.values());
  if (BOTH_ALIASES.has(key) && spelled.has(BOTH)) return byKey.get(labelKey(BOTH))!;
  if (NONE_ALIASES.has(key) && spelled.has(NONE)) return byKey.get(labelKey(NONE))!;
  const hits = [...byKey.keys()].filter((k) => k && key.includes(k));
  const specific = hits.filter((h) => !hits.some((other) => other !== h && other.includes(h)));
  return specific.length === 1 ? byKey.get(specific[0]!)! : null;
}
