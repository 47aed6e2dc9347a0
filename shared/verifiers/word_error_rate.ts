// Word error rate: the Levenshtein distance between the two texts' words (Python's str.split(), as
// the `editdistance` package sees word lists) over the reference's word count. Callers that score
// 1 - WER clamped at 0 (ruler2) need WER only below 1, so the distance only below the reference's
// length m: a hypothesis of 2m words or more is at least m edits away and costs nothing. What is
// left is a DP over at most 2m x m cells; when that passes the budget (references of more than about
// a thousand words, which no long-context row has: their references are needles and questions), the
// distance's multiset lower bound, max(n, m) minus the words the two share, stands in.
import { pySplit } from "./python_str.ts";

/** DP cells above which the multiset bound stands in; some tens of ms (exact for references up to ~1200 words). */
export const WER_BUDGET = 3_000_000;

/** Levenshtein distance between two word lists (unit costs), two rows of the full DP. */
export function wordEditDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  if (b.length === 0) return a.length;
  const ids = new Map<string, number>();
  const id = (word: string) => ids.get(word) ?? (ids.set(word, ids.size), ids.size - 1);
  const x = Int32Array.from(a, id);
  const y = Int32Array.from(b, id);
  let prev = Int32Array.from({ length: y.length + 1 }, (_, j) => j);
  let curr = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    curr[0] = i;
    const xi = x[i - 1]!;
    let left = i;
    for (let j = 1; j <= y.length; j++) {
      let best = prev[j - 1]! + (xi === y[j - 1] ? 0 : 1);
      const up = prev[j]! + 1;
      if (up < best) best = up;
      if (left + 1 < best) best = left + 1;
      curr[j] = left = best;
    }
    [prev, curr] = [curr, prev];
  }
  return prev[y.length]!;
}

/** max(n, m) minus the words the lists share as multisets: no alignment has fewer edits. */
function distanceLowerBound(a: readonly string[], b: readonly string[]): number {
  const left = new Map<string, number>();
  for (const word of b) left.set(word, (left.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of a) {
    const n = left.get(word) ?? 0;
    if (n > 0) {
      shared++;
      left.set(word, n - 1);
    }
  }
  return Math.max(a.length, b.length) - shared;
}

/**
 * min(WER, 1) of the hypothesis's words against the reference's, and whether it is exact (false:
 * the multiset bound stood in, so the value is a lower bound). A reference without words gives
 * Infinity uncapped, so 1 here.
 */
export function cappedWordErrorRateOfWords(hyp: readonly string[], ref: readonly string[], budget = WER_BUDGET): { wer: number; exact: boolean } {
  const m = ref.length;
  if (m === 0) return { wer: 1, exact: true };
  // At least n - m edits: from 2m words on, WER >= 1.
  if (hyp.length >= 2 * m) return { wer: 1, exact: true };
  if (hyp.length * m > budget) return { wer: Math.min(distanceLowerBound(hyp, ref) / m, 1), exact: false };
  return { wer: Math.min(wordEditDistance(hyp, ref) / m, 1), exact: true };
}

/** cappedWordErrorRateOfWords on the texts' words (Python's str.split()). */
export const cappedWordErrorRate = (hypothesis: string, reference: string, budget = WER_BUDGET) =>
  cappedWordErrorRateOfWords(pySplit(hypothesis), pySplit(reference), budget);
