// NeMo Gym's RULER v2 metrics beyond pass@k over the reward: the same pass@k within each sub-task
// (`<task>/pass@k/accuracy`), and NeMo Skills' suite score: for each such metric that all twelve
// sub-tasks report, their plain mean as `ruler2_suite_avg/<metric>` (a partial suite gets none).
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { subsetsBy } from "../../../shared/metrics/score_fn.ts";

const SUBTASKS = ["mk_niah", "mv_niah", "qa"].flatMap((family) => ["basic", "easy", "medium", "hard"].map((level) => `${family}_${level}`));

export const computeMetrics: ComputeMetrics = (tasks) => {
  const perTask = subsetsBy(tasks, "task", (r) => ({ accuracy: r.reward as number }));
  const byMetric = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(perTask)) {
    const slash = key.indexOf("/");
    if (typeof value !== "number") continue;
    const metric = key.slice(slash + 1);
    byMetric.set(metric, (byMetric.get(metric) ?? new Map()).set(key.slice(0, slash), value));
  }
  const suite: Record<string, number> = {};
  for (const [metric, values] of byMetric) {
    if (!SUBTASKS.every((task) => values.has(task))) continue;
    suite[`ruler2_suite_avg/${metric}`] = SUBTASKS.reduce((sum, task) => sum + values.get(task)!, 0) / SUBTASKS.length;
  }
  return { ...perTask, ...suite };
};
