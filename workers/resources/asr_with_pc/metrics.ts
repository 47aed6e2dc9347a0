// NeMo Gym's asr_with_pc compute_metrics and get_key_metrics. pass@k over each rollout's scores:
// accuracy (is_correct), per, no_answer (an empty pred_text) and, on Hallucination rows,
// hallucination_rate. Then for every k up to the most rollouts a task has, over each task's first k:
//   corpus_wer@k=K   100 x jiwer's WER over all (text, pred_text) pairs at once;
//   wer_c@k=K, wer_pc@k=K, per@k=K   100 x the mean of the per-rollout values;
//   wer_<suffix>@k=K 100 x corpus WER against each ASR_LEADERBOARD reference (row field text_<suffix>),
//                    both sides Whisper-normalised, an empty hypothesis read as "empty".
// The headline (key metrics) names the highest k's values wer, wer_c, wer_pc, per and wer_<suffix>.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { keyMetrics as selectKeyMetrics } from "../../../shared/metrics/key_metrics.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { jiwerWer, preprocessAsrText } from "./scoring.ts";

type Rollout = Record<string, unknown>;

const scoreFn: ScoreFn = (r) => {
  const pred = typeof r.pred_text === "string" ? pyStrip(r.pred_text) : "";
  return {
    accuracy: Boolean(r.is_correct),
    per: Number(r.per ?? 0),
    no_answer: pred ? 0 : 1,
    ...(r.hallucination_rate == null ? {} : { hallucination_rate: Number(r.hallucination_rate) }),
  };
};

/** The ASR_LEADERBOARD suffixes the rollouts carry (their wer_<suffix> fields), sorted. */
function referenceSuffixes(tasks: readonly (readonly Rollout[])[]): string[] {
  const suffixes = new Set<string>();
  for (const task of tasks) for (const r of task) for (const key of Object.keys(r)) if (key.startsWith("wer_") && key !== "wer_c" && key !== "wer_pc") suffixes.add(key.slice(4));
  return [...suffixes].sort();
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export const computeMetrics: ComputeMetrics = (tasks) => {
  const metrics: Record<string, unknown> = passMajorityBy(tasks, scoreFn);
  if (tasks.length === 0) return metrics;
  const maxK = Math.max(...tasks.map((task) => task.length));
  const suffixes = referenceSuffixes(tasks);
  for (let k = 1; k <= maxK; k++) {
    const refs: string[] = [];
    const hyps: string[] = [];
    const means: Record<"wer_c" | "wer_pc" | "per", number[]> = { wer_c: [], wer_pc: [], per: [] };
    const corpus = new Map(suffixes.map((s) => [s, { refs: [] as string[], hyps: [] as string[] }]));
    for (const task of tasks) {
      for (const r of task.slice(0, k)) {
        refs.push(String(r.text ?? ""));
        hyps.push(String(r.pred_text ?? ""));
        for (const field of ["wer_c", "wer_pc", "per"] as const) if (r[field] != null) means[field].push(Number(r[field]));
        for (const suffix of suffixes) {
          const refValue = r[`text_${suffix}`];
          if (!refValue) continue;
          const ref = preprocessAsrText(String(refValue));
          if (!ref) continue;
          corpus.get(suffix)!.refs.push(ref);
          corpus.get(suffix)!.hyps.push(preprocessAsrText(String(r.pred_text ?? "")) || "empty");
        }
      }
    }
    if (refs.length === 0) continue;
    metrics[`corpus_wer@k=${k}`] = 100 * jiwerWer(refs, hyps);
    for (const field of ["wer_c", "wer_pc", "per"] as const) if (means[field].length > 0) metrics[`${field}@k=${k}`] = 100 * mean(means[field]);
    for (const [suffix, pairs] of corpus) if (pairs.refs.length > 0) metrics[`wer_${suffix}@k=${k}`] = 100 * jiwerWer(pairs.refs, pairs.hyps);
  }
  return metrics;
};

/**
 * get_key_metrics: token means, pass@1[avg-of-k] and pass@k at the highest k, then the WER values of
 * the highest k under headline names: `wer` (corpus_wer@k=K), `wer_c`, `wer_pc`, `per`, and
 * `wer_<suffix>` per ASR_LEADERBOARD reference.
 */
export function keyMetrics(metrics: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const key = selectKeyMetrics(metrics, ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}" }]);
  const ks = Object.keys(metrics).flatMap((name) => (name.startsWith("corpus_wer@k=") ? [Number(name.slice("corpus_wer@k=".length))] : []));
  if (ks.length === 0) return key;
  const top = `@k=${Math.max(...ks)}`;
  key.wer = metrics[`corpus_wer${top}`];
  for (const name of Object.keys(metrics)) {
    if (!name.endsWith(top) || name.startsWith("corpus_wer")) continue;
    const headline = name.slice(0, -top.length);
    if (headline === "per" || headline.startsWith("wer_")) key[headline] = metrics[name];
  }
  return key;
}
