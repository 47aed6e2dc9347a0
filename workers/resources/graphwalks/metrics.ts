// NeMo Gym's graphwalks metrics beyond pass@k over the reward: the same pass@k within each problem
// type, keyed `problem_type=<type>/pass@k/accuracy` (the reward is an F1, so pass@k is the best of
// k and there is no majority vote).
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { subsetsBy } from "../../../shared/metrics/score_fn.ts";

export const computeMetrics: ComputeMetrics = (tasks) =>
  Object.fromEntries(Object.entries(subsetsBy(tasks, "problem_type", (r) => ({ accuracy: r.reward as number }))).map(([key, value]) => [`problem_type=${key}`, value]));
