// NeMo Gym's RAGTruth metrics (the original paper's, case level), over every rollout: mean_reward
// and count (rollouts with a numeric reward), parse_fail_rate, and precision / recall / F1 of the
// "hallucinates" verdict against is_halu (0 when a denominator is), overall and per task_type
// (a missing or empty one is "unknown") as task_type/<type>/{precision,recall,f1,accuracy,count},
// accuracy being that slice's mean reward.
import { confusionCounts, precisionRecallF1 } from "../../../shared/metrics/classification.ts";
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";

type Rollout = Record<string, unknown>;

const meanReward = (rows: readonly Rollout[]) => {
  const rewards = rows.flatMap((r) => (typeof r.reward === "number" ? [r.reward] : []));
  return rewards.length > 0 ? rewards.reduce((a, b) => a + b, 0) / rewards.length : undefined;
};

function slice(rows: readonly Rollout[]) {
  const { tp, fp, fn } = confusionCounts(rows.map((r) => ({ predicted: Boolean(r.pred_halu), gold: Boolean(r.is_halu) })));
  return { ...precisionRecallF1(tp, tp + fp, tp + fn), accuracy: meanReward(rows) ?? 0, count: rows.length };
}

export const computeMetrics: ComputeMetrics = (tasks) => {
  const rows = tasks.flat();
  const metrics: Record<string, number> = {};
  const mean = meanReward(rows);
  if (mean !== undefined) {
    metrics.mean_reward = mean;
    metrics.count = rows.filter((r) => typeof r.reward === "number").length;
  }
  if (rows.length === 0) return metrics;
  metrics.parse_fail_rate = rows.reduce((sum, r) => sum + Number(r.parse_fail ?? 0), 0) / rows.length;
  const { precision, recall, f1 } = slice(rows);
  Object.assign(metrics, { precision, recall, f1 });
  const byType = new Map<string, Rollout[]>();
  for (const r of rows) {
    const type = typeof r.task_type === "string" && r.task_type !== "" ? r.task_type : "unknown";
    const group = byType.get(type) ?? [];
    group.push(r);
    byType.set(type, group);
  }
  for (const type of [...byType.keys()].sort()) {
    for (const [key, value] of Object.entries(slice(byType.get(type)!))) metrics[`task_type/${type}/${key}`] = value;
  }
  return metrics;
};
