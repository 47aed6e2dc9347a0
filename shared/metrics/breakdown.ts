// Mean reward per value of a rollout field (`mean/reward_<prefix><value>`), as an environment's
// NeMo Gym compute_metrics adds them to agent_metrics, e.g. structured_outputs per schema type.

export interface Breakdown {
  /** The rollout's field whose values split the rollouts. */
  field: string;
  prefix: string;
  /** Rollouts without the field count under this value; absent, they are left out. */
  missing?: string;
}

// As NeMo Gym names the groups: booleans and numbers by their Python spelling, empty strings never.
function groupOf(value: unknown, missing: string | undefined): string | undefined {
  if (value === undefined || value === null) return missing;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function rewardBreakdown(rollouts: readonly Record<string, unknown>[], breakdowns: readonly Breakdown[]): Record<string, number> {
  const sums = new Map<string, { total: number; n: number }>();
  for (const { field, prefix, missing } of breakdowns) {
    for (const rollout of rollouts) {
      const group = groupOf(rollout[field], missing);
      if (group === undefined) continue;
      const key = `mean/reward_${prefix}${group}`;
      const sum = sums.get(key) ?? { total: 0, n: 0 };
      sum.total += typeof rollout.reward === "number" ? rollout.reward : 0;
      sum.n++;
      sums.set(key, sum);
    }
  }
  return Object.fromEntries([...sums].map(([key, { total, n }]) => [key, total / n]));
}
