// NeMo Gym's arena_judge compute_metrics: pass@k and majority@k (votes over verdict_gen_base) of
// the gen-base verdict's outcomes, overall and per category, then Arena-Elo (elo.ts) overall
// (`arena_elo/<stat>`) and per category (`arena_elo/<category>/<stat>`):
//   wins = A>>B or A>B; strict_wins = A>>B; ties = A=B; losses = B>A or B>>A;
//   double_wins = a win in gen-base and the baseline losing base-gen too (B>A or B>>A);
//   invalid_gen_base = the response's invalid_gen_base flag
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import type { KeyMetric } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy, subsetsBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";
import { arenaElo, bestVerdict } from "./elo.ts";

type Json = Record<string, unknown>;

const ANSWER_KEY = "verdict_gen_base";

const scoreFn: ScoreFn = (r) => {
  const gen = r.verdict_gen_base;
  const base = r.verdict_base_gen;
  const win = gen === "A>>B" || gen === "A>B";
  return {
    wins: win,
    strict_wins: gen === "A>>B",
    ties: gen === "A=B",
    losses: gen === "B>A" || gen === "B>>A",
    double_wins: win && (base === "B>A" || base === "B>>A"),
    invalid_gen_base: Boolean(r.invalid_gen_base),
  };
};

function eloMetrics(tasks: readonly (readonly Json[])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const pairs = tasks.filter((task) => task.length > 0).map((task) => ({
    pair: [bestVerdict(task.map((r) => r.verdict_gen_base), false), bestVerdict(task.map((r) => r.verdict_base_gen), true)] as const,
    category: task[0]!.category,
  }));
  for (const [stat, value] of Object.entries(arenaElo(pairs.map((p) => p.pair)))) out[`arena_elo/${stat}`] = value;
  // Unlike the pass@k subsets, an empty category is one; only a missing or null one is none.
  const byCategory = new Map<string, (typeof pairs)[number]["pair"][]>();
  for (const { pair, category } of pairs) {
    if (category === undefined || category === null) continue;
    const name = String(category);
    byCategory.set(name, [...(byCategory.get(name) ?? []), pair]);
  }
  for (const [category, group] of byCategory) {
    for (const [stat, value] of Object.entries(arenaElo(group))) out[`arena_elo/${category}/${stat}`] = value;
  }
  return out;
}

export const computeMetrics: ComputeMetrics = (tasks) => ({
  ...passMajorityBy(tasks, scoreFn, ANSWER_KEY),
  ...subsetsBy(tasks, "category", scoreFn, ANSWER_KEY),
  ...eloMetrics(tasks),
});

// NeMo Gym's get_key_metrics: token means, the overall Arena-Elo, then pass@1[avg-of-k] and pass@k
// (no_answer aside) at the highest k.
export const keyMetrics: readonly KeyMetric[] = [
  "mean/input_tokens",
  "mean/output_tokens",
  "arena_elo/score",
  "arena_elo/ci_lower",
  "arena_elo/ci_upper",
  "arena_elo/invalid_scores",
  { highestK: "pass@1[avg-of-{k}]" },
  { highestK: "pass@{k}", exclude: ["no_answer"] },
];
