// Histogram bins on a true numeric axis, for the profile's report (and any page that charts a
// distribution). Every bin has the same width; a bar drawn from `lo` to `hi` sits where its values do.

export interface Bin {
  lo: number;
  hi: number;
  count: number;
}

// At most this many distinct values are discrete whether or not they repeat (a binary reward of two rollouts).
const FEW = 5;

/**
 * Discrete values (at most `maxBins` distinct ones, which repeat or are very few: binary rewards,
 * turns, sokoban's -2, 9.8 and 10.3) get a bin each, centred on the value and as wide as the
 * closest two values are apart, so unevenly spaced values stay unevenly spaced. Others (durations,
 * which never repeat) get `maxBins` equal bins over [min, max], the last one closed. Empty input,
 * no bins.
 */
export function histogram(values: readonly number[], maxBins = 20): Bin[] {
  if (values.length === 0) return [];
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const distinct = [...counts.keys()].sort((a, b) => a - b);
  if (distinct.length <= maxBins && (distinct.length <= FEW || 2 * distinct.length <= values.length)) {
    let width = distinct.length === 1 ? 1 : Infinity;
    for (let i = 1; i < distinct.length; i++) width = Math.min(width, distinct[i]! - distinct[i - 1]!);
    return distinct.map((v) => ({ lo: v - width / 2, hi: v + width / 2, count: counts.get(v)! }));
  }
  const lo = distinct[0]!;
  const width = (distinct.at(-1)! - lo) / maxBins;
  const bins = Array.from({ length: maxBins }, (_, i) => ({ lo: lo + i * width, hi: lo + (i + 1) * width, count: 0 }));
  bins.at(-1)!.hi = distinct.at(-1)!;
  for (const [v, n] of counts) bins[Math.min(maxBins - 1, Math.floor((v - lo) / width))]!.count += n;
  return bins;
}
