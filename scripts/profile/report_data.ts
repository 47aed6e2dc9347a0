// The numbers of X_report.html, reduced (histograms, a bounded sample of tasks) so the page can
// embed them as JSON and draw them.
import { everyK } from "../../shared/metrics/pass_at_k.ts";
import type { Profile } from "./profile.ts";

export interface Bin {
  label: string;
  count: number;
}

/** Few distinct values get a bar each (binary rewards: two); many get equal-width bins. */
export function histogram(values: readonly number[], maxBins = 20): Bin[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  if (distinct.length <= maxBins) {
    const counts = new Map<number, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return distinct.map((v) => ({ label: String(Number(v.toFixed(4))), count: counts.get(v)! }));
  }
  const lo = distinct[0]!;
  const width = (distinct.at(-1)! - lo) / maxBins;
  const counts = new Array<number>(maxBins).fill(0);
  for (const v of values) counts[Math.min(maxBins - 1, Math.floor((v - lo) / width))]!++;
  const edge = (i: number) => Number((lo + i * width).toPrecision(4));
  return counts.map((count, i) => ({ label: `${edge(i)}–${edge(i + 1)}`, count }));
}

const MAX_TASK_BARS = 400;

/** Tasks by mean reward, hardest first; beyond MAX_TASK_BARS an evenly spaced sample of them. */
function difficulty(tasks: Profile["tasks"]) {
  const sorted = [...tasks].sort((a, b) => a.meanReward - b.meanReward || a.task - b.task);
  const step = Math.max(1, sorted.length / MAX_TASK_BARS);
  const picked: typeof sorted = [];
  for (let i = 0; i < sorted.length; i += step) picked.push(sorted[Math.floor(i)]!);
  return { total: sorted.length, tasks: picked };
}

const TOKEN_FIELDS = ["input_tokens", "output_tokens", "total_tokens"];

export function reportData(profile: Profile, title: string) {
  const values = (field: string) => profile.rollouts.map((r) => r[field]).filter((v): v is number => v !== undefined);
  return {
    title,
    generated: new Date().toISOString(),
    answerKey: profile.answerKey ?? null,
    missing: profile.missing,
    agents: profile.agents.map((a) => ({
      name: a.name,
      tasks: a.tasks,
      rollouts: a.rollouts,
      meanReward: a.metrics["mean/reward"] ?? null,
      passAtK: everyK(a.maxRollouts).map((k) => ({
        k,
        pass: a.metrics[`pass@${k}/accuracy`] ?? null,
        majority: a.metrics[`majority@${k}/accuracy`] ?? null,
      })),
    })),
    rewardHistogram: histogram(values("reward")),
    difficulty: difficulty(profile.tasks),
    tokens: TOKEN_FIELDS.map((field) => ({ field, bins: histogram(values(field)) })).filter((t) => t.bins.length > 0),
    failures: profile.failures,
  };
}
export type ReportData = ReturnType<typeof reportData>;
