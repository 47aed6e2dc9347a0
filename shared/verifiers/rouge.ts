// ROUGE as Google's rouge-score package computes it with its default tokenizer and no stemmer:
// text lower-cased, every run of characters other than a-z and 0-9 a separator (so accented and
// non-Latin letters split words and vanish). ROUGE-1 is unigram overlap; ROUGE-L is the longest
// common subsequence of tokens, here by the bit-parallel LCS-length algorithm (Allison and Dix;
// Hyyrö), O(n·m/32) for n prediction and m reference tokens instead of a full n×m table.
import { harmonicMean, tokenOverlap, type Overlap } from "./token_overlap.ts";

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

export const rougeTokens = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

const asRouge = ({ precision, recall, f1 }: Overlap): RougeScore => ({ precision, recall, fmeasure: f1 });

/** rouge-score's `rouge1` of a prediction against a target. */
export const rouge1 = (target: string, prediction: string): RougeScore => asRouge(tokenOverlap(rougeTokens(prediction), rougeTokens(target)));

/** rouge-score's `rougeL` of a prediction against a target. */
export function rougeL(target: string, prediction: string): RougeScore {
  const [wanted, given] = [rougeTokens(target), rougeTokens(prediction)];
  if (wanted.length === 0 || given.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(wanted, given);
  const [precision, recall] = [lcs / given.length, lcs / wanted.length];
  return { precision, recall, fmeasure: harmonicMean(precision, recall) };
}

/** Length of the longest common subsequence of two token lists. */
export function lcsLength(reference: readonly string[], other: readonly string[]): number {
  const m = reference.length;
  const words = Math.ceil(m / 32);
  // One bit per reference position, set where that position holds the token.
  const masks = new Map<string, Uint32Array>();
  for (const [i, token] of reference.entries()) {
    let mask = masks.get(token);
    if (!mask) masks.set(token, (mask = new Uint32Array(words)));
    mask[i >>> 5]! |= 1 << (i & 31);
  }
  // Zero bits of V mark the reference positions the LCS has used so far.
  const v = new Uint32Array(words).fill(0xffffffff);
  for (const token of other) {
    const mask = masks.get(token);
    if (!mask) continue;
    // V <- (V + U) | (V - U) with U = V & mask; V - U is V & ~U since U is a subset of V.
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const u = (v[w]! & mask[w]!) >>> 0;
      const sum = v[w]! + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = (sum >>> 0) | (v[w]! & ~u);
    }
  }
  let used = 0;
  for (let i = 0; i < m; i++) if ((v[i >>> 5]! & (1 << (i & 31))) === 0) used++;
  return used;
}
