import { describe, expect, test } from "vitest";
import type { RolloutSummary } from "../../../shared/rollouts/summary.ts";
import { STALE_IN_FLIGHT_MS, snapshotOf } from "../../../shared/ui/snapshot.ts";

const NOW = 1_800_000_000_000;
const STORED = { rollouts: 0, bodies: 0, max_rollouts: 10, max_bodies: 5, retention_hours: 1 };

let n = 0;
function rollout(fields: Partial<RolloutSummary>): RolloutSummary {
  n++;
  return {
    id: `r${n}`, agent: "a", environment: "env", caller: null, task: "0", rollout_index: null, status: "done", reward: 1, reward_components: null,
    failure_class: null, started_at: NOW - 5000, ended_at: NOW - 4000, duration_ms: 1000, turns: 1, tool_calls: 0, input_tokens: 10, output_tokens: 5, prompt: null,
    ...fields,
  };
}

describe("snapshotOf", () => {
  test("counts per agent, with long-silent rollouts apart from those in flight", () => {
    const rows = [
      rollout({ agent: "a" }),
      rollout({ agent: "a", status: "failed", reward: null, failure_class: "deadline_exceeded" }),
      rollout({ agent: "b", status: "in_flight", reward: null, ended_at: null, duration_ms: null, started_at: NOW - 1000 }),
      rollout({ agent: "b", status: "in_flight", reward: null, ended_at: null, duration_ms: null, started_at: NOW - STALE_IN_FLIGHT_MS - 1 }),
    ];
    const s = snapshotOf(rows, NOW, 7, STORED);
    expect(s.version).toBe(7);
    expect(s.agents).toEqual([
      { agent: "a", in_flight: 0, done: 1, failed: 1, unreported: 0 },
      { agent: "b", in_flight: 1, done: 0, failed: 0, unreported: 1 },
    ]);
    expect(s.failures).toEqual([{ failure_class: "deadline_exceeded", count: 1 }]);
    expect(s.oldest_in_flight.map((r) => r.id)).toEqual([rows[3]!.id, rows[2]!.id]);
  });

  test("0/1 rewards: pass@k in percent from the unbiased estimator", () => {
    // Task 0: 1 of 2 right; task 1: 0 of 2.
    const rows = [rollout({ task: "0", reward: 1 }), rollout({ task: "0", reward: 0 }), rollout({ task: "1", reward: 0 }), rollout({ task: "1", reward: 0 })];
    const [env] = snapshotOf(rows, NOW, 1, STORED).environments;
    expect(env!.percent).toBe(true);
    expect(env!.tasks).toBe(2);
    expect(env!.pass_at_k).toEqual([{ k: 1, value: 25 }, { k: 2, value: 50 }]);
    expect(env!.mean_reward).toBe(0.25);
  });

  test("rewards within 0-1 stay in percent: the mean best of k x 100, as NeMo Gym gives it", () => {
    const rows = [rollout({ task: "0", reward: 0.5, rollout_index: 0 }), rollout({ task: "0", reward: 0.25, rollout_index: 1 })];
    const [env] = snapshotOf(rows, NOW, 1, STORED).environments;
    expect(env!.percent).toBe(true);
    expect(env!.pass_at_k).toEqual([{ k: 1, value: 50 }, { k: 2, value: 50 }]);
  });

  test("rewards outside 0-1: the mean best reward of k, in reward units (not x100)", () => {
    const rows = [rollout({ task: "0", reward: -2, rollout_index: 0 }), rollout({ task: "0", reward: 10.3, rollout_index: 1 }), rollout({ task: "1", reward: 9.8, rollout_index: 0 }), rollout({ task: "1", reward: 9.8, rollout_index: 1 })];
    const [env] = snapshotOf(rows, NOW, 1, STORED).environments;
    expect(env!.percent).toBe(false);
    expect(env!.pass_at_k[0]!.value).toBeCloseTo((-2 + 9.8) / 2, 10);
    expect(env!.pass_at_k[1]!.value).toBeCloseTo((10.3 + 9.8) / 2, 10);
    // Three distinct values, a bin each at its own place (-2 far from 9.8 and 10.3).
    expect(env!.reward_bins.map((b) => [b.lo + (b.hi - b.lo) / 2, b.count])).toEqual([[-2, 1], [9.8, 2], [10.3, 1]]);
  });

  test("the timeline counts completions per bucket with their latency; the slowest come first", () => {
    const rows = [rollout({ ended_at: NOW - 3000, duration_ms: 100 }), rollout({ ended_at: NOW - 3000, duration_ms: 300 }), rollout({ ended_at: NOW - 1000, duration_ms: 200 })];
    const s = snapshotOf(rows, NOW, 1, STORED);
    expect(s.timeline.buckets.reduce((c, b) => c + b.completed, 0)).toBe(3);
    const busiest = s.timeline.buckets.find((b) => b.completed === 2)!;
    expect(busiest.p50_ms).toBe(300);
    expect(busiest.per_s).toBe(2 / (s.timeline.bucket_ms / 1000));
    expect(s.slowest.map((r) => r.duration_ms)).toEqual([300, 200, 100]);
  });
});

describe("pass@k without rollout indices", () => {
  test("rollouts count in the order they started, not ended: a quick success does not become everyone's first try", () => {
    // Started first, ended last (a long failure), then a quick success.
    const rows = [rollout({ task: "0", reward: -2, started_at: NOW - 9000, ended_at: NOW - 1000 }), rollout({ task: "0", reward: 10, started_at: NOW - 8000, ended_at: NOW - 7000 })];
    const [env] = snapshotOf(rows, NOW, 1, STORED).environments;
    expect(env!.pass_at_k).toEqual([{ k: 1, value: -2 }, { k: 2, value: 10 }]);
  });
});
