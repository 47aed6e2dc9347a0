// NeMo Gym's omniscience compute_metrics (NeMo Skills' OmniMetrics): pass@k and majority@k (votes
// over extracted_answer) of one score per verdict (a response without the verdict field counts as
// incorrect):
//   judge_correct 1, judge_incorrect -1 (so its pass@k is a max, not a binary estimate),
//   judge_partially_correct 1, judge_abstained 1   (0 otherwise)
// then at every aggregation level A with `A/judge_correct`, from those percentages (missing: 0),
// with I = -A/judge_incorrect:
//   A/judge_omni_index = A/judge_correct - I
//   A/judge_omni_hallucination = 100 I / (I + A/judge_partially_correct + A/judge_abstained)   (0 when that is not above 0)
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const scoreFn: ScoreFn = (r) => {
  // Only a missing verdict defaults; a null one is no verdict at all.
  const verdict = "verdict" in r ? r.verdict : "incorrect";
  return {
    judge_correct: verdict === "correct" ? 1 : 0,
    judge_incorrect: verdict === "incorrect" ? -1 : 0,
    judge_partially_correct: verdict === "partial" ? 1 : 0,
    judge_abstained: verdict === "not_attempted" ? 1 : 0,
  };
};

export const computeMetrics: ComputeMetrics = (tasks) => {
  const metrics: Record<string, unknown> = passMajorityBy(tasks, scoreFn, "extracted_answer");
  const valueOf = (key: string) => (typeof metrics[key] === "number" ? (metrics[key] as number) : 0);
  const levels = new Set(Object.keys(metrics).filter((key) => key.includes("/judge_correct")).map((key) => key.slice(0, key.lastIndexOf("/judge_correct"))));
  for (const level of levels) {
    const incorrect = -valueOf(`${level}/judge_incorrect`);
    const notCorrect = incorrect + valueOf(`${level}/judge_partially_correct`) + valueOf(`${level}/judge_abstained`);
    metrics[`${level}/judge_omni_index`] = valueOf(`${level}/judge_correct`) - incorrect;
    metrics[`${level}/judge_omni_hallucination`] = notCorrect > 0 ? (100 * incorrect) / notCorrect : 0;
  }
  return metrics;
};
