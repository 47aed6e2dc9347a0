// Which responses are compared with which (the reference's comparison strategies): `circular`
// compares each with the next, wrapping round (n comparisons); `all_pairs` every pair once (n(n-1)/2).
export const COMPARISON_STRATEGIES = ["circular", "all_pairs"] as const;
export type ComparisonStrategy = (typeof COMPARISON_STRATEGIES)[number];

export function comparisonPairs(strategy: ComparisonStrategy, count: number): [number, number][] {
  if (count < 2) throw new Error(`need at least 2 responses to compare, got ${count}`);
  const pairs: [number, number][] = [];
  if (strategy === "all_pairs") {
    for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) pairs.push([i, j]);
  } else {
    for (let i = 0; i < count; i++) pairs.push([i, (i + 1) % count]);
  }
  return pairs;
}
