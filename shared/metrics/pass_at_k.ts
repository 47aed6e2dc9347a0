// pass@k, pass@1[avg-of-k] and majority@k for every k from 1 to the most rollouts of a task, per
// named score (scores.ts), with NeMo Gym's key spellings, order and units (percentages, 0-100):
// `pass@3/accuracy`, `pass@1[avg-of-3]/accuracy`, `majority@3/accuracy`, plus `no_answer` scored
// like any other score when there is an answer key (SPEC "Reward profile").
import { sampleStd } from "./stats.ts";

/** One rollout of a task, in rollout-index order. `answer` is null when none was extracted. */
export interface TaskRollout {
  scores: Readonly<Record<string, number>>;
  answer?: string | null;
}

// Binomials up to n = 56 are exact doubles (C(56, 28) < 2^53), so their ratio rounds as NeMo
// Gym's exact integers do; larger n takes a product that stays finite.
const EXACT_N = 56;
const pascal: number[][] = [[1]];
function binomial(n: number, k: number): number {
  while (pascal.length <= n) {
    const prev = pascal.at(-1)!;
    pascal.push(prev.map((v, i) => v + (prev[i - 1] ?? 0)).concat(1));
  }
  return pascal[n]![k]!;
}

/** The unbiased estimator 1 - C(n-c, k) / C(n, k). */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} rollouts, got ${n}`);
  if (n - c < k) return 1;
  if (n <= EXACT_N) return 1 - binomial(n - c, k) / binomial(n, k);
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

/** Every k from 1 to n: NeMo Gym reports each, so pass@n is there whatever n is. */
export function everyK(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

// NeMo Gym's order of operations (100 × sum / count), so shared numbers agree to the last bit.
const pct = (sum: number, count: number) => (100 * sum) / count;

/** One score's per-task values summed over tasks, indexed by k - 1, and per-run sums by rollout index. */
class ScoreTotals {
  readonly maxN: number;
  readonly pass: number[];
  readonly passTasks: number[];
  readonly avg: number[];
  readonly avgTasks: number[];
  readonly majority: number[];
  readonly runSum: number[];
  readonly runCount: number[];

  constructor(maxN: number) {
    const zeros = () => new Array<number>(maxN).fill(0);
    this.maxN = maxN;
    this.pass = zeros();
    this.passTasks = zeros();
    this.avg = zeros();
    this.avgTasks = zeros();
    this.majority = zeros();
    this.runSum = zeros();
    this.runCount = zeros();
  }

  /** One task: `scores[i]` is rollout i's score (undefined when it has none), `answers[i]` its answer. */
  add(scores: readonly (number | undefined)[], answers: readonly (string | null)[]): void {
    const vals = scores.filter((v): v is number => v !== undefined);
    // pass@k over the rollouts that have the score, for k up to their number.
    const binary = vals.every((v) => v === 0 || v === 1);
    const correct = vals.filter((v) => v === 1).length;
    let best = -Infinity;
    for (let k = 1; k <= vals.length; k++) {
      best = Math.max(best, vals[k - 1]!);
      this.pass[k - 1]! += binary ? passAtK(vals.length, correct, k) : best;
      this.passTasks[k - 1]!++;
    }
    // pass@1[avg-of-k] and majority@k over the first k rollouts; a task with fewer keeps all of its.
    let sum = 0;
    let count = 0;
    const votes = new Map<string, number>();
    let top = 0;
    let tiedSum = 0;
    let tied = 0;
    for (let k = 1; k <= this.maxN; k++) {
      const v = scores[k - 1];
      if (v !== undefined) {
        sum += v;
        count++;
        this.runSum[k - 1]! += v;
        this.runCount[k - 1]!++;
        const answer = answers[k - 1];
        if (answer !== null && answer !== undefined) {
          // Votes go to (answer, score) pairs; tied winners average their scores.
          const key = JSON.stringify([answer, v]);
          const votesNow = (votes.get(key) ?? 0) + 1;
          votes.set(key, votesNow);
          if (votesNow > top) [top, tiedSum, tied] = [votesNow, v, 1];
          else if (votesNow === top) [tiedSum, tied] = [tiedSum + v, tied + 1];
        }
      }
      if (count > 0) {
        this.avg[k - 1]! += sum / count;
        this.avgTasks[k - 1]!++;
      }
      this.majority[k - 1]! += tied > 0 ? tiedSum / tied : 0;
    }
  }
}

export type PassMetrics = Record<string, number | Record<string, number[]>>;

/**
 * `tasks[i]` holds task i's rollouts in rollout order. With `withAnswers`, majority@k is computed
 * and `no_answer` (1 when a rollout has no answer) is scored like the declared scores.
 */
export function passMajorityMetrics(tasks: readonly (readonly TaskRollout[])[], withAnswers: boolean): PassMetrics {
  const nonEmpty = tasks.filter((t) => t.length > 0);
  if (nonEmpty.length === 0) return {};
  const scored = nonEmpty.map((task) => task.map((r) => (withAnswers ? { ...r.scores, no_answer: r.answer == null ? 1 : 0 } : r.scores)));
  const answers = nonEmpty.map((task) => task.map((r) => r.answer ?? null));
  const names = [...new Set(scored.flatMap((task) => task.flatMap((s) => Object.keys(s))))].sort();
  // A reduce, not Math.max(...): a spread of 100k tasks overflows the stack.
  const maxN = nonEmpty.reduce((n, t) => Math.max(n, t.length), 0);

  const totals = new Map(names.map((name) => [name, new ScoreTotals(maxN)]));
  for (const [name, t] of totals) scored.forEach((task, i) => t.add(task.map((s) => s[name]), answers[i]!));

  const metrics: PassMetrics = {};
  for (const k of everyK(maxN)) {
    for (const [name, t] of totals) {
      if (t.passTasks[k - 1]) metrics[`pass@${k}/${name}`] = pct(t.pass[k - 1]!, t.passTasks[k - 1]!);
      if (t.avgTasks[k - 1]) metrics[`pass@1[avg-of-${k}]/${name}`] = pct(t.avg[k - 1]!, t.avgTasks[k - 1]!);
      if (withAnswers) metrics[`majority@${k}/${name}`] = pct(t.majority[k - 1]!, nonEmpty.length);
    }
  }

  // Run i's score: the mean over tasks of rollout i alone; its spread across runs says how much
  // a single-sample evaluation would vary. Runs where no task has the score are left out.
  const perRun: Record<string, number[]> = {};
  for (const [name, t] of totals) {
    const runs = t.runCount.flatMap((count, i) => (count > 0 ? [pct(t.runSum[i]!, count)] : []));
    if (runs.length) perRun[name] = runs;
  }
  metrics.per_sample_aggregate = perRun;
  for (const k of everyK(maxN).slice(1)) {
    for (const name of names) {
      const runs = perRun[name]?.slice(0, k) ?? [];
      if (runs.length < 2) continue;
      const std = sampleStd(runs);
      metrics[`pass@1[avg-of-${k}]/${name}/std_dev_across_runs`] = std;
      metrics[`pass@1[avg-of-${k}]/${name}/std_err_across_runs`] = std / Math.sqrt(runs.length);
    }
  }
  return metrics;
}
