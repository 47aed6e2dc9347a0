// NeMo Gym's MRCR metrics beyond pass@k over the reward: the same pass@k within each needle count,
// keyed `n_needles=<count>/pass@k/accuracy` (the reward is a similarity ratio, so pass@k is the
// best of k and there is no majority vote).
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { subsetsBy } from "../../../shared/metrics/score_fn.ts";

export const computeMetrics: ComputeMetrics = (tasks) =>
  Object.fromEntries(Object.entries(subsetsBy(tasks, "n_needles", (r) => ({ accuracy: r.reward as number }))).map(([key, value]) => [`n_needles=${key}`, value]));
