// SQuAD / official HotpotQA answer scoring: the normalisation (lower case, ASCII punctuation
// dropped, the articles a/an/the dropped as whole words, whitespace collapsed), exact match, and
// token-overlap F1 with its yes/no/noanswer rule (such an answer scores only when both sides agree).
import { pySplit } from "./python_str.ts";

const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
// Python's \b is Unicode-aware: a word character is a letter, a number or "_".
const ARTICLE = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

export function normalizeAnswer(text: string): string {
  const noPunctuation = Array.from(text.toLowerCase()).filter((ch) => !PUNCTUATION.has(ch)).join("");
  return pySplit(noPunctuation.replace(ARTICLE, " ")).join(" ");
}

export const exactMatch = (prediction: string, truth: string): number => (normalizeAnswer(prediction) === normalizeAnswer(truth) ? 1 : 0);

export interface TokenF1 {
  f1: number;
  precision: number;
  recall: number;
}

const SPECIAL = new Set(["yes", "no", "noanswer"]);

export function tokenF1(prediction: string, truth: string): TokenF1 {
  const [p, t] = [normalizeAnswer(prediction), normalizeAnswer(truth)];
  const zero = { f1: 0, precision: 0, recall: 0 };
  if ((SPECIAL.has(p) || SPECIAL.has(t)) && p !== t) return zero;
  const predicted = pySplit(p);
  const wanted = new Map<string, number>();
  for (const token of pySplit(t)) wanted.set(token, (wanted.get(token) ?? 0) + 1);
  let same = 0;
  for (const token of predicted) {
    const left = wanted.get(token) ?? 0;
    if (left > 0) {
      same++;
      wanted.set(token, left - 1);
    }
  }
  if (same === 0) return zero;
  const precision = same / predicted.length;
  const recall = same / pySplit(t).length;
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}
