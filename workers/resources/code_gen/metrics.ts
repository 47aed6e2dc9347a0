// NeMo Gym's code_gen compute_metrics: pass@k and majority@k (votes over extracted_model_code) of
// accuracy = 1 when the reward is above 0, each score's avg_sample_std_dev, and the pass@k per
// difficulty.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import type { KeyMetric } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy, subsetsBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";
import { mean, sampleStd } from "../../../shared/metrics/stats.ts";

type Json = Record<string, unknown>;

const ANSWER_KEY = "extracted_model_code";

const scoreFn: ScoreFn = (r) => ({ accuracy: typeof r.reward === "number" && r.reward > 0 });

/**
 * Within-task spread (NeMo Gym's add_avg_sample_std_dev): for k from 2 to the most rollouts and each
 * score (no_answer included, 1 when the rollout has no code), `pass@1[avg-of-k]/<score>/avg_sample_std_dev`
 * = the mean over tasks of the sample standard deviation of the task's first k scores, among the tasks
 * where at least two of them hold the score.
 */
function avgSampleStdDev(tasks: readonly (readonly Json[])[]): Record<string, number> {
  const scored = tasks.map((task) => task.map((r) => ({ ...Object.fromEntries(Object.entries(scoreFn(r)).map(([k, v]) => [k, Number(v)])), no_answer: r[ANSWER_KEY] == null ? 1 : 0 })));
  const names = [...new Set(scored.flatMap((task) => task.flatMap((s) => Object.keys(s))))].sort();
  const maxK = scored.reduce((n, task) => Math.max(n, task.length), 0);
  const out: Record<string, number> = {};
  for (let k = 2; k <= maxK; k++) {
    for (const name of names) {
      const stds = scored.flatMap((task) => {
        const values = task.slice(0, k).flatMap((s) => (name in s ? [s[name as keyof typeof s]!] : []));
        return values.length >= 2 ? [sampleStd(values)] : [];
      });
      if (stds.length > 0) out[`pass@1[avg-of-${k}]/${name}/avg_sample_std_dev`] = mean(stds);
    }
  }
  return out;
}

export const computeMetrics: ComputeMetrics = (tasks) => ({
  ...passMajorityBy(tasks, scoreFn, ANSWER_KEY),
  ...avgSampleStdDev(tasks),
  ...subsetsBy(tasks, "difficulty", scoreFn, ANSWER_KEY),
});

// NeMo Gym's get_key_metrics: token means, accuracy's pass@1[avg-of-k], pass@k and majority@k at
// the highest k, and each subset's pass@1[avg-of-k] (the subsets found among the metrics, as the
// reference finds them).
export const keyMetrics: readonly KeyMetric[] = [
  "mean/input_tokens",
  "mean/output_tokens",
  { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy"] },
  { highestK: "pass@{k}", scores: ["accuracy"] },
  { highestK: "majority@{k}", scores: ["accuracy"] },
  { eachSubset: "pass@1[avg-of-{k}]", scores: ["accuracy"] },
];
