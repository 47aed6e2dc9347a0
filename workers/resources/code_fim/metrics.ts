// NeMo Gym's code_fim compute_metrics: pass@k and majority@k (votes over the spliced completion)
// of accuracy = passed.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import type { KeyMetric } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const SCORES = ["accuracy"];

const scoreFn: ScoreFn = (r) => ({ accuracy: r.passed === true ? 1 : 0 });

export const computeMetrics: ComputeMetrics = (tasks) => passMajorityBy(tasks, scoreFn, "completion");

export const keyMetrics: readonly KeyMetric[] = [
  "mean/input_tokens",
  "mean/output_tokens",
  { highestK: "pass@1[avg-of-{k}]", scores: SCORES },
  { highestK: "pass@{k}", scores: SCORES },
  { highestK: "majority@{k}", scores: SCORES },
];
