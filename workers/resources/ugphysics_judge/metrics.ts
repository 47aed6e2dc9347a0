// NeMo Gym's ugphysics_judge compute_metrics: pass@k and majority@k (votes over extracted_verdict)
// of two scores, then the same per subject (NeMo Skills' subset_for_metrics).
//   symbolic_accuracy = library_reward (the symbolic check alone; 0 when the response lacks it)
//   judge_accuracy    = reward (the final verdict, the judge's where it was asked; 0 when absent)
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy, subsetsBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const ANSWER_KEY = "extracted_verdict";

const numberOr0 = (value: unknown) => (typeof value === "number" || typeof value === "boolean" ? Number(value) : 0);

const scoreFn: ScoreFn = (r) => ({ symbolic_accuracy: numberOr0(r.library_reward), judge_accuracy: numberOr0(r.reward) });

export const computeMetrics: ComputeMetrics = (tasks) => ({ ...passMajorityBy(tasks, scoreFn, ANSWER_KEY), ...subsetsBy(tasks, "subject", scoreFn, ANSWER_KEY) });
