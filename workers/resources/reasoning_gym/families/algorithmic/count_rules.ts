// The counting puzzles string_splitting and string_synthesis share: counts of kinds of items, rules
// tried in order (the first that applies changes the counts), repeated until no rule applies (the
// counts repeat) or a state seen before comes back, or max_iterations rules have been applied.
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";

/** A rule: the counts after it, or undefined when it does not apply. */
export type CountRule = (counts: readonly number[]) => number[] | undefined;

/** Every state from the start on; the last is the answer. */
export function runRules(start: readonly number[], rules: readonly CountRule[], maxIterations: number): number[][] {
  const states = [[...start]];
  const seen = new Set([start.join(" ")]);
  for (let i = 0; i < maxIterations; i++) {
    const current = states.at(-1)!;
    let next: number[] | undefined;
    for (const rule of rules) if ((next = rule(current))) break;
    next ??= [...current];
    const key = next.join(" ");
    if (seen.has(key)) break;
    seen.add(key);
    states.push(next);
  }
  return states;
}

/** A rule taking `take` of each kind (by index) and giving `give` of each. */
export function trade(take: Record<number, number>, give: Record<number, number>): CountRule {
  return (counts) => {
    if (Object.entries(take).some(([kind, n]) => counts[Number(kind)]! < n)) return undefined;
    const next = [...counts];
    for (const [kind, n] of Object.entries(take)) next[Number(kind)]! -= n;
    for (const [kind, n] of Object.entries(give)) next[Number(kind)]! += n;
    return next;
  };
}

/** The config both puzzles read: a range of starting counts (min_<field>, max_<field>) and max_iterations. */
export function countConfig(config: Record<string, unknown>, field: string): { range: [number, number]; maxIterations: number } {
  const range = configRange(config, field, [0, 5], [0, 1_000_000]);
  // Each iteration is a state in the metadata: keep a row's size bounded.
  const maxIterations = configInt(config, "max_iterations", 1000, 1, 100_000);
  return { range, maxIterations };
}

export const drawCounts = (rng: Rng, [lo, hi]: [number, number], n: number): number[] => Array.from({ length: n }, () => rng.int(lo, hi));
