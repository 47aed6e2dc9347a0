// NeMo Gym's imo_proofbench_judge metrics (after NeMo Skills' MathMetrics): pass@k and majority@k
// (over extracted_answer) of any_correct (symbolic_correct or judge_correct), symbolic_correct and
// judge_correct, each passing at 0.5 or more (missing: 0), and judge_score_<p> for p of 7, 6, 1, 0
// (the judge gave exactly p points); then the same per category and per level, keyed
// `<value>/<metric>`, when the first task's first rollout carries that field.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy, subsetsBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";

const ANSWER_KEY = "extracted_answer";

const passes = (value: unknown) => Number(value || 0) >= 0.5;

const scoreFn: ScoreFn = (r) => {
  const symbolic = passes(r.symbolic_correct);
  const judge = passes(r.judge_correct);
  return {
    any_correct: symbolic || judge,
    symbolic_correct: symbolic,
    judge_correct: judge,
    ...Object.fromEntries([7, 6, 1, 0].map((points) => [`judge_score_${points}`, r.judge_points === points])),
  };
};

export const computeMetrics: ComputeMetrics = (tasks) => {
  const first = tasks[0]?.[0];
  const fields = first === undefined ? [] : ["category", "level"].filter((field) => field in first);
  return Object.assign(passMajorityBy(tasks, scoreFn, ANSWER_KEY), ...fields.map((field) => subsetsBy(tasks, field, scoreFn, ANSWER_KEY)));
};
