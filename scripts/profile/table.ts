// The compact terminal table of a profile: one row per agent (or environment) with mean reward,
// pass@k at a readable subset of k (tableKs) and majority@k at the highest, in NeMo Gym's units
// (percent). The metrics files hold every k.
import type { AgentProfile } from "./profile.ts";

/** The k a table shows for up to n rollouts: the powers of two below n, and n itself. */
export function tableKs(n: number): number[] {
  const ks: number[] = [];
  for (let k = 1; k < n; k *= 2) ks.push(k);
  return [...ks, n];
}

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // The first column is a name; the others are numbers, aligned on the right.
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

// NeMo Gym's pass@k of a reward outside 0-1 is 100 × the mean best-of-k reward, not a share of
// tasks: such rows show it as a reward (e.g. 2.750 of 3, or -0.400), not as "275.0" percent.
const outside = (v: unknown, beyond: (n: number) => boolean) => typeof v === "number" && beyond(v);
/** Whether an agent's pass@k is the mean best reward of k (its rewards leave 0-1), not a percentage. */
export const inRewardUnits = (a: AgentProfile) => outside(a.metrics["max/reward"], (v) => v > 1) || outside(a.metrics["min/reward"], (v) => v < 0);
const cell = (a: AgentProfile, v: unknown) => (typeof v !== "number" ? "-" : inRewardUnits(a) ? (v / 100).toFixed(3) : v.toFixed(1));

/** What the pass@k columns mean, for the line under the table. */
export function passAtKUnits(agents: readonly AgentProfile[]): string {
  const scaled = agents.filter(inRewardUnits).map((a) => a.name);
  return `pass@k in percent of tasks${scaled.length ? `; for ${scaled.join(", ")} (rewards outside 0-1): the mean best reward of k rollouts` : ""}.`;
}

/** One row per agent; `eval` names its rows by environment under that heading. */
export function passAtKTable(agents: readonly AgentProfile[], heading = "agent"): string {
  const ks = tableKs(agents.reduce((n, a) => Math.max(n, a.maxRollouts), 1));
  const top = ks.at(-1)!;
  const withMajority = agents.some((a) => `majority@1/accuracy` in a.metrics);
  const header = [heading, "tasks", "rollouts", "mean reward", ...ks.map((k) => `pass@${k}`), ...(withMajority ? [`majority@${top}`] : [])];
  const rows = agents.map((a) => [
    a.name,
    String(a.tasks),
    String(a.rollouts),
    typeof a.metrics["mean/reward"] === "number" ? a.metrics["mean/reward"].toFixed(3) : "-",
    ...ks.map((k) => cell(a, a.metrics[`pass@${k}/accuracy`])),
    ...(withMajority ? [cell(a, a.metrics[`majority@${top}/accuracy`])] : []),
  ]);
  return formatTable(header, rows);
}
