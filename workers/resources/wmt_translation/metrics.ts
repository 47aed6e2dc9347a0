// NeMo's wmt_translation compute_metrics: rollouts bucketed by (source, target) pair and rollout
// index k (up to the fewest rollouts any task has); per pair and k, corpus chrF and corpus spBLEU
// (sacrebleu's corpus scores: statistics summed over the segments, BLEU without effective order)
// and the mean per-row COMET x 100; then per pair, and over every pair / each source / each
// target (pairs averaged per k first), the mean across k and its population standard deviation.
// spBLEU keys need the flores200 model (spbleu_spm_model_fpath) and are left out without it.
import { bleuFromStatistics, bleuStatistics } from "./bleu.ts";
import { chrfFromStatistics, chrfStatistics } from "./chrf.ts";
import type { WmtTranslationConfig } from "./declaration.ts";
import { flores200, tokenize } from "./spbleu.ts";

type Row = Record<string, unknown>;
type Pair = string;
type Series = Record<"chrF" | "spBLEU" | "comet", Map<Pair, number[]>>;

const sum = (a: number[], b: readonly number[]) => a.map((x, i) => x + b[i]!);

function meanStd(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 0];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (values.length < 2) return [mean, 0];
  return [mean, Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length)];
}

export function translationMetrics(tasks: readonly (readonly Row[])[], config: WmtTranslationConfig): Record<string, number> {
  if (tasks.length === 0) return {};
  const tokenizer = flores200(config);
  const maxK = Math.min(...tasks.map((t) => t.length));
  const runs = new Map<Pair, { src: string; tgt: string; rows: Row[][] }>();
  for (const task of tasks) {
    task.slice(0, maxK).forEach((rollout, k) => {
      const { source_language: src, target_language: tgt } = rollout;
      if (typeof src !== "string" || typeof tgt !== "string" || !src || !tgt) return;
      const key = `${src}->${tgt}`;
      if (!runs.has(key)) runs.set(key, { src, tgt, rows: Array.from({ length: maxK }, () => []) });
      runs.get(key)!.rows[k]!.push(rollout);
    });
  }
  const series: Series = { chrF: new Map(), spBLEU: new Map(), comet: new Map() };
  const text = (v: unknown) => (typeof v === "string" ? v : "").normalize("NFC");
  for (const [pair, { rows }] of runs) {
    const chrf: number[] = [];
    const spbleu: number[] = [];
    const comet: number[] = [];
    for (const run of rows) {
      if (run.length === 0) continue;
      chrf.push(chrfFromStatistics(run.map((r) => chrfStatistics(text(r.generation), text(r.translation))).reduce(sum)));
      if (tokenizer) spbleu.push(bleuFromStatistics(run.map((r) => bleuStatistics(tokenize(tokenizer, text(r.generation)), tokenize(tokenizer, text(r.translation)))).reduce(sum), false));
      const scores = run.map((r) => r.comet_score).filter((s): s is number => typeof s === "number");
      if (config.compute_comet && scores.length > 0) comet.push((100 * scores.reduce((a, b) => a + b, 0)) / scores.length);
    }
    series.chrF.set(pair, chrf);
    if (tokenizer) series.spBLEU.set(pair, spbleu);
    if (comet.length > 0) series.comet.set(pair, comet);
  }

  const metrics: Record<string, number> = {};
  const put = (label: string, name: string, values: readonly number[]) => {
    const [mean, std] = meanStd(values);
    metrics[`${label}/${name}`] = mean;
    metrics[`${label}/${name}_std_dev_across_runs`] = std;
  };
  const pairs = [...runs.keys()].sort();
  for (const pair of pairs) {
    put(pair, "chrF", series.chrF.get(pair)!);
    if (tokenizer) put(pair, "spBLEU", series.spBLEU.get(pair)!);
    if (series.comet.has(pair)) put(pair, "comet", series.comet.get(pair)!);
  }
  // Per k, the mean over the chosen pairs, for k below the fewest runs any of them has.
  const across = (chosen: Pair[], values: Map<Pair, number[]>): number[] => {
    const count = Math.min(...chosen.map((p) => values.get(p)?.length ?? 0));
    return Array.from({ length: count }, (_, k) => chosen.reduce((a, p) => a + values.get(p)![k]!, 0) / chosen.length);
  };
  const aggregate = (label: string, chosen: Pair[]) => {
    put(label, "chrF", across(chosen, series.chrF));
    if (tokenizer) put(label, "spBLEU", across(chosen, series.spBLEU));
    if (config.compute_comet) {
      const comet = across(chosen, series.comet);
      if (comet.length > 0) put(label, "comet", comet);
    }
  };
  aggregate("xx->xx", pairs);
  for (const src of [...new Set(pairs.map((p) => runs.get(p)!.src))].sort()) aggregate(`${src}->xx`, pairs.filter((p) => runs.get(p)!.src === src));
  for (const tgt of [...new Set(pairs.map((p) => runs.get(p)!.tgt))].sort()) aggregate(`xx->${tgt}`, pairs.filter((p) => runs.get(p)!.tgt === tgt));
  return metrics;
}
