// NeMo Gym's competitive_coding_challenges compute_metrics: pass@k and majority@k (votes over
// extracted_code, which its verify never returns, so every answer is missing) of
//   accuracy = 1 when every subtask in details.test_case_results scored above 0
// plus the competition score: per problem, each subtask's best score over all its rollouts, summed
// (total_score, as an integer), with each subtask's full marks beside it, read from the test
// metadata the rollout carries (0 when it carries none: "unknown", as in the reference).
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import type { KeyMetric } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const scoreOf = (result: unknown) => (isObject(result) && typeof result.score === "number" ? result.score : 0);
const resultsOf = (rollout: Json): Json => {
  const details = rollout.details;
  return isObject(details) && isObject(details.test_case_results) ? details.test_case_results : {};
};

const scoreFn: ScoreFn = (r) => {
  const results = Object.values(resultsOf(r));
  return { accuracy: results.length > 0 && results.every((s) => scoreOf(s) > 0) ? 1 : 0 };
};

function fullMarks(rollout: Json, subtask: string): number {
  const metadata = rollout.test_metadata;
  const meta = isObject(metadata) && isObject(metadata.subtasks) ? metadata.subtasks[subtask] : undefined;
  if (!isObject(meta)) return 0;
  if (meta.aggregation === "sum_tests") return Array.isArray(meta.test_names) ? meta.test_names.length : 0;
  return typeof meta.score === "number" ? meta.score : 0;
}

export const computeMetrics: ComputeMetrics = (tasks) => {
  const metrics: Json = passMajorityBy(tasks, scoreFn, "extracted_code");
  const best = new Map<string, Map<string, number>>();
  const caps = new Map<string, Map<string, number>>();
  for (const rollout of tasks.flat()) {
    const problem = rollout.problem_id || rollout.ioi_id;
    if (typeof problem !== "string" || !problem) continue;
    if (!best.has(problem)) best.set(problem, new Map());
    for (const [subtask, result] of Object.entries(resultsOf(rollout))) {
      const scores = best.get(problem)!;
      // A subtask is listed once it scores above 0; its full marks count either way.
      if (scoreOf(result) > (scores.get(subtask) ?? 0)) scores.set(subtask, scoreOf(result));
      const cap = caps.get(problem) ?? caps.set(problem, new Map()).get(problem)!;
      if (!cap.has(subtask)) cap.set(subtask, fullMarks(rollout, subtask));
    }
  }
  let totalScore = 0;
  const perProblem: Json = {};
  for (const [problem, scores] of best) {
    const cap = caps.get(problem) ?? new Map<string, number>();
    const total = [...scores.values()].reduce((a, b) => a + b, 0);
    perProblem[problem] = {
      total: { score: total, max_score: [...cap.values()].reduce((a, b) => a + b, 0) },
      subtasks: Object.fromEntries([...scores].map(([subtask, score]) => [subtask, { score, max_score: cap.get(subtask) ?? 0 }])),
    };
    totalScore += total;
  }
  return { ...metrics, total_score: Math.trunc(totalScore), per_problem_subtask_scores: perProblem };
};

// NeMo Gym's get_key_metrics: accuracy's pass@1[avg-of-k] and pass@k at the highest k, and total_score.
export const keyMetrics: readonly KeyMetric[] = [{ highestK: "pass@1[avg-of-{k}]", scores: ["accuracy"] }, { highestK: "pass@{k}", scores: ["accuracy"] }, "total_score"];
