// pass@k, pass@1[avg-of-k] and majority@k over rollouts grouped by task, with NeMo Gym's key
// spellings and units (percentages, 0-100): `pass@4/accuracy`, `pass@1[avg-of-4]/accuracy`,
// `majority@4/accuracy`, plus `no_answer` scores when there is an answer key (SPEC "Reward profile").
import { mean, sampleStd } from "./stats.ts";

/** One rollout of a task, in rollout-index order. `answer` is null when none was extracted. */
export interface TaskRollout {
  reward: number;
  answer?: string | null;
}

/** The unbiased estimator 1 - C(n-c, k) / C(n, k), as a product so it stays exact for large n. */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} rollouts, got ${n}`);
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

/** The k reported for up to n rollouts per task: every power of two up to n (1, 2, 4, 8, 16, ...). */
export function reportedKs(n: number): number[] {
  const ks: number[] = [];
  for (let k = 1; k <= n; k *= 2) ks.push(k);
  return ks;
}

const isBinary = (values: readonly number[]) => values.every((v) => v === 0 || v === 1);

function passValue(scores: readonly number[], k: number): number {
  if (isBinary(scores)) return passAtK(scores.length, scores.filter((v) => v === 1).length, k);
  // Continuous rewards: the best of the first k.
  let best = -Infinity;
  for (const v of scores.slice(0, k)) best = Math.max(best, v);
  return best;
}

/** The most frequent (answer, score) pairs among the first k answered rollouts; ties average. */
function majorityValue(answers: readonly (string | null)[], scores: readonly number[], k: number): number {
  const counts = new Map<string, { score: number; count: number }>();
  for (let i = 0; i < Math.min(k, scores.length); i++) {
    if (answers[i] === null) continue;
    const key = JSON.stringify([answers[i], scores[i]]);
    const entry = counts.get(key) ?? { score: scores[i]!, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  if (counts.size === 0) return 0;
  const top = Math.max(...[...counts.values()].map((e) => e.count));
  return mean([...counts.values()].filter((e) => e.count === top).map((e) => e.score));
}

export type PassMetrics = Record<string, number | Record<string, number[]>>;

/**
 * `tasks[i]` holds task i's rollouts in rollout order. With `withAnswers`, majority@k is computed
 * and `no_answer` (1 when a rollout has no answer) is scored like accuracy.
 */
export function passMajorityMetrics(tasks: readonly (readonly TaskRollout[])[], withAnswers: boolean): PassMetrics {
  const nonEmpty = tasks.filter((t) => t.length > 0);
  if (nonEmpty.length === 0) return {};
  const names = withAnswers ? ["accuracy", "no_answer"] : ["accuracy"];
  const scoresOf = (task: readonly TaskRollout[], name: string) =>
    task.map((r) => (name === "accuracy" ? r.reward : r.answer == null ? 1 : 0));
  const scored = nonEmpty.map((task) => ({ answers: task.map((r) => r.answer ?? null), byName: new Map(names.map((n) => [n, scoresOf(task, n)])) }));
  // A reduce, not Math.max(...): a spread of 100k tasks overflows the stack.
  const maxN = nonEmpty.reduce((n, t) => Math.max(n, t.length), 0);
  const ks = reportedKs(maxN);
  const pct = (values: number[]) => 100 * mean(values);

  const metrics: PassMetrics = {};
  for (const k of ks) {
    for (const name of names) {
      const all = scored.map((t) => t.byName.get(name)!);
      const pass = all.filter((s) => s.length >= k).map((s) => passValue(s, k));
      if (pass.length) metrics[`pass@${k}/${name}`] = pct(pass);
      metrics[`pass@1[avg-of-${k}]/${name}`] = pct(all.map((s) => mean(s.slice(0, k))));
      if (withAnswers) metrics[`majority@${k}/${name}`] = pct(scored.map((t) => majorityValue(t.answers, t.byName.get(name)!, k)));
    }
  }

  // Run i's score: the mean over tasks of rollout i alone; its spread across runs says how much
  // a single-sample evaluation would vary.
  const perRun: Record<string, number[]> = {};
  for (const name of names) {
    perRun[name] = [];
    for (let run = 0; run < maxN; run++) {
      const at = scored.map((t) => t.byName.get(name)![run]).filter((v): v is number => v !== undefined);
      perRun[name].push(pct(at));
    }
  }
  metrics.per_sample_aggregate = perRun;
  for (const k of ks.filter((k) => k >= 2)) {
    for (const name of names) {
      const runs = perRun[name]!.slice(0, k);
      const std = sampleStd(runs);
      metrics[`pass@1[avg-of-${k}]/${name}/std_dev_across_runs`] = std;
      metrics[`pass@1[avg-of-${k}]/${name}/std_err_across_runs`] = std / Math.sqrt(runs.length);
    }
  }
  return metrics;
}

const STAT_SUFFIXES = ["std_dev_across_runs", "std_err_across_runs"];

/** The entries of `pattern` (with `{k}`) at the highest k, leaving out `no_answer` and spread statistics. */
export function highestK(metrics: Readonly<Record<string, unknown>>, pattern: string): Record<string, number> {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const regex = new RegExp(`^${pattern.split("{k}").map(escape).join("(\\d+)")}/(.+)$`);
  const matches: [number, string][] = [];
  for (const key of Object.keys(metrics)) {
    const m = regex.exec(key);
    if (!m || m[2] === "no_answer" || STAT_SUFFIXES.some((s) => m[2]!.endsWith(s))) continue;
    matches.push([Number(m[1]), key]);
  }
  const top = Math.max(...matches.map(([k]) => k));
  return Object.fromEntries(matches.filter(([k]) => k === top).map(([, key]) => [key, metrics[key] as number]));
}

/** Headline metrics: mean reward and tokens, and pass@k, pass@1[avg-of-k], majority@k at the highest k. */
export function keyMetrics(agentMetrics: Readonly<Record<string, unknown>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of ["mean/reward", "mean/input_tokens", "mean/output_tokens"]) {
    if (typeof agentMetrics[name] === "number") out[name] = agentMetrics[name];
  }
  return { ...out, ...highestK(agentMetrics, "pass@1[avg-of-{k}]"), ...highestK(agentMetrics, "pass@{k}"), ...highestK(agentMetrics, "majority@{k}") };
}
