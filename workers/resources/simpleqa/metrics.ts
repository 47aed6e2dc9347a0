// NeMo Gym's simpleqa compute_metrics (NeMo Skills' SimpleQAMetrics): pass@k and majority@k (votes
// over extracted_answer) of one flag per verdict tier (correct, incorrect, not_attempted; a
// response without the verdict field is not_attempted), then at every aggregation level A that has both
// `A/correct` and `A/incorrect` (fractions c and i of those percentages):
//   A/accuracy_given_attempted = c / (c + i)   (0 when nothing was attempted)
//   A/f1 = 2PR / (P + R) with P = accuracy_given_attempted, R = c   (0 when P + R is)
// both as percentages.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { precisionRecallF1 } from "../../../shared/metrics/classification.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const scoreFn: ScoreFn = (r) => {
  // Only a missing verdict defaults; a null one is no tier at all.
  const verdict = "verdict" in r ? r.verdict : "not_attempted";
  return { correct: verdict === "correct", incorrect: verdict === "incorrect", not_attempted: verdict === "not_attempted" };
};

export const computeMetrics: ComputeMetrics = (tasks) => {
  const metrics: Record<string, unknown> = passMajorityBy(tasks, scoreFn, "extracted_answer");
  const levels = new Set(Object.keys(metrics).filter((key) => key.includes("/correct")).map((key) => key.slice(0, key.lastIndexOf("/correct"))));
  for (const level of levels) {
    const incorrect = metrics[`${level}/incorrect`];
    if (typeof incorrect !== "number") continue;
    const correct = (metrics[`${level}/correct`] as number) / 100;
    // Precision is over the attempted questions (correct + incorrect), recall over all of them.
    const { precision, f1 } = precisionRecallF1(correct, correct + incorrect / 100, 1);
    metrics[`${level}/f1`] = 100 * f1;
    metrics[`${level}/accuracy_given_attempted`] = 100 * precision;
  }
  return metrics;
};
