// NeMo Gym's SpartQA metrics, over every rollout: mean_reward and count (rollouts with a numeric
// reward), exact_match_rate (answers copied as a label verbatim), parse_rate (non-empty answers),
// label_resolve_rate (answers that named a label), and accuracy_both_of_them /
// accuracy_none_of_them (the share of rewards of 1 among rollouts whose target is that label), a
// model that never answers "both" showing there however good its mean.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { BOTH, NONE, labelKey } from "./labels.ts";

const rate = (rows: readonly Record<string, unknown>[], holds: (r: Record<string, unknown>) => boolean) => rows.filter(holds).length / rows.length;

// The target as Python's str() spells it (a missing target is "").
const targetOf = (r: Record<string, unknown>) => (r.target === undefined ? "" : r.target === null ? "None" : String(r.target));

export const computeMetrics: ComputeMetrics = (tasks) => {
  const rows = tasks.flat();
  if (rows.length === 0) return {};
  const metrics: Record<string, number> = {};
  const rewards = rows.flatMap((r) => (typeof r.reward === "number" ? [r.reward] : []));
  if (rewards.length > 0) {
    metrics.mean_reward = rewards.reduce((a, b) => a + b, 0) / rewards.length;
    metrics.count = rewards.length;
  }
  metrics.exact_match_rate = rate(rows, (r) => Boolean(r.exact));
  metrics.parse_rate = rate(rows, (r) => Boolean(r.parsed));
  metrics.label_resolve_rate = rate(rows, (r) => Boolean(r.predicted_label));
  for (const label of [BOTH, NONE]) {
    const slice = rows.filter((r) => labelKey(targetOf(r)) === labelKey(label));
    if (slice.length > 0) metrics[`accuracy_${label.replaceAll(" ", "_")}`] = rate(slice, (r) => r.reward === 1);
  }
  return metrics;
};
