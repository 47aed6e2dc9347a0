// pass@k, majority@k and per-subset pass@k over an environment's own score function (the score_fn
// NeMo Gym environments hand compute_pass_majority_metrics and compute_subset_metrics), for scores
// that are not plain fields of the verify response: a threshold on the reward, one flag per verdict
// label, a default for a field the response lacks. A server computing these in its computeMetrics
// declares `scores: {}` and no answerKey, so that the default pass@k over the reward is not added.
import { passMajorityMetrics } from "./pass_at_k.ts";
import type { PassMetrics, TaskRollout } from "./pass_at_k.ts";
import { answerOf } from "./fields.ts";
import { subsetMetrics } from "./subsets.ts";

type Json = Record<string, unknown>;

/** A rollout's named scores; booleans count as 0/1. */
export type ScoreFn = (rollout: Json) => Record<string, number | boolean>;

function scored(rollout: Json, scoreFn: ScoreFn, answerKey: string | undefined): TaskRollout {
  const scores = Object.fromEntries(Object.entries(scoreFn(rollout)).map(([name, v]) => [name, Number(v)]));
  return { scores, answer: answerOf(rollout, answerKey) };
}

/** compute_pass_majority_metrics: with `answerKey`, majority@k over that field and a `no_answer` score. */
export function passMajorityBy(tasks: readonly (readonly Json[])[], scoreFn: ScoreFn, answerKey?: string): PassMetrics {
  return passMajorityMetrics(tasks.map((task) => task.map((r) => scored(r, scoreFn, answerKey))), answerKey !== undefined);
}

/** compute_subset_metrics: tasks grouped by `field` of their first rollout, keyed `<value>/<metric>`. */
export function subsetsBy(tasks: readonly (readonly Json[])[], field: string, scoreFn: ScoreFn, answerKey?: string): PassMetrics {
  const grouped = tasks.filter((task) => task.length > 0).map((task) => ({ first: task[0]!, rollouts: task.map((r) => scored(r, scoreFn, answerKey)) }));
  return subsetMetrics(grouped, field, answerKey !== undefined);
}
