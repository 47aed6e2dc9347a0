// BLEU as sacrebleu computes it, over an already tokenized hypothesis and reference (tokens split
// as Python's str.split()): n-grams up to 4, clipped matches, brevity penalty exp(1 - r/c), and
// sacrebleu's default 'exp' smoothing (each order with no match gets 100 / (2^k * total)). Sentence
// scores use effective order (orders with no n-gram at all are left out), as NeMo's BLEU() sets it.
import { exp, log } from "./libm.ts";
import { pySplit } from "../../../shared/verifiers/python_str.ts";

const MAX_ORDER = 4;

/**
 * [hyp_len, ref_len, correct x4, total x4], sacrebleu's BLEU statistics for one segment. Only the
 * hypothesis's n-grams the reference has are counted one by one (one it lacks ends the longer ones
 * at that position too), so a long reply costs no more than its length.
 */
export function bleuStatistics(hypothesis: string, reference: string): number[] {
  const hyp = pySplit(hypothesis);
  const ref = ngramCounts(pySplit(reference));
  const shared = new Map<string, number>();
  const correct = new Array<number>(MAX_ORDER).fill(0);
  for (let i = 0; i < hyp.length; i++) {
    for (let n = 1; n <= MAX_ORDER && i + n <= hyp.length; n++) {
      // Tokens joined by a newline, which no token holds (they were split on whitespace).
      const key = hyp.slice(i, i + n).join("\n");
      const inRef = ref.counts.get(key);
      if (inRef === undefined) break;
      const seen = (shared.get(key) ?? 0) + 1;
      shared.set(key, seen);
      if (seen <= inRef) correct[n - 1]!++;
    }
  }
  const total = Array.from({ length: MAX_ORDER }, (_, n) => Math.max(0, hyp.length - n));
  return [hyp.length, ref.length, ...correct, ...total];
}

function ngramCounts(tokens: readonly string[]): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  for (let n = 1; n <= MAX_ORDER; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const key = tokens.slice(i, i + n).join("\n");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return { counts, length: tokens.length };
}

/** The BLEU score (0-100) of (summed) statistics. */
export function bleuFromStatistics(stats: readonly number[], effectiveOrder: boolean): number {
  const [sysLen, refLen] = stats as [number, number];
  const correct = stats.slice(2, 2 + MAX_ORDER);
  const total = stats.slice(2 + MAX_ORDER, 2 + 2 * MAX_ORDER);
  let bp = 1;
  if (sysLen < refLen) bp = sysLen > 0 ? exp(1 - refLen / sysLen) : 0;
  if (!correct.some((c) => c > 0)) return 0;
  const precisions = new Array<number>(MAX_ORDER).fill(0);
  let smooth = 1;
  let order = MAX_ORDER;
  for (let n = 1; n <= MAX_ORDER; n++) {
    if (total[n - 1] === 0) break;
    if (effectiveOrder) order = n;
    if (correct[n - 1] === 0) {
      smooth *= 2;
      precisions[n - 1] = 100 / (smooth * total[n - 1]!);
    } else {
      precisions[n - 1] = (100 * correct[n - 1]!) / total[n - 1]!;
    }
  }
  // Summed left to right as Python's sum(), with correctly rounded log and exp, so the last bits agree too.
  let logSum = 0;
  for (const p of precisions.slice(0, order)) logSum += p === 0 ? -9999999999 : log(p);
  return bp * exp(logSum / order);
}
