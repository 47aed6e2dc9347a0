// What the dashboard shows at one moment, made from the monitor's rollout summaries: counts per
// agent, throughput and latency over time, reward distribution and pass@k so far per environment,
// failure classes, the slowest rollouts. Pure: the monitor object calls it, tests call it too.
import { z } from "../zod.ts";
import { histogram } from "../metrics/histogram.ts";
import { passMajorityMetrics } from "../metrics/pass_at_k.ts";
import { RolloutSummary } from "../rollouts/summary.ts";

/** An in-flight rollout older than this has surely ended unreported (its isolate died): counted apart. */
export const STALE_IN_FLIGHT_MS = 60 * 60 * 1000;
/** pass@k is drawn for k up to this. */
const MAX_K = 128;
const SLOWEST = 10;
/** The timeline covers at most this much of the recent past, in at most TIMELINE_BUCKETS buckets. */
const TIMELINE_MS = 60 * 60 * 1000;
const TIMELINE_BUCKETS = 120;

const Count = z.number().int().min(0);

export const Snapshot = z.object({
  /** Changes whenever a record does; the page redraws only then. */
  version: z.number().int(),
  now: z.number(),
  /** Records kept, and the store's caps (older records are dropped past them). */
  stored: z.object({ rollouts: Count, bodies: Count, max_rollouts: Count, max_bodies: Count, retention_hours: z.number() }),
  agents: z.array(z.object({ agent: z.string(), in_flight: Count, done: Count, failed: Count, unreported: Count })),
  /** Completed rollouts per bucket (done or failed, by end time), with their latency. */
  timeline: z.object({
    bucket_ms: z.number().int().positive(),
    buckets: z.array(z.object({ start: z.number(), completed: Count, per_s: z.number(), p50_ms: z.number().nullable(), p95_ms: z.number().nullable() })),
  }),
  environments: z.array(
    z.object({
      environment: z.string(),
      done: Count,
      failed: Count,
      tasks: Count,
      mean_reward: z.number().nullable(),
      /**
       * Rewards within 0-1: pass@k in percent as NeMo Gym gives it (the unbiased estimator for 0/1
       * rewards, the mean best of k x 100 for others); rewards outside it: the mean best reward of k, in
       * reward units. The profile's report and table read it the same way (scripts/profile/table.ts).
       */
      percent: z.boolean(),
      /** shared/metrics/histogram.ts: bins on the numeric axis. */
      reward_bins: z.array(z.object({ lo: z.number(), hi: z.number(), count: Count })),
      pass_at_k: z.array(z.object({ k: z.number().int().positive(), value: z.number() })),
    }),
  ),
  failures: z.array(z.object({ failure_class: z.string(), count: Count })),
  slowest: z.array(RolloutSummary),
  oldest_in_flight: z.array(RolloutSummary),
});
export type Snapshot = z.infer<typeof Snapshot>;

function percentile(sorted: readonly number[], p: number): number | null {
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function timeline(rows: readonly RolloutSummary[], now: number): Snapshot["timeline"] {
  const ended = rows.filter((r) => r.ended_at !== null && r.ended_at > now - TIMELINE_MS);
  const first = ended.reduce((t, r) => Math.min(t, r.started_at ?? r.ended_at!), now);
  // Buckets of a round number of seconds, at most TIMELINE_BUCKETS of them back to the first rollout.
  const bucketMs = Math.max(1000, Math.ceil((now - first) / TIMELINE_BUCKETS / 1000) * 1000);
  const start = Math.floor(first / bucketMs) * bucketMs;
  const count = Math.floor((now - start) / bucketMs) + 1;
  const latencies = Array.from({ length: count }, () => [] as number[]);
  for (const r of ended) latencies[Math.floor((r.ended_at! - start) / bucketMs)]?.push(r.duration_ms ?? 0);
  return {
    bucket_ms: bucketMs,
    buckets: latencies.map((l, i) => {
      l.sort((a, b) => a - b);
      return { start: start + i * bucketMs, completed: l.length, per_s: l.length / (bucketMs / 1000), p50_ms: percentile(l, 0.5), p95_ms: percentile(l, 0.95) };
    }),
  };
}

function environment(name: string, rows: readonly RolloutSummary[]): Snapshot["environments"][number] {
  const done = rows.filter((r) => r.status === "done" && r.reward !== null);
  const rewards = done.map((r) => r.reward!);
  const percent = rewards.every((v) => v >= 0 && v <= 1);
  const byTask = groupBy(done, (r) => r.task);
  // Each task's rollouts in rollout order: the row's index when it has one, else the order they
  // started in (not ended in: the first to end are the quick ones, often the right ones).
  const tasks = [...byTask.values()].map((t) => t.sort((a, b) => (a.rollout_index ?? 0) - (b.rollout_index ?? 0) || (a.started_at ?? 0) - (b.started_at ?? 0)).map((r) => ({ scores: { accuracy: r.reward! } })));
  const metrics = passMajorityMetrics(tasks, false);
  const maxN = Math.min(MAX_K, tasks.reduce((n, t) => Math.max(n, t.length), 0));
  const pass = Array.from({ length: maxN }, (_, i) => i + 1)
    .map((k) => ({ k, value: metrics[`pass@${k}/accuracy`] }))
    .filter((p): p is { k: number; value: number } => typeof p.value === "number")
    .map(({ k, value }) => ({ k, value: percent ? value : value / 100 }));
  return {
    environment: name,
    done: done.length,
    failed: rows.filter((r) => r.status === "failed").length,
    tasks: byTask.size,
    mean_reward: rewards.length === 0 ? null : rewards.reduce((a, b) => a + b, 0) / rewards.length,
    percent,
    reward_bins: histogram(rewards),
    pass_at_k: pass,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export function snapshotOf(rows: readonly RolloutSummary[], now: number, version: number, stored: Snapshot["stored"]): Snapshot {
  const stale = (r: RolloutSummary) => r.status === "in_flight" && (r.started_at ?? now) < now - STALE_IN_FLIGHT_MS;
  const agents = [...groupBy(rows, (r) => r.agent)].map(([agent, rs]) => ({
    agent,
    in_flight: rs.filter((r) => r.status === "in_flight" && !stale(r)).length,
    done: rs.filter((r) => r.status === "done").length,
    failed: rs.filter((r) => r.status === "failed").length,
    unreported: rs.filter(stale).length,
  }));
  const failures = [...groupBy(rows.filter((r) => r.failure_class !== null), (r) => r.failure_class!)].map(([failure_class, rs]) => ({ failure_class, count: rs.length }));
  const ended = rows.filter((r) => r.duration_ms !== null);
  const inFlight = rows.filter((r) => r.status === "in_flight" && r.started_at !== null);
  return {
    version,
    now,
    stored,
    agents: agents.sort((a, b) => a.agent.localeCompare(b.agent)),
    timeline: timeline(rows, now),
    environments: [...groupBy(rows, (r) => r.environment ?? r.agent)].map(([name, rs]) => environment(name, rs)).sort((a, b) => a.environment.localeCompare(b.environment)),
    failures: failures.sort((a, b) => b.count - a.count || a.failure_class.localeCompare(b.failure_class)),
    slowest: ended.sort((a, b) => b.duration_ms! - a.duration_ms!).slice(0, SLOWEST),
    oldest_in_flight: inFlight.sort((a, b) => a.started_at! - b.started_at!).slice(0, SLOWEST),
  };
}
