// The report page: a static shell with the summary table, a frame per chart the data has (none
// for an all-failed run, which says so in words), the data as inline JSON, and uPlot with the
// page's script (report_script.ts) inline, so the one file works offline and fetches nothing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { DURATION_KEY } from "../collect/rollout.ts";
import type { ReportData } from "./report_data.ts";
import { REPORT_SCRIPT } from "./report_script.ts";

// uPlot (MIT): chosen for its size (~51 KB minified) and because it inlines into one offline file.
const { resolve } = createRequire(import.meta.url);
const UPLOT_JS = readFileSync(resolve("uplot/dist/uPlot.iife.min.js"), "utf8");
const UPLOT_CSS = readFileSync(resolve("uplot/dist/uPlot.min.css"), "utf8");

export const STYLE = `
  body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1000px; padding: 0 1rem; color: #1d2433; }
  h1 { font-size: 1.4rem; margin-bottom: 0.2rem; }
  .meta, .note { color: #5b6577; }
  .meta { margin-top: 0; }
  .scroll { overflow-x: auto; max-width: 100%; }
  .summary { border-collapse: collapse; margin: 1rem 0 0.3rem; }
  .summary th, .summary td { padding: 0.25rem 0.5rem; border-bottom: 1px solid #e3e7ee; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  .summary th:first-child, .summary td:first-child { text-align: left; white-space: normal; overflow-wrap: anywhere; min-width: 8rem; }
  figure { margin: 1.5rem 0; padding: 1rem; border: 1px solid #e3e7ee; border-radius: 6px; }
  figcaption { font-weight: 600; margin-bottom: 0.5rem; }
  figcaption small { font-weight: 400; color: #5b6577; }
  .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 1rem; }
  .all-failed { font-size: 1.1rem; padding: 1rem; border: 1px solid #d8573b; border-radius: 6px; color: #8a2c17; }
  .tip { display: none; position: absolute; width: 320px; padding: 0.4rem 0.6rem; background: #fff; border: 1px solid #9aa3b2; border-radius: 4px; font-size: 12px; pointer-events: none; z-index: 10; box-shadow: 0 2px 6px #0002; }
  .tip-head { font-weight: 600; }
  .tip-prompt { margin: 0.3rem 0; white-space: pre-wrap; }
  .tip-rewards { color: #5b6577; }
`;

export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A pass@k value as it is read: percent with one decimal, a reward with three. */
export const passCell = (v: number | null | undefined, unit: "percent" | "reward") => (typeof v !== "number" ? "–" : v.toFixed(unit === "percent" ? 1 : 3));

function summaryTable(data: ReportData): string {
  // The charts have every k; the table the terminal's readable subset, in a frame that scrolls.
  const top = data.tableKs.at(-1)!;
  const withMajority = data.agents.some((a) => a.passAtK.some((p) => p.majority !== null));
  const head = ["agent", "tasks", "rollouts", "mean reward", ...data.tableKs.map((k) => `pass@${k}`), ...(withMajority ? [`majority@${top}`] : [])];
  const rows = data.agents.map((a) => {
    const at = (k: number) => a.passAtK[k - 1];
    const cells = [a.tasks, a.rollouts, a.meanReward === null ? "–" : a.meanReward.toFixed(3), ...data.tableKs.map((k) => passCell(at(k)?.pass, a.unit)), ...(withMajority ? [passCell(at(top)?.majority, a.unit)] : [])];
    return `<tr><td>${escapeHtml(a.name)}</td>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
  });
  return `<div class="scroll"><table class="summary"><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div>
<p class="note">${escapeHtml(data.units)}</p>`;
}

const chart = (name: string) => `<div data-chart="${escapeHtml(name)}"></div>`;

function figure(caption: string, note: string, charts: string[], grid = false): string {
  const body = grid ? `<div class="grid">${charts.join("")}</div>` : charts.join("");
  return `<figure><figcaption>${escapeHtml(caption)} <small>${escapeHtml(note)}</small></figcaption>${body}</figure>`;
}

/** The figures this run's data fills; a chart without data is a sentence, not an empty frame. */
function figures(data: ReportData): string[] {
  const out: string[] = [];
  const scored = (unit: string) => data.agents.some((a) => a.unit === unit && a.passAtK.some((p) => p.pass !== null));
  const dashed = data.agents.some((a) => a.passAtK.some((p) => p.majority !== null)) ? "; dashed: majority@k" : "";
  if (scored("percent")) out.push(figure("pass@k", `percent of tasks solved in k rollouts${dashed}`, [chart("pass-at-k")]));
  if (scored("reward")) out.push(figure("pass@k as the mean best reward of k", `rewards outside 0-1: NeMo Gym's value / 100, in reward units${dashed}`, [chart("pass-at-k-reward")]));
  out.push(figure("Reward histogram", "rollouts per reward bin, on the reward's own scale", [chart(data.reward.name)]));
  if (data.components.length) {
    out.push(figure("Reward components", "mean of each component over the rollouts that report it", [chart("reward-components")]));
    out.push(figure("Reward component distributions", "rollouts per value of each component", data.components.map((c) => chart(`component:${c.name}`)), true));
  }
  const shapes = [data.turns, data.toolCalls, data.duration].filter((d) => d.bins.length > 0);
  if (shapes.length) out.push(figure("Turns and duration", "model calls and tool calls per rollout, and its wall time", shapes.map((d) => chart(d.name)), true));
  if (data.duration.bins.length === 0) out.push(`<p class="note">No per-rollout durations: this rollouts file has no <code>${DURATION_KEY}</code> (collected by an older Edge Gym, or by another tool).</p>`);
  if (data.tokens.length) out.push(figure("Token usage", "rollouts per token count", data.tokens.map((t) => chart(t.name)), true));
  out.push(figure("Per-task difficulty", `mean reward of each of the ${data.difficulty.length} tasks, hardest first; hover a task for its prompt and rewards`, [chart("task-difficulty")]));
  const unresolved = data.failures.reduce((n, f) => n + f.unresolved, 0);
  if (data.failures.length) out.push(figure("Failures by class", `from the failures file; ${unresolved} still missing from the rollouts`, [chart("failures")]));
  else out.push(`<p class="note">No failures recorded.</p>`);
  return out;
}

export function reportPage(data: ReportData): string {
  // `<` escaped so no string in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const body = data.allFailed === null ? [summaryTable(data), ...figures(data)].join("\n") : `<p class="all-failed">${escapeHtml(data.allFailed)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reward profile: ${escapeHtml(data.title)}</title>
<style>${UPLOT_CSS}</style>
<style>${STYLE}</style>
</head>
<body>
<h1>Reward profile</h1>
<p class="meta">${escapeHtml(data.title)} · generated ${escapeHtml(data.generated)}${data.missing ? ` · ${data.missing} materialized rollouts have no result` : ""}${data.answerKey ? ` · majority@k over ${escapeHtml(data.answerKey)}` : ""}</p>
${body}
<script type="application/json" id="report-data">${json}</script>
<script>${UPLOT_JS}</script>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}
