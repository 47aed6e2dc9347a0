// Difficulty-weighted pass@k, pass@1[avg-of-k] and majority@k (NeMo Gym's polymath, after NeMo
// Skills' WeightedMathMetrics): each task counts with the weight of its first rollout (missing, 0
// or null: 1), and each metric is 100 × the weighted sum over the tasks that have at least k
// rollouts with the score, over their total weight. Scores count as passed when not 0. Keys are
// `pass@k/<score>_weighted`, `pass@1[avg-of-k]/<score>_weighted` and, from k = 2,
// `majority@k/<score>_weighted`; no `no_answer` score is weighted.
import { passAtK } from "./pass_at_k.ts";
import type { TaskRollout } from "./pass_at_k.ts";

export interface WeightedTask {
  first: Readonly<Record<string, unknown>>;
  rollouts: readonly TaskRollout[];
}

function weightOf(first: Readonly<Record<string, unknown>>, field: string): number {
  const value = first[field];
  return typeof value === "number" && value !== 0 && !Number.isNaN(value) ? value : 1;
}

/**
 * The majority vote over the first k (answer, passed) pairs that have an answer, tied winners
 * averaged. As in the reference, the passes are those of the rollouts holding the score, paired
 * by position with the first k answers of all rollouts.
 */
function majority(answers: readonly (string | null | undefined)[], passed: readonly boolean[], k: number): { passed: number; tied: number } | undefined {
  const votes = new Map<string, { count: number; passed: boolean }>();
  for (let i = 0; i < Math.min(k, answers.length, passed.length); i++) {
    const answer = answers[i];
    if (answer === null || answer === undefined) continue;
    const key = JSON.stringify([answer, passed[i]]);
    const vote = votes.get(key) ?? { count: 0, passed: passed[i]! };
    vote.count++;
    votes.set(key, vote);
  }
  if (votes.size === 0) return undefined;
  let top = 0;
  for (const { count } of votes.values()) top = Math.max(top, count);
  const tied = [...votes.values()].filter((v) => v.count === top);
  return { passed: tied.filter((v) => v.passed).length, tied: tied.length };
}

export function weightedMetrics(tasks: readonly WeightedTask[], field = "weight"): Record<string, number> {
  const present = tasks.filter((t) => t.rollouts.length > 0);
  if (present.length === 0) return {};
  const maxK = present.reduce((n, t) => Math.max(n, t.rollouts.length), 0);
  const names = [...new Set(present.flatMap((t) => t.rollouts.flatMap((r) => Object.keys(r.scores))))].sort();
  const out: Record<string, number> = {};
  for (let k = 1; k <= maxK; k++) {
    for (const name of names) {
      let pass = 0;
      let avg = 0;
      let vote = 0;
      let total = 0;
      for (const task of present) {
        const passed = task.rollouts.flatMap((r) => (name in r.scores ? [r.scores[name] !== 0] : []));
        if (passed.length === 0 || k > passed.length) continue;
        const weight = weightOf(task.first, field);
        pass += weight * passAtK(passed.length, passed.filter(Boolean).length, k);
        avg += (weight * passed.slice(0, k).filter(Boolean).length) / k;
        if (k >= 2) {
          const won = majority(task.rollouts.map((r) => r.answer), passed, k);
          if (won !== undefined) vote += (weight * won.passed) / won.tied;
        }
        total += weight;
      }
      if (total === 0) continue;
      out[`pass@${k}/${name}_weighted`] = (100 * pass) / total;
      out[`pass@1[avg-of-${k}]/${name}_weighted`] = (100 * avg) / total;
      if (k >= 2) out[`majority@${k}/${name}_weighted`] = (100 * vote) / total;
    }
  }
  return out;
}
