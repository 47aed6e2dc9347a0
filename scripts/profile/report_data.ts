// The numbers of X_report.html: the profile's pass@k in the units it is read in, histograms on
// numeric bins, and what only the rollouts file holds (reward components, turns, durations, each
// task's prompt and rewards), reduced to what the page embeds as JSON and charts.
import { histogram } from "../../shared/metrics/histogram.ts";
import { everyK } from "../../shared/metrics/pass_at_k.ts";
import { outcomeFields, promptOf } from "../../shared/rollouts/summary.ts";
import { TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { readJsonl } from "../collect/jsonl.ts";
import { DURATION_KEY } from "../collect/rollout.ts";
import type { AgentProfile, Profile } from "./profile.ts";
import { inRewardUnits, passAtKUnits, tableKs } from "./table.ts";

/** What the rollouts file tells beyond the profile's numbers. */
export interface RolloutDetails {
  /** Per task: its prompt (from its first line) and its rollouts' rewards in file order. */
  tasks: Map<number, { prompt: string | null; rewards: number[] }>;
  turns: number[];
  toolCalls: number[];
  durationsMs: number[];
  /** Each reward component's values, over the rollouts that report it. */
  components: Map<string, number[]>;
}

export async function readDetails(rollouts: string): Promise<RolloutDetails> {
  const details: RolloutDetails = { tasks: new Map(), turns: [], toolCalls: [], durationsMs: [], components: new Map() };
  for await (const { value } of readJsonl(rollouts)) {
    const outcome = outcomeFields(value);
    const task = value[TASK_INDEX_KEY] as number;
    const entry = details.tasks.get(task) ?? { prompt: promptOf(value), rewards: [] };
    if (outcome.reward !== null) entry.rewards.push(outcome.reward);
    details.tasks.set(task, entry);
    if (outcome.turns !== null) details.turns.push(outcome.turns);
    if (outcome.tool_calls !== null) details.toolCalls.push(outcome.tool_calls);
    if (typeof value[DURATION_KEY] === "number") details.durationsMs.push(value[DURATION_KEY]);
    for (const [name, v] of Object.entries(outcome.reward_components ?? {})) {
      const list = details.components.get(name) ?? [];
      list.push(v);
      details.components.set(name, list);
    }
  }
  return details;
}

/** pass@k as it is read: a percentage for 0-1 rewards, the mean best reward of k otherwise (NeMo's value / 100). */
function passAtK(a: AgentProfile) {
  const scale = inRewardUnits(a) ? 0.01 : 1;
  const at = (key: string) => (typeof a.metrics[key] === "number" ? (a.metrics[key] as number) * scale : null);
  return everyK(a.maxRollouts).map((k) => ({ k, pass: at(`pass@${k}/accuracy`), majority: at(`majority@${k}/accuracy`) }));
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
// Six significant digits are more than a chart or a tooltip shows, and keep the page small.
const short = (v: number) => Number(v.toPrecision(6));

const TOKEN_FIELDS = ["input_tokens", "output_tokens", "total_tokens"];

/** The words an all-failed run shows instead of charts; null when some rollout completed. */
function allFailed(profile: Profile): string | null {
  if (profile.rollouts.length > 0) return null;
  if (profile.missing === 0) return "No rollouts in this run.";
  const classes = profile.failures.map((f) => `${f.failureClass} (${f.count})`).join(", ");
  return `All ${profile.missing} rollouts failed: ${classes || "no failures file beside the rollouts"}.`;
}

export function reportData(profile: Profile, details: RolloutDetails, title: string) {
  const values = (field: string) => profile.rollouts.map((r) => r[field]).filter((v): v is number => v !== undefined);
  const distribution = (name: string, label: string, list: readonly number[]) => ({ name, label, bins: histogram(list) });
  const maxRollouts = profile.agents.reduce((n, a) => Math.max(n, a.maxRollouts), 1);
  return {
    title,
    generated: new Date().toISOString(),
    answerKey: profile.answerKey ?? null,
    missing: profile.missing,
    allFailed: allFailed(profile),
    units: passAtKUnits(profile.agents),
    tableKs: tableKs(maxRollouts),
    agents: profile.agents.map((a) => ({
      name: a.name,
      tasks: a.tasks,
      rollouts: a.rollouts,
      meanReward: typeof a.metrics["mean/reward"] === "number" ? a.metrics["mean/reward"] : null,
      unit: inRewardUnits(a) ? ("reward" as const) : ("percent" as const),
      passAtK: passAtK(a),
    })),
    reward: distribution("reward-histogram", "reward", values("reward")),
    components: [...details.components].map(([name, list]) => ({ name, mean: mean(list), bins: histogram(list) })),
    turns: distribution("turns", "model calls per rollout", details.turns),
    toolCalls: distribution("tool-calls", "tool calls per rollout", details.toolCalls),
    duration: distribution("duration", "seconds per rollout", details.durationsMs.map((ms) => ms / 1000)),
    tokens: TOKEN_FIELDS.map((field) => distribution(`tokens:${field}`, field, values(field))).filter((t) => t.bins.length > 0),
    // Every task (uPlot draws thousands of bars at once), hardest first.
    difficulty: [...profile.tasks]
      .sort((a, b) => a.meanReward - b.meanReward || a.task - b.task)
      .map((t) => ({ ...t, meanReward: short(t.meanReward), prompt: details.tasks.get(t.task)?.prompt ?? null, rewards: (details.tasks.get(t.task)?.rewards ?? []).map(short) })),
    failures: profile.failures,
  };
}
export type ReportData = ReturnType<typeof reportData>;
