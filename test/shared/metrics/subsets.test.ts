// Per-subset pass@k (shared/metrics/subsets.ts): NeMo Gym's compute_subset_metrics keys
// (`<value>/<metric>`), groups by the first rollout's field, tasks without it in no group.
import { describe, expect, test } from "vitest";
import { passMajorityMetrics } from "../../../shared/metrics/pass_at_k.ts";
import { subsetMetrics } from "../../../shared/metrics/subsets.ts";

const rollouts = (...scores: number[]) => scores.map((s, i) => ({ scores: { accuracy: s }, answer: s ? "right" : `wrong${i}` }));

describe("subsetMetrics", () => {
  test("each group's pass@k as over its tasks alone, prefixed, without per_sample_aggregate", () => {
    const en = [rollouts(1, 0), rollouts(0, 0)];
    const zh = [rollouts(1, 1)];
    const tasks = [
      { first: { language: "en" }, rollouts: en[0]! },
      { first: { language: "zh" }, rollouts: zh[0]! },
      { first: { language: "en" }, rollouts: en[1]! },
      { first: { language: "" }, rollouts: rollouts(1, 1) },
      { first: {}, rollouts: rollouts(0, 1) },
    ];
    const metrics = subsetMetrics(tasks, "language", true);
    const prefixed = (name: string, m: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(m).filter(([k]) => k !== "per_sample_aggregate").map(([k, v]) => [`${name}/${k}`, v]));
    expect(metrics).toEqual({ ...prefixed("en", passMajorityMetrics(en, true)), ...prefixed("zh", passMajorityMetrics(zh, true)) });
    expect(metrics["en/pass@2/accuracy"]).toBe(50);
    expect(metrics["zh/majority@2/accuracy"]).toBe(100);
    expect(Object.keys(metrics)[0]!.startsWith("en/")).toBe(true);
  });
});
