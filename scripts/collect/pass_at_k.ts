// pass@k for binary rewards: the unbiased estimator 1 - C(n-c, k) / C(n, k) (SPEC "Reward profile"),
// computed as a product to stay exact for large n.
export function passAtK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} rollouts, got ${n}`);
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}

/** Mean over tasks of pass@k, counting a reward of 1 as correct. */
export function meanPassAtK(rewardsPerTask: number[][], k: number): number {
  const tasks = rewardsPerTask.filter((r) => r.length >= k);
  if (tasks.length === 0) return NaN;
  return tasks.reduce((sum, r) => sum + passAtK(r.length, r.filter((x) => x === 1).length, k), 0) / tasks.length;
}
