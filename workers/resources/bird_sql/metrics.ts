// NeMo Gym's bird_sql compute_metrics: pass@k and majority@k (votes over extracted_sql) of
// accuracy = 1 when the reward is above 0 (a missing reward is 0), overall and per difficulty.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import type { KeyMetric } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy, subsetsBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const ANSWER_KEY = "extracted_sql";

const scoreFn: ScoreFn = (r) => ({ accuracy: typeof r.reward === "number" && r.reward > 0 });

export const computeMetrics: ComputeMetrics = (tasks) => ({ ...passMajorityBy(tasks, scoreFn, ANSWER_KEY), ...subsetsBy(tasks, "difficulty", scoreFn, ANSWER_KEY) });

// NeMo Gym's get_key_metrics: token means, accuracy's pass@1[avg-of-k] and pass@k at the highest
// k, and each subset's pass@1[avg-of-k] (the subsets found among the metrics, as the reference finds them).
export const keyMetrics: readonly KeyMetric[] = [
  "mean/input_tokens",
  "mean/output_tokens",
  { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy"] },
  { highestK: "pass@{k}", scores: ["accuracy"] },
  { eachSubset: "pass@1[avg-of-{k}]", scores: ["accuracy"] },
];
