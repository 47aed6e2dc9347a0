// The default /aggregate_metrics of a resources server: reward statistics over verify responses.
export function summarizeRewards(responses: readonly { reward: number }[]) {
  const rewards = responses.map((r) => r.reward);
  const n = rewards.length;
  const mean = n ? rewards.reduce((a, b) => a + b, 0) / n : 0;
  const variance = n ? rewards.reduce((a, b) => a + (b - mean) ** 2, 0) / n : 0;
  return {
    num_rollouts: n,
    "mean/reward": mean,
    "max/reward": n ? Math.max(...rewards) : 0,
    "min/reward": n ? Math.min(...rewards) : 0,
    "std/reward": Math.sqrt(variance),
  };
}
