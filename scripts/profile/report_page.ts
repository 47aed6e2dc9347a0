// The report page: a static shell, the data as inline JSON, and a small script that draws each
// chart as SVG. Every chart marks its data points with class "mark" and records how many it drew
// in `data-marks`, so a test (or a curious reader) can check that each one rendered its data.
import type { ReportData } from "./report_data.ts";
import { tableKs } from "./table.ts";

const STYLE = `
  body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1000px; padding: 0 1rem; color: #1d2433; }
  h1 { font-size: 1.4rem; margin-bottom: 0.2rem; }
  .meta { color: #5b6577; margin-top: 0; }
  table { border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid #e3e7ee; text-align: right; }
  th:first-child, td:first-child { text-align: left; }
  figure { margin: 1.5rem 0; padding: 1rem; border: 1px solid #e3e7ee; border-radius: 6px; }
  figcaption { font-weight: 600; margin-bottom: 0.5rem; }
  figcaption small { font-weight: 400; color: #5b6577; }
  svg { width: 100%; height: auto; display: block; }
  .axis { stroke: #9aa3b2; stroke-width: 1; }
  .tick { fill: #5b6577; font-size: 11px; }
  .bar { fill: #3b6fd8; }
  .bar.negative { fill: #d8573b; }
  .bar.failure { fill: #d8573b; }
  .line { fill: none; stroke-width: 2; }
  .line.majority { stroke-dasharray: 5 4; }
  .empty { fill: #5b6577; font-size: 14px; }
`;

const SCRIPT = String.raw`
const data = JSON.parse(document.getElementById("report-data").textContent);
const NS = "http://www.w3.org/2000/svg";
const W = 640, H = 240, M = { top: 12, right: 16, bottom: 44, left: 52 };
const PALETTE = ["#3b6fd8", "#d8573b", "#2e9e6b", "#9b59b6", "#c69214", "#17a2b8"];

function el(name, attrs, parent, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

function canvas(container) {
  return el("svg", { viewBox: "0 0 " + W + " " + H, role: "img" }, container);
}

function fmt(v) {
  return Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en") : String(Number(v.toFixed(3)));
}

function empty(svg, message) {
  el("text", { x: W / 2, y: H / 2, "text-anchor": "middle", class: "empty" }, svg, message);
}

// Bars from zero: values may be negative (a loss can score -1).
function bars(svg, items, options) {
  const lo = Math.min(0, ...items.map((i) => i.value));
  const hi = Math.max(options.minTop ?? 0, ...items.map((i) => i.value));
  const span = hi - lo || 1;
  const y = (v) => M.top + (H - M.top - M.bottom) * (1 - (v - lo) / span);
  const slot = (W - M.left - M.right) / items.length;
  el("line", { x1: M.left, x2: W - M.right, y1: y(0), y2: y(0), class: "axis" }, svg);
  el("text", { x: M.left - 6, y: y(hi) + 4, "text-anchor": "end", class: "tick" }, svg, fmt(hi));
  if (lo < 0) el("text", { x: M.left - 6, y: y(lo) + 4, "text-anchor": "end", class: "tick" }, svg, fmt(lo));
  el("text", { x: M.left - 6, y: y(0) + 4, "text-anchor": "end", class: "tick" }, svg, "0");
  const labelEvery = Math.ceil(items.length / 12);
  items.forEach((item, i) => {
    const top = y(Math.max(0, item.value));
    // A hairline at least, so a zero still shows where its bar is.
    const height = Math.max(Math.abs(y(item.value) - y(0)), 1);
    const bar = el("rect", {
      x: M.left + i * slot + slot * 0.1, y: top, width: Math.max(slot * 0.8, 0.5), height,
      class: "mark bar" + (item.value < 0 ? " negative" : "") + (options.barClass ? " " + options.barClass : ""),
      "data-value": item.value,
    }, svg);
    el("title", {}, bar, item.title ?? item.label + ": " + fmt(item.value));
    if (options.showLabels !== false && i % labelEvery === 0) {
      el("text", { x: M.left + (i + 0.5) * slot, y: H - M.bottom + 16, "text-anchor": "middle", class: "tick" }, svg, item.tick ?? item.label);
    }
  });
  if (options.xLabel) el("text", { x: (M.left + W - M.right) / 2, y: H - 6, "text-anchor": "middle", class: "tick" }, svg, options.xLabel);
  return items.length;
}

function lines(svg, series, xs) {
  const y = (v) => M.top + (H - M.top - M.bottom) * (1 - v / 100);
  const x = (i) => M.left + (xs.length === 1 ? (W - M.left - M.right) / 2 : (i * (W - M.left - M.right)) / (xs.length - 1));
  el("line", { x1: M.left, x2: W - M.right, y1: y(0), y2: y(0), class: "axis" }, svg);
  for (const v of [0, 50, 100]) el("text", { x: M.left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" }, svg, v + "%");
  xs.forEach((k, i) => el("text", { x: x(i), y: H - M.bottom + 16, "text-anchor": "middle", class: "tick" }, svg, "k=" + k));
  let marks = 0;
  series.forEach((s) => {
    const points = s.values.map((v, i) => (v === null ? null : [x(i), y(v)])).filter(Boolean);
    if (points.length === 0) return;
    el("path", { d: "M" + points.map((p) => p.join(",")).join("L"), class: "line" + (s.dashed ? " majority" : ""), stroke: s.color }, svg);
    s.values.forEach((v, i) => {
      if (v === null) return;
      const dot = el("circle", { cx: x(i), cy: y(v), r: 3.5, fill: s.color, class: "mark", "data-value": v }, svg);
      el("title", {}, dot, s.name + " @ k=" + xs[i] + ": " + v.toFixed(1) + "%");
      marks++;
    });
  });
  series.forEach((s, i) => {
    el("text", { x: M.left + 8, y: M.top + 14 + i * 15, class: "tick", fill: s.color }, svg, (s.dashed ? "- - " : "— ") + s.name);
  });
  return marks;
}

// A bin's tick is its lower edge; its title has the whole range.
const binBar = (b, what) => ({ label: b.label, tick: b.label.split("–")[0], value: b.count, title: what + " " + b.label + ": " + b.count + " rollouts" });

const charts = {
  "reward-histogram": (figure) => bars(canvas(figure), data.rewardHistogram.map((b) => binBar(b, "reward")), { xLabel: "reward" }),
  "pass-at-k": (figure) => {
    const xs = [...new Set(data.agents.flatMap((a) => a.passAtK.map((p) => p.k)))].sort((a, b) => a - b);
    const at = (a, key) => xs.map((k) => a.passAtK.find((p) => p.k === k)?.[key] ?? null);
    const series = data.agents.flatMap((a, i) => {
      const color = PALETTE[i % PALETTE.length];
      const out = [{ name: "pass@k " + a.name, values: at(a, "pass"), color }];
      if (a.passAtK.some((p) => p.majority !== null)) out.push({ name: "majority@k " + a.name, values: at(a, "majority"), color, dashed: true });
      return out;
    });
    return lines(canvas(figure), series, xs);
  },
  "task-difficulty": (figure) => bars(canvas(figure), data.difficulty.tasks.map((t) => ({ label: String(t.task), value: t.meanReward, title: "task " + t.task + " (" + t.agent + "): mean reward " + fmt(t.meanReward) })), { minTop: 1, showLabels: data.difficulty.tasks.length <= 40, xLabel: "tasks, hardest first" }),
  "token-usage": (figure) => data.tokens.reduce((n, t) => n + bars(canvas(figure), t.bins.map((b) => binBar(b, t.field)), { xLabel: t.field }), 0),
  failures: (figure) => {
    if (data.failures.length === 0) {
      empty(canvas(figure), "No failures recorded");
      return 0;
    }
    return bars(canvas(figure), data.failures.map((f) => ({ label: f.failureClass, value: f.count, title: f.failureClass + ": " + f.count + " (" + f.unresolved + " still missing)" })), { barClass: "failure" });
  },
};

for (const figure of document.querySelectorAll("figure[data-chart]")) {
  try {
    figure.dataset.marks = String(charts[figure.dataset.chart](figure));
  } catch (err) {
    figure.dataset.error = String(err);
    throw err;
  }
}
`;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const cell = (v: unknown, digits: number) => (typeof v === "number" ? v.toFixed(digits) : "–");

