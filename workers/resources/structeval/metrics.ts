// NeMo Gym's StructEval metrics, over every rollout: mean/render_score and
// mean/key_validation_score, the mean reward per output type, input type and task name
// (mean/reward_output_<type>, mean/reward_input_<type>, mean/reward_<task name>), and the mean
// render and key-validation scores per output type (mean/render_score_<type>,
// mean/key_validation_score_<type>). A missing field groups as "unknown", a missing score counts
// 0. NeMo takes these means with Python's statistics.mean, which rounds the exact mean once; so
// does exactMean, so the last digit agrees too.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";

type Rollout = Record<string, unknown>;

const bitLength = (n: bigint) => n.toString(2).length;

/** x as m * 2^e exactly, m an integer. */
function binaryParts(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const high = view.getUint32(0);
  const biased = (high >>> 20) & 0x7ff;
  const fraction = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  const sign = high >>> 31 ? -1n : 1n;
  return biased === 0 ? [sign * fraction, -1074] : [sign * (fraction | (1n << 52n)), biased - 1075];
}

/** The double nearest to (num / den) * 2^exp, ties to even. */
function nearestDouble(num: bigint, den: bigint, exp: number): number {
  if (num === 0n) return 0;
  const negative = num < 0n;
  const n = negative ? -num : num;
  // A quotient of at least 55 bits: 53 kept, a rounding bit, and the remainder as sticky bits.
  const shift = 55 - (bitLength(n) - bitLength(den));
  const scaledNum = shift >= 0 ? n << BigInt(shift) : n;
  const scaledDen = shift >= 0 ? den : den << BigInt(-shift);
  let q = scaledNum / scaledDen;
  const inexact = scaledNum % scaledDen !== 0n;
  const extra = bitLength(q) - 53;
  const dropped = q & ((1n << BigInt(extra)) - 1n);
  const half = 1n << BigInt(extra - 1);
  q >>= BigInt(extra);
  if (dropped > half || (dropped === half && (inexact || (q & 1n) === 1n))) q += 1n;
  const value = Number(q) * 2 ** (exp - shift + extra);
  return negative ? -value : value;
}

/** The mean of finite doubles, rounded once from the exact sum (Python's statistics.mean). */
export function exactMean(values: readonly number[]): number {
  const parts = values.map(binaryParts);
  const low = parts.reduce((e, [, pe]) => Math.min(e, pe), Infinity);
  const sum = parts.reduce((total, [m, e]) => total + (m << BigInt(e - low)), 0n);
  return nearestDouble(sum, BigInt(values.length), low);
}

// A group's name as Python formats the value into the key.
const groupName = (value: unknown) => (value === undefined ? "unknown" : value === null ? "None" : typeof value === "boolean" ? (value ? "True" : "False") : String(value));

const numberOr0 = (value: unknown) => (value === undefined ? 0 : Number(value));

// NeMo's families in its order: where two name the same key, the later one's mean stands.
const FAMILIES: [(r: Rollout) => string, (r: Rollout) => number][] = [
  [() => "mean/render_score", (r) => numberOr0(r.render_score)],
  [() => "mean/key_validation_score", (r) => numberOr0(r.key_validation_score)],
  [(r) => `mean/reward_output_${groupName(r.output_type)}`, (r) => numberOr0(r.reward)],
  [(r) => `mean/reward_input_${groupName(r.input_type)}`, (r) => numberOr0(r.reward)],
  [(r) => `mean/reward_${groupName(r.task_name)}`, (r) => numberOr0(r.reward)],
  [(r) => `mean/render_score_${groupName(r.output_type)}`, (r) => numberOr0(r.render_score)],
  [(r) => `mean/key_validation_score_${groupName(r.output_type)}`, (r) => numberOr0(r.key_validation_score)],
];

export const computeMetrics: ComputeMetrics = (tasks) => {
  const rollouts = tasks.flat();
  const metrics: Record<string, number> = {};
  for (const [keyOf, valueOf] of FAMILIES) {
    const groups = new Map<string, number[]>();
    for (const r of rollouts) {
      const key = keyOf(r);
      const values = groups.get(key) ?? [];
      values.push(valueOf(r));
      groups.set(key, values);
    }
    for (const [key, values] of groups) metrics[key] = exactMean(values);
  }
  return metrics;
};
