// Difficulty-weighted pass@k (shared/metrics/weighted.ts), pinned to the numbers and key order
// NeMo Gym's polymath computes for the same rollouts (its weighted aggregation run on them).
import { describe, expect, test } from "vitest";
import { weightedMetrics } from "../../../shared/metrics/weighted.ts";
import type { WeightedTask } from "../../../shared/metrics/weighted.ts";

// symbolic_accuracy from library_reward; judge_accuracy only where the judge was asked.
const task = (first: Record<string, unknown>, rollouts: [number, string | null, number?][]): WeightedTask => ({
  first,
  rollouts: rollouts.map(([library, answer, judge]) => {
    const scores: Record<string, number> = { symbolic_accuracy: library };
    if (judge !== undefined) scores.judge_accuracy = judge;
    return { scores, answer };
  }),
});

describe("weightedMetrics", () => {
  test("weights, missing weights as 1, tasks with fewer than k rollouts left out, ties and missing answers", () => {
    const tasks = [
      task({ weight: 1 }, [[1, "4"], [0, "5"], [1, "4"]]),
      task({ weight: 4 }, [[0, "50"], [1, "55"], [0, null]]),
      task({ weight: null }, [[1, "30", 1], [0, "31", 1]]),
      task({ weight: 8 }, [[0, null]]),
    ];
    const metrics = weightedMetrics(tasks);
    expect(metrics).toEqual({
      "pass@1/judge_accuracy_weighted": 100.0,
      "pass@1[avg-of-1]/judge_accuracy_weighted": 100.0,
      "pass@1/symbolic_accuracy_weighted": 17.857142857142858,
      "pass@1[avg-of-1]/symbolic_accuracy_weighted": 14.285714285714286,
      "pass@2/judge_accuracy_weighted": 100.0,
      "pass@1[avg-of-2]/judge_accuracy_weighted": 100.0,
      "majority@2/judge_accuracy_weighted": 100.0,
      "pass@2/symbolic_accuracy_weighted": 77.77777777777779,
      "pass@1[avg-of-2]/symbolic_accuracy_weighted": 50.0,
      "majority@2/symbolic_accuracy_weighted": 50.0,
      "pass@3/symbolic_accuracy_weighted": 100.0,
      "pass@1[avg-of-3]/symbolic_accuracy_weighted": 40.0,
      "majority@3/symbolic_accuracy_weighted": 60.0,
    });
    expect(Object.keys(metrics).slice(0, 4)).toEqual(["pass@1/judge_accuracy_weighted", "pass@1[avg-of-1]/judge_accuracy_weighted", "pass@1/symbolic_accuracy_weighted", "pass@1[avg-of-1]/symbolic_accuracy_weighted"]);
  });

  test("no tasks, no metrics; a weight of 0 counts as 1", () => {
    expect(weightedMetrics([])).toEqual({});
    expect(weightedMetrics([task({ weight: 0 }, [[1, "1"]]), task({ weight: 3 }, [[0, "2"]])])).toMatchObject({ "pass@1/symbolic_accuracy_weighted": 25 });
  });
});