function summaryTable(data: ReportData): string {
  // The chart has every k (passAtK holds k = 1..n); the table the terminal's readable subset.
  const ks = tableKs(data.agents.reduce((n, a) => Math.max(n, a.passAtK.length), 1));
  const head = ["agent", "tasks", "rollouts", "mean reward", ...ks.map((k) => `pass@${k}`)].map((h) => `<th>${escapeHtml(h)}</th>`).join("");
  const rows = data.agents
    .map((a) => {
      const pass = ks.map((k) => `<td>${cell(a.passAtK.find((p) => p.k === k)?.pass, 1)}</td>`).join("");
      return `<tr><td>${escapeHtml(a.name)}</td><td>${a.tasks}</td><td>${a.rollouts}</td><td>${cell(a.meanReward, 3)}</td>${pass}</tr>`;
    })
    .join("");
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function figure(chart: string, caption: string, note = ""): string {
  return `<figure data-chart="${chart}"><figcaption>${escapeHtml(caption)}${note ? ` <small>${escapeHtml(note)}</small>` : ""}</figcaption></figure>`;
}

export function reportPage(data: ReportData): string {
  const sampled = data.difficulty.tasks.length < data.difficulty.total ? `(${data.difficulty.tasks.length} of ${data.difficulty.total} tasks, evenly spaced)` : "";
  const unresolved = data.failures.reduce((n, f) => n + f.unresolved, 0);
  // `<` escaped so no string in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reward profile: ${escapeHtml(data.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Reward profile</h1>
<p class="meta">${escapeHtml(data.title)} · generated ${escapeHtml(data.generated)}${data.missing ? ` · ${data.missing} materialized rollouts have no result` : ""}${data.answerKey ? ` · majority@k over ${escapeHtml(data.answerKey)}` : ""}</p>
${summaryTable(data)}
${figure("reward-histogram", "Reward histogram", "rollouts per reward value")}
${figure("pass-at-k", "pass@k", "percent of tasks; dashed: majority@k")}
${figure("task-difficulty", "Per-task difficulty", `mean reward per task, hardest first ${sampled}`)}
${figure("token-usage", "Token usage", "rollouts per token count")}
${figure("failures", "Failures by class", `from the failures file; ${unresolved} still missing from the rollouts`)}
<script type="application/json" id="report-data">${json}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
