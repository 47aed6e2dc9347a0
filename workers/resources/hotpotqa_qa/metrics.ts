// NeMo Gym's HotpotQA metrics beyond pass@k and majority@k of its four scores (after NeMo Skills'
// HotpotQAMetrics): the same over the tasks whose ground truth is fit for substring grading (the
// first rollout's gt_should_remove is false), keyed `filtered_<metric>`, with filtered_num_tasks
// and unfiltered_num_tasks. NeMo reports them unless report_filtered_metrics is false.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

export const SCORES = ["answer_em", "answer_f1", "is_correct", "is_correct_strict"] as const;

// A score for each channel the response has.
const scoreFn: ScoreFn = (r) => Object.fromEntries(SCORES.filter((name) => name in r).map((name) => [name, Number(r[name])]));

export const computeMetrics = (tasks: Parameters<ComputeMetrics>[0], reportFiltered: boolean): Record<string, unknown> => {
  if (!reportFiltered) return {};
  const kept = tasks.filter((rollouts) => rollouts.length > 0 && !rollouts[0]!.gt_should_remove);
  const metrics: Record<string, unknown> = {};
  if (kept.length > 0) {
    const { per_sample_aggregate: _, ...filtered } = passMajorityBy(kept, scoreFn, "extracted_answer");
    for (const [key, value] of Object.entries(filtered)) metrics[`filtered_${key}`] = value;
  }
  metrics.filtered_num_tasks = kept.length;
  metrics.unfiltered_num_tasks = tasks.length;
  return metrics;
};
