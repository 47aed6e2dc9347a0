// Metrics per subset of tasks (NeMo Gym's compute_subset_metrics): tasks grouped by a field of
// their first rollout (polymath's `language`), pass@k and majority@k computed within each group
// and keyed `<value>/<metric>`, e.g. `zh/pass@1/symbolic_accuracy`. Tasks without the field, or
// with an empty one, belong to no subset; per_sample_aggregate is left out.
import { passMajorityMetrics } from "./pass_at_k.ts";
import type { PassMetrics, TaskRollout } from "./pass_at_k.ts";

/** One task: its first rollout's verify response (where the field is read) and its scored rollouts in order. */
export interface SubsetTask {
  first: Readonly<Record<string, unknown>>;
  rollouts: readonly TaskRollout[];
}

// The group's name as Python's f-string spells it; values Python reads as false make no group.
function subsetName(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "boolean") return value ? "True" : undefined;
  if (typeof value === "number") return value === 0 || Number.isNaN(value) ? undefined : String(value);
  return undefined;
}

export function subsetMetrics(tasks: readonly SubsetTask[], field: string, withAnswers: boolean): PassMetrics {
  const groups = new Map<string, TaskRollout[][]>();
  for (const task of tasks) {
    const name = subsetName(task.first[field]);
    if (name === undefined) continue;
    const group = groups.get(name) ?? [];
    group.push([...task.rollouts]);
    groups.set(name, group);
  }
  const metrics: PassMetrics = {};
  for (const [name, group] of groups) {
    for (const [key, value] of Object.entries(passMajorityMetrics(group, withAnswers))) {
      if (key !== "per_sample_aggregate") metrics[`${name}/${key}`] = value;
    }
  }
  return metrics;
}
