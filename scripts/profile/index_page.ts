// index.html of an eval's output folder: one row per environment with its headline numbers and a
// link to its report. Plain HTML and CSS in one file (nothing to fetch, no script).
import { writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { AgentProfile } from "./profile.ts";
import { escapeHtml, passCell, STYLE } from "./report_page.ts";
import { inRewardUnits, passAtKUnits } from "./table.ts";

export interface IndexEntry {
  /** The environment's row label (eval's table names it so). */
  environment: string;
  /** Its X_report.html. */
  report: string;
  agent: AgentProfile;
  /** Its rollouts without a result at the end of the run (the failures file's unresolved rows). */
  failed: number;
}

function row(dir: string, e: IndexEntry): string {
  const unit = inRewardUnits(e.agent) ? "reward" : "percent";
  const mean = e.agent.metrics["mean/reward"];
  const pass1 = e.agent.metrics["pass@1/accuracy"];
  const cells = [
    e.agent.tasks,
    e.agent.rollouts,
    typeof mean === "number" ? mean.toFixed(3) : "–",
    passCell(typeof pass1 === "number" ? (unit === "reward" ? pass1 / 100 : pass1) : null, unit),
    e.failed,
  ];
  const href = relative(dir, e.report).split("\\").join("/");
  return `<tr><td><a href="${escapeHtml(encodeURI(href))}">${escapeHtml(e.environment)}</a></td>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
}

/** Writes `dir`/index.html; returns its path. */
export async function writeIndex(dir: string, entries: readonly IndexEntry[]): Promise<string> {
  const path = join(dir, "index.html");
  const head = ["environment", "tasks", "rollouts", "mean reward", "pass@1", "failed"].map((h) => `<th>${h}</th>`).join("");
  await writeFile(
    path,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Eval: ${escapeHtml(dir)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Eval</h1>
<p class="meta">${escapeHtml(dir)} · generated ${new Date().toISOString()} · ${entries.length} ${entries.length === 1 ? "environment" : "environments"}; each name opens its report</p>
<div class="scroll"><table class="summary"><thead><tr>${head}</tr></thead><tbody>${entries.map((e) => row(dir, e)).join("")}</tbody></table></div>
<p class="note">${escapeHtml(passAtKUnits(entries.map((e) => ({ ...e.agent, name: e.environment }))))}</p>
</body>
</html>
`,
  );
  return path;
}
