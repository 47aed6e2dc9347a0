// Sentence chrF exactly as sacrebleu's CHRF() defaults compute it (char_order 6, word_order 0,
// beta 2, whitespace dropped before counting, no eps smoothing): character n-grams over code points
// (Python indexes strings by code point, not by UTF-16 unit), precision and recall averaged over
// the orders that both sides have, then F-beta. Single reference.
import { pySplit } from "../../../shared/verifiers/python_str.ts";

const CHAR_ORDER = 6;
const BETA = 2;

type Counts = Map<string, number>;

/** The text without whitespace, and the UTF-16 offset of each code point (and of its end). */
function codePoints(text: string): { chars: string; at: Int32Array } {
  const chars = pySplit(text).join("");
  const at: number[] = [];
  for (let i = 0; i < chars.length; i += chars.codePointAt(i)! > 0xffff ? 2 : 1) at.push(i);
  at.push(chars.length);
  return { chars, at: Int32Array.from(at) };
}

function charNgrams(text: string): Counts[] {
  const { chars, at } = codePoints(text);
  const orders: Counts[] = [];
  for (let n = 1; n <= CHAR_ORDER; n++) {
    const counts: Counts = new Map();
    for (let i = 0; i + n < at.length; i++) {
      const gram = chars.slice(at[i]!, at[i + n]!);
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
    orders.push(counts);
  }
  return orders;
}

/**
 * [hyp, ref, match] per order, flattened, as sacrebleu's CHRF statistics. Only the hypothesis's
 * n-grams the reference has are counted one by one (an n-gram the reference lacks ends the longer
 * ones at that position too), so a long reply costs no more than its length.
 */
export function chrfStatistics(hypothesis: string, reference: string): number[] {
  const ref = charNgrams(reference);
  const { chars, at } = codePoints(hypothesis);
  const length = at.length - 1;
  const shared: Counts[] = ref.map(() => new Map());
  for (let i = 0; i < length; i++) {
    for (let n = 1; n <= CHAR_ORDER && i + n <= length; n++) {
      const gram = chars.slice(at[i]!, at[i + n]!);
      if (!ref[n - 1]!.has(gram)) break;
      shared[n - 1]!.set(gram, (shared[n - 1]!.get(gram) ?? 0) + 1);
    }
  }
  const stats: number[] = [];
  for (let n = 0; n < CHAR_ORDER; n++) {
    let matches = 0;
    for (const [gram, count] of shared[n]!) matches += Math.min(count, ref[n]!.get(gram)!);
    let refCount = 0;
    for (const count of ref[n]!.values()) refCount += count;
    // A hypothesis n-gram counts only when the reference has some of that order.
    stats.push(ref[n]!.size > 0 ? Math.max(0, length - n) : 0, refCount, matches);
  }
  return stats;
}

/** The chrF score (0-100) of summed statistics. */
export function chrfFromStatistics(stats: readonly number[]): number {
  const eps = 1e-16;
  const factor = BETA ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effectiveOrder = 0;
  for (let n = 0; n < CHAR_ORDER; n++) {
    const [hyp, ref, match] = stats.slice(3 * n, 3 * n + 3) as [number, number, number];
    const prec = hyp > 0 ? match / hyp : eps;
    const rec = ref > 0 ? match / ref : eps;
    if (hyp > 0 && ref > 0) {
      avgPrec += prec;
      avgRec += rec;
      effectiveOrder += 1;
    }
  }
  if (effectiveOrder === 0) return 0;
  avgPrec /= effectiveOrder;
  avgRec /= effectiveOrder;
  if (avgPrec + avgRec === 0) return 0;
  // In sacrebleu's order of operations, so the last bits agree too.
  const score = ((1 + factor) * avgPrec * avgRec) / (factor * avgPrec + avgRec);
  return 100 * score;
}

export function sentenceChrf(hypothesis: string, reference: string): number {
  return chrfFromStatistics(chrfStatistics(hypothesis, reference));
}
