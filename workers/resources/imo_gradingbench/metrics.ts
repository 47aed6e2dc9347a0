// NeMo Gym's imo_gradingbench metrics: pass@k and majority@k (over extracted_grade) of
// exact_accuracy (the reward) and binarized_accuracy (binary_match; a missing field scores 0), then
// NeMo Skills' MAE of the grades' points (score_diff, present when both grades were read):
// - pass@1[avg-of-k]/mae: over the score_diffs of every task's first k rollouts pooled;
// - pass@k/mae: over each task's smallest score_diff among its first k rollouts;
// each with its `_count` of values averaged, and `mae` / `mae_count` the pooled view at the
// highest k (every rollout).
import { meanAbsoluteError } from "../../../shared/metrics/classification.ts";
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const scoreFn: ScoreFn = (r) => ({ exact_accuracy: Number(r.reward ?? 0), binarized_accuracy: Boolean(r.binary_match) });

export const computeMetrics: ComputeMetrics = (tasks) => {
  const metrics: Record<string, unknown> = passMajorityBy(tasks, scoreFn, "extracted_grade");
  const maxK = tasks.reduce((n, t) => Math.max(n, t.length), 0);
  const diffs = tasks.map((rollouts) => rollouts.map((r) => (r.score_diff === null || r.score_diff === undefined ? null : Number(r.score_diff))));
  for (let k = 1; k <= maxK; k++) {
    const firstK = diffs.map((task) => task.slice(0, k).filter((d): d is number => d !== null));
    const pooled = firstK.flat();
    const best = firstK.filter((task) => task.length > 0).map((task) => Math.min(...task));
    if (pooled.length > 0) {
      metrics[`pass@1[avg-of-${k}]/mae`] = meanAbsoluteError(pooled);
      metrics[`pass@1[avg-of-${k}]/mae_count`] = pooled.length;
    }
    if (best.length > 0) {
      metrics[`pass@${k}/mae`] = meanAbsoluteError(best);
      metrics[`pass@${k}/mae_count`] = best.length;
    }
  }
  if (`pass@1[avg-of-${maxK}]/mae` in metrics) {
    metrics.mae = metrics[`pass@1[avg-of-${maxK}]/mae`];
    metrics.mae_count = metrics[`pass@1[avg-of-${maxK}]/mae_count`];
  }
  return metrics;
};
