// The compact terminal table of a profile: one row per agent (or environment) with mean reward,
// pass@k at every reported k and majority@k at the highest, in NeMo Gym's units (percent).
import { reportedKs } from "../../shared/metrics/pass_at_k.ts";
import type { AgentProfile } from "./profile.ts";

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // The first column is a name; the others are numbers, aligned on the right.
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const percent = (v: unknown) => (typeof v === "number" ? v.toFixed(1) : "-");

/** One row per agent; `eval` names its rows by environment under that heading. */
export function passAtKTable(agents: readonly AgentProfile[], heading = "agent"): string {
  const ks = reportedKs(Math.max(1, ...agents.map((a) => a.maxRollouts)));
  const top = ks.at(-1)!;
  const withMajority = agents.some((a) => `majority@1/accuracy` in a.metrics);
  const header = [heading, "tasks", "rollouts", "mean reward", ...ks.map((k) => `pass@${k}`), ...(withMajority ? [`majority@${top}`] : [])];
  const rows = agents.map((a) => [
    a.name,
    String(a.tasks),
    String(a.rollouts),
    typeof a.metrics["mean/reward"] === "number" ? a.metrics["mean/reward"].toFixed(3) : "-",
    ...ks.map((k) => percent(a.metrics[`pass@${k}/accuracy`])),
    ...(withMajority ? [percent(a.metrics[`majority@${top}/accuracy`])] : []),
  ]);
  return formatTable(header, rows);
}
