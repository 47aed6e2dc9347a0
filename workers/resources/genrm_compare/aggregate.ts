// Pairwise verdicts into per-response rewards (the reference's `simple_tiebreaker`): each response
// averages the scores it got; where a verdict scores both the same, the ranking breaks the tie
// (below the midpoint 3.5 favours response 1, above it response 2, by the distance). Then the
// optional group adjustments: a bonus for the shortest reasoning or answer among the top scorers,
// and zero-centred length and style terms (shorter, plainer answers gain, longer, busier ones lose).
import { responseText } from "./response_text.ts";
import { styleDensity } from "./style.ts";
import type { Verdict } from "./verdict.ts";

const RANKING_MIDPOINT = 3.5;

export interface Comparison extends Verdict {
  response_i: number;
  response_j: number;
  judge_idx: number;
}

export interface Adjustments {
  default_score: number;
  reasoning_bonus: number;
  answer_bonus: number;
  top_percentile: number;
  group_reasoning_length_penalty_coeff: number;
  group_answer_length_penalty_coeff: number;
  group_style_penalty_coeff: number;
}

export interface Aggregate {
  rewards: number[];
  metrics: Record<string, number>;
}

/** Python's len(): code points. */
const length = (text: string) => [...text.trim()].length;

/** 1 for the smallest value down to 0 for the largest, minus their mean; all 0 when every value is equal. */
function zeroCentredWeights(values: readonly number[]): number[] {
  const max = Math.max(...values);
  const min = Math.min(...values);
  if (max === min) return values.map(() => 0);
  const raw = values.map((v) => 1 - (v - min) / (max - min));
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return raw.map((w) => w - mean);
}

/** The first index of the shortest non-empty length, if any. */
function shortest(lengths: readonly number[]): number | undefined {
  let best: number | undefined;
  lengths.forEach((len, i) => {
    if (len > 0 && (best === undefined || len < lengths[best]!)) best = i;
  });
  return best;
}

function lengthAdjust(scores: number[], responses: readonly Record<string, unknown>[], a: Adjustments): void {
  const texts = responses.map(responseText);
  const reasoning = texts.map((t) => length(t.reasoning));
  const answers = texts.map((t) => length(t.answer));
  const sorted = [...scores].sort((x, y) => y - x);
  const threshold = sorted[Math.max(0, Math.trunc(scores.length * a.top_percentile) - 1)]!;
  for (const [bonus, lengths] of [
    [a.reasoning_bonus, reasoning],
    [a.answer_bonus, answers],
  ] as const) {
    const idx = bonus > 0 ? shortest(lengths) : undefined;
    if (idx !== undefined && scores[idx]! >= threshold) scores[idx]! += bonus;
  }
  if (a.group_reasoning_length_penalty_coeff > 0 || a.group_answer_length_penalty_coeff > 0) {
    const rw = zeroCentredWeights(reasoning);
    const aw = zeroCentredWeights(answers);
    scores.forEach((_, i) => (scores[i]! += rw[i]! * a.group_reasoning_length_penalty_coeff + aw[i]! * a.group_answer_length_penalty_coeff));
  }
}

function styleAdjust(scores: number[], responses: readonly Record<string, unknown>[], coeff: number): void {
  const weights = zeroCentredWeights(responses.map((r) => styleDensity(responseText(r).answer)));
  scores.forEach((_, i) => (scores[i]! += weights[i]! * coeff));
}

export function aggregateComparisons(comparisons: readonly Comparison[], responses: readonly Record<string, unknown>[], a: Adjustments): Aggregate {
  const sums = responses.map(() => 0);
  const counts = responses.map(() => 0);
  const individual: number[] = [];
  let tiebreaks = 0;
  for (const c of comparisons) {
    individual.push(c.score_1, c.score_2);
    let [first, second] = [c.score_1, c.score_2];
    if (first === second) {
      tiebreaks++;
      const shift = RANKING_MIDPOINT - c.ranking;
      first += shift;
      second -= shift;
    }
    sums[c.response_i]! += first;
    sums[c.response_j]! += second;
    counts[c.response_i]!++;
    counts[c.response_j]!++;
  }
  const rewards = sums.map((sum, i) => (counts[i]! > 0 ? sum / counts[i]! : a.default_score));
  if (responses.length >= 2) {
    const anyLength = a.reasoning_bonus > 0 || a.answer_bonus > 0 || a.group_reasoning_length_penalty_coeff > 0 || a.group_answer_length_penalty_coeff > 0;
    if (anyLength) lengthAdjust(rewards, responses, a);
    if (a.group_style_penalty_coeff > 0) styleAdjust(rewards, responses, a.group_style_penalty_coeff);
  }
  const metrics: Record<string, number> = {};
  if (individual.length > 0) {
    const mean = individual.reduce((x, y) => x + y, 0) / individual.length;
    metrics.mean_individual_score = mean;
    metrics.std_individual_score = Math.sqrt(individual.reduce((s, x) => s + (x - mean) ** 2, 0) / individual.length);
  }
  if (comparisons.length > 0) metrics.tiebreak_usage_rate = tiebreaks / comparisons.length;
  return { rewards, metrics };
}
