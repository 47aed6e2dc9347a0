// Descriptive statistics with the semantics of NeMo Gym's reward profile (pandas): the sample
// standard deviation (n - 1), reported as 0 rather than left out for a group of one rollout.
const STATS = ["mean", "max", "min", "median", "std"] as const;
type Stat = (typeof STATS)[number];

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function sampleStd(values: readonly number[]): number {
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** Quantile with linear interpolation between closest ranks (numpy's default); `sorted` ascending. */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/**
 * The statistics of one field over a group of `groupSize` rollouts, `values` being the rollouts
 * that have the field. A single value has no sample std; pandas leaves it out, except that a
 * group of one rollout reports 0.
 */
export function describe(values: readonly number[], groupSize: number): Partial<Record<Stat, number>> {
  if (values.length === 0) return {};
  // Loops, not Math.max(...values): spreading 100k arguments overflows the stack.
  let max = -Infinity;
  let min = Infinity;
  for (const v of values) {
    if (v > max) max = v;
    if (v < min) min = v;
  }
  const out: Partial<Record<Stat, number>> = { mean: mean(values), max, min, median: quantile([...values].sort((a, b) => a - b), 0.5) };
  if (values.length >= 2) out.std = sampleStd(values);
  else if (groupSize === 1) out.std = 0;
  return out;
}

/** Values of numeric fields over a group of rollouts, summarized as `mean/<f>`, `max/<f>`, ... */
export class FieldValues {
  readonly #values = new Map<string, number[]>();
  #rollouts = 0;

  add(fields: Readonly<Record<string, number>>): void {
    this.#rollouts++;
    for (const [name, value] of Object.entries(fields)) {
      let list = this.#values.get(name);
      if (!list) this.#values.set(name, (list = []));
      list.push(value);
    }
  }

  /** Stat-major (`mean/*` first), fields in order of first appearance, as NeMo Gym writes them. */
  summary(): Record<string, number> {
    const described = [...this.#values].map(([name, values]) => [name, describe(values, this.#rollouts)] as const);
    const out: Record<string, number> = {};
    for (const stat of STATS) {
      for (const [name, stats] of described) {
        const value = stats[stat];
        if (value !== undefined) out[`${stat}/${name}`] = value;
      }
    }
    return out;
  }
}
