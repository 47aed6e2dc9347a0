// NeMo Gym's evalplus compute_metrics: pass@k and majority@k (votes over extracted_model_code) of
//   passing_base_tests = is_correct      (every base test passes; 0 when the response lacks it)
//   passing_plus_tests = is_correct_plus (every base and plus test passes; 0 when it lacks it)
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import type { KeyMetric } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const SCORES = ["passing_base_tests", "passing_plus_tests"];

const numberOr0 = (value: unknown) => (typeof value === "number" || typeof value === "boolean" ? Number(value) : 0);

const scoreFn: ScoreFn = (r) => ({ passing_base_tests: numberOr0(r.is_correct), passing_plus_tests: numberOr0(r.is_correct_plus) });

export const computeMetrics: ComputeMetrics = (tasks) => passMajorityBy(tasks, scoreFn, "extracted_model_code");

// NeMo Gym's get_key_metrics: token means, then both scores' pass@1[avg-of-k], pass@k and majority@k at the highest k.
export const keyMetrics: readonly KeyMetric[] = [
  "mean/input_tokens",
  "mean/output_tokens",
  { highestK: "pass@1[avg-of-{k}]", scores: SCORES },
  { highestK: "pass@{k}", scores: SCORES },
  { highestK: "majority@{k}", scores: SCORES },
];
