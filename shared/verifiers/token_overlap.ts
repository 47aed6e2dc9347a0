// Overlap of two bags of tokens (a multiset intersection): the precision, recall and F1 behind
// word-level F1 scores and ROUGE-1. Linear in the number of tokens.

export interface Overlap {
  precision: number;
  recall: number;
  f1: number;
}

function counts(tokens: readonly string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const token of tokens) bag.set(token, (bag.get(token) ?? 0) + 1);
  return bag;
}

/** Shared tokens counted min(in prediction, in reference); precision over the prediction, recall over the reference. Empty sides score 0. */
export function tokenOverlap(prediction: readonly string[], reference: readonly string[]): Overlap {
  const wanted = counts(reference);
  let shared = 0;
  for (const [token, n] of counts(prediction)) shared += Math.min(n, wanted.get(token) ?? 0);
  const precision = shared / Math.max(prediction.length, 1);
  const recall = shared / Math.max(reference.length, 1);
  return { precision, recall, f1: harmonicMean(precision, recall) };
}

/** 2PR / (P + R), 0 when both are 0 (the F-measure of rouge-score and of SQuAD-style F1). */
export const harmonicMean = (precision: number, recall: number): number =>
  precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
