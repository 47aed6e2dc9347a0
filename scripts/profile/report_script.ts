// The report page's own script, run in the browser after uPlot: one uPlot chart per
// `[data-chart]` element, from the JSON the page embeds (report_data.ts). Each chart is kept on
// `window.charts[name]`, so a test (or a curious reader in the console) can read its scales and data.
export const REPORT_SCRIPT = String.raw`
const data = JSON.parse(document.getElementById("report-data").textContent);
const PALETTE = ["#3b6fd8", "#d8573b", "#2e9e6b", "#9b59b6", "#c69214", "#17a2b8"];
const HEIGHT = 240;
window.charts = {};

const fmt = (v) => (v === null || v === undefined ? "-" : Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en") : String(Number(v.toFixed(3))));
const COUNT_INCRS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

// Bars from 0 to each value, from x (data[0][i]) to his[i] in data units: bins keep their true
// widths and positions. A pixel of gap parts neighbours; a bar too narrow to see is 2 pixels wide.
function barPaths(his) {
  return (u, seriesIdx, i0, i1) => {
    const path = new Path2D();
    const xs = u.data[0];
    const ys = u.data[seriesIdx];
    const zero = u.valToPos(0, "y", true);
    for (let i = i0; i <= i1; i++) {
      if (ys[i] === null || ys[i] === undefined) continue;
      let left = u.valToPos(xs[i], "x", true);
      let right = u.valToPos(his[i], "x", true);
      if (right - left >= 4) [left, right] = [left + 1, right - 1];
      else if (right - left < 2) [left, right] = [(left + right) / 2 - 1, (left + right) / 2 + 1];
      const top = u.valToPos(ys[i], "y", true);
      path.rect(left, Math.min(top, zero), right - left, Math.max(Math.abs(zero - top), 1));
    }
    return { stroke: path, fill: path };
  };
}

// The cursor is on the bar under it, not on the nearest left edge.
const inBar = (his) => (u, seriesIdx, closest, x) => {
  const xs = u.data[0];
  for (let i = 0; i < xs.length; i++) if (x >= xs[i] && x <= his[i]) return i;
  return closest;
};

// A value axis that always shows zero (rewards may be negative), with a little room above the bars.
function withZero(u, min, max) {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  if (lo === hi) return [0, 1];
  const pad = (hi - lo) * 0.08;
  return [lo < 0 ? lo - pad : 0, hi > 0 ? hi + pad : 0];
}

function chart(el, options, columns) {
  const width = Math.max(280, el.clientWidth);
  const u = new uPlot({ width, height: HEIGHT, ...options }, columns, el);
  window.charts[el.dataset.chart] = u;
  return u;
}

function bars(color, his, label) {
  return { label, stroke: color, fill: color + "cc", width: 0, paths: barPaths(his), points: { show: false } };
}

function histogramChart(el, bins, label) {
  const los = bins.map((b) => b.lo);
  const his = bins.map((b) => b.hi);
  // Whole values (turns, binary rewards) get whole ticks, not 0.25 steps between them.
  const whole = bins.every((b) => Number.isInteger((b.lo + b.hi) / 2) && b.hi - b.lo >= 1);
  return chart(el, {
    scales: { x: { time: false, range: () => [los[0], his[his.length - 1]] }, y: { range: (u, min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    axes: [{ label, ...(whole ? { incrs: COUNT_INCRS } : {}) }, { label: "rollouts", incrs: COUNT_INCRS }],
    series: [{ label, value: (u, v, s, i) => (i === null ? "-" : fmt(los[i]) + " to " + fmt(his[i])) }, bars(PALETTE[0], his, "rollouts")],
    cursor: { dataIdx: inBar(his), y: false },
  }, [los, bins.map((b) => b.count)]);
}

// Named bars (reward components, failure classes): bar i spans i - 0.4 to i + 0.4.
function categoryChart(el, names, values, label, color, what, counts) {
  const xs = names.map((_, i) => i - 0.4);
  const his = names.map((_, i) => i + 0.4);
  return chart(el, {
    scales: { x: { time: false, range: () => [-0.5, names.length - 0.5] }, y: { range: withZero } },
    axes: [{ splits: () => names.map((_, i) => i), values: (u, splits) => splits.map((s) => names[s] ?? "") }, { label, ...(counts ? { incrs: COUNT_INCRS } : {}) }],
    series: [{ label: what, value: (u, v, s, i) => (i === null ? "-" : names[i]) }, bars(color, his, label)],
    cursor: { dataIdx: inBar(his), y: false },
  }, [xs, values]);
}

// pass@k of the agents read in one unit: percent on a 0-100 axis, rewards on an axis fitted to
// them. k on a numeric axis, log2 beyond 16 so k = 1..128 spreads out; uPlot spaces the ticks.
function passAtKChart(el, unit) {
  const agents = data.agents.filter((a) => a.unit === unit && a.passAtK.some((p) => p.pass !== null));
  const ks = Array.from({ length: Math.max(...agents.map((a) => a.passAtK.length)) }, (_, i) => i + 1);
  const series = [{ label: "k" }];
  const columns = [ks];
  agents.forEach((a, i) => {
    const stroke = PALETTE[i % PALETTE.length];
    const at = (key) => ks.map((k) => a.passAtK[k - 1]?.[key] ?? null);
    series.push({ label: "pass@k " + a.name, stroke, width: 2, value: (u, v) => fmt(v) });
    columns.push(at("pass"));
    if (a.passAtK.some((p) => p.majority !== null)) {
      series.push({ label: "majority@k " + a.name, stroke, width: 2, dash: [6, 4], value: (u, v) => fmt(v) });
      columns.push(at("majority"));
    }
  });
  const x = ks.length > 16 ? { time: false, distr: 3, log: 2 } : { time: false, range: (u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) };
  return chart(el, {
    scales: { x, y: unit === "percent" ? { range: [0, 100] } : {} },
    axes: [{ label: "k (rollouts per task)", ...(ks.length > 16 ? {} : { incrs: COUNT_INCRS }) }, { label: unit === "percent" ? "% of tasks" : "mean best reward of k" }],
    series,
  }, columns);
}

// Every task's mean reward, hardest first; hovering one shows its prompt and its rollouts' rewards.
function difficultyChart(el) {
  const tasks = data.difficulty;
  const xs = tasks.map((_, i) => i - 0.4);
  const his = tasks.map((_, i) => i + 0.4);
  const tip = document.createElement("div");
  tip.className = "tip";
  const show = (u) => {
    const i = u.cursor.idxs?.[1] ?? u.cursor.idx;
    if (i === null || i === undefined || u.cursor.left < 0) {
      tip.style.display = "none";
      return;
    }
    const t = tasks[i];
    tip.replaceChildren();
    const line = (text, className) => {
      const div = document.createElement("div");
      div.className = className;
      div.textContent = text;
      tip.appendChild(div);
    };
    line("task " + t.task + " (" + t.agent + "): mean reward " + fmt(t.meanReward), "tip-head");
    line(t.prompt ?? "(no prompt in the rollouts file)", "tip-prompt");
    line("rewards: " + t.rewards.map(fmt).join(", "), "tip-rewards");
    tip.style.display = "block";
    const room = u.over.clientWidth - u.cursor.left;
    tip.style.left = (room < 340 ? u.cursor.left - 330 : u.cursor.left + 14) + "px";
    tip.style.top = Math.max(0, u.cursor.top - 20) + "px";
  };
  const u = chart(el, {
    scales: { x: { time: false, range: () => [-0.5, tasks.length - 0.5] }, y: { range: withZero } },
    axes: [{ label: "tasks, hardest first (rank)", incrs: COUNT_INCRS }, { label: "mean reward" }],
    series: [{ label: "task", value: (u, v, s, i) => (i === null ? "-" : String(tasks[i].task)) }, bars(PALETTE[0], his, "mean reward")],
    cursor: { dataIdx: inBar(his), y: false },
    legend: { show: false },
    hooks: { setCursor: [show] },
  }, [xs, tasks.map((t) => t.meanReward)]);
  u.over.appendChild(tip);
  return u;
}

const builders = {
  "pass-at-k": (el) => passAtKChart(el, "percent"),
  "pass-at-k-reward": (el) => passAtKChart(el, "reward"),
  "reward-components": (el) => categoryChart(el, data.components.map((c) => c.name), data.components.map((c) => c.mean), "mean", PALETTE[2], "component"),
  "task-difficulty": difficultyChart,
  failures: (el) => categoryChart(el, data.failures.map((f) => f.failureClass), data.failures.map((f) => f.count), "rollouts", PALETTE[1], "failure class", true),
};
for (const d of [data.reward, data.turns, data.toolCalls, data.duration, ...data.tokens]) builders[d.name] = (el) => histogramChart(el, d.bins, d.label);
for (const c of data.components) builders["component:" + c.name] = (el) => histogramChart(el, c.bins, c.name);

for (const el of document.querySelectorAll("[data-chart]")) {
  try {
    builders[el.dataset.chart](el);
  } catch (err) {
    el.dataset.error = String(err);
    throw err;
  }
}
`;
