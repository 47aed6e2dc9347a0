// NeMo Gym's math_proof_judgement metrics: pass@k and majority@k (over extracted_judgement) of its
// scores, accuracy (the reward) and the one-hot confusion counts tp, fp, fn, tn as true_positive,
// false_positive, false_negative, true_negative (a missing field scoring 0); then, after NeMo
// Skills' judgement metrics, precision, recall and F1 of the "Yes" verdict (the proof is correct)
// against each task's gold, read from its first rollout's expected_judgement, as percentages:
// - pass@1[avg-of-k]/{precision,recall,f1}: for each rollout index i < k, counts over every task's
//   rollout i, the three ratios from them; then each ratio averaged over the k indices;
// - pass@k/...: one verdict per task from its first k rollouts, the gold verdict if any of them
//   gave it, else the first verdict given;
// - majority@k/...: one verdict per task, the more frequent of Yes and No among its first k
//   rollouts, a tie going to the first verdict given.
// precision = tp / (tp + fp), recall = tp / (gold Yes tasks), each 1 when its denominator is 0
// (Skills' convention); a rollout or task without a verdict counts nowhere. total_positives is the
// number of gold Yes tasks.
import { confusionCounts, precisionRecallF1 } from "../../../shared/metrics/classification.ts";
import type { Labelled } from "../../../shared/metrics/classification.ts";
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";
import { parseJudgement } from "./judgement.ts";

type Verdict = boolean | null;

const scoreFn: ScoreFn = (r) => ({
  accuracy: Number(r.reward ?? 0),
  true_positive: Number(r.tp ?? 0),
  false_positive: Number(r.fp ?? 0),
  false_negative: Number(r.fn ?? 0),
  true_negative: Number(r.tn ?? 0),
});

const verdictOf = (label: unknown): Verdict => (label === "Yes" ? true : label === "No" ? false : null);

/** The three ratios of each confusion table averaged over the tables, as percentages. */
function averaged(tables: readonly Labelled[][], goldPositives: number): Record<"precision" | "recall" | "f1", number> {
  const sums = { precision: 0, recall: 0, f1: 0 };
  for (const pairs of tables) {
    const { tp, fp } = confusionCounts(pairs);
    const ratios = precisionRecallF1(tp, tp + fp, goldPositives, 1);
    sums.precision += ratios.precision;
    sums.recall += ratios.recall;
    sums.f1 += ratios.f1;
  }
  const n = tables.length;
  return { precision: (100 * sums.precision) / n, recall: (100 * sums.recall) / n, f1: (100 * sums.f1) / n };
}

const passVerdict = (verdicts: readonly Verdict[], gold: Verdict): Verdict => (gold !== null && verdicts.includes(gold) ? gold : (verdicts.find((v) => v !== null) ?? null));

function majorityVerdict(verdicts: readonly Verdict[]): Verdict {
  const yes = verdicts.filter((v) => v === true).length;
  const no = verdicts.filter((v) => v === false).length;
  if (yes !== no) return yes > no;
  return verdicts.find((v) => v !== null) ?? null;
}

export const computeMetrics: ComputeMetrics = (tasks) => {
  const maxK = tasks.reduce((n, t) => Math.max(n, t.length), 0);
  if (maxK === 0) return {};
  const golds = tasks.map((rollouts) => (rollouts.length > 0 ? parseJudgement(rollouts[0]!.expected_judgement as string | null | undefined) : null));
  const positives = golds.filter((g) => g === true).length;
  const verdicts = tasks.map((rollouts) => rollouts.map((r) => verdictOf(r.extracted_judgement)));

  const perIndex = Array.from({ length: maxK }, (_, i) => verdicts.flatMap((v, t) => (i < v.length ? [{ predicted: v[i]!, gold: golds[t]! }] : [])));
  const metrics: Record<string, unknown> = passMajorityBy(tasks, scoreFn, "extracted_judgement");
  const put = (prefix: string, ratios: Record<string, number>) => {
    for (const [name, value] of Object.entries(ratios)) metrics[`${prefix}/${name}`] = value;
  };
  for (let k = 1; k <= maxK; k++) put(`pass@1[avg-of-${k}]`, averaged(perIndex.slice(0, k), positives));
  for (let k = 1; k <= maxK; k++) put(`pass@${k}`, averaged([verdicts.map((v, t) => ({ predicted: passVerdict(v.slice(0, k), golds[t]!), gold: golds[t]! }))], positives));
  for (let k = 1; k <= maxK; k++) put(`majority@${k}`, averaged([verdicts.map((v, t) => ({ predicted: majorityVerdict(v.slice(0, k)), gold: golds[t]! }))], positives));
  metrics.total_positives = positives;
  return metrics;
};
