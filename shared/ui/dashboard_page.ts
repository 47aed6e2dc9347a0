// The live dashboard (the head's /ui): a static shell whose script follows /ui/api/events (server-
// sent events, read with fetch so a deployed head's bearer token goes along) and draws each
// snapshot (snapshot.ts) with uPlot, served beside it at /ui/assets. Every uPlot instance is kept
// in `window.dashboard.charts` and the last snapshot in `window.dashboard.snapshot`, so a test
// (or a curious reader) can check what is drawn against the data.
import { AUTH_FORM, PAGE_CSP, PAGE_SCRIPT, PAGE_STYLE, pageHeader } from "./page_kit.ts";

export const UPLOT_JS_PATH = "/ui/assets/uplot.js";
export const UPLOT_CSS_PATH = "/ui/assets/uplot.css";

const STYLE = `
  main td, main th { text-align: left; }
  main td.n { text-align: right; font-variant-numeric: tabular-nums; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 0.75rem; }
  .env h3 { margin: 0 0 0.25rem; font-size: 1rem; }
  .chart { min-height: 200px; }
  #status { margin-left: auto; }
  a.rollout { color: var(--accent); }
`;

const SCRIPT = String.raw`
const dashboard = { snapshot: null, charts: {} };
window.dashboard = dashboard;
const $ = (id) => document.getElementById(id);
const width = (el) => Math.max(320, el.clientWidth - 8);

function table(el, head, rows) {
  el.innerHTML = rows.length === 0 ? "<p class=muted>none</p>" :
    "<div class=scroll><table><thead><tr>" + head.map((h) => "<th>" + esc(h) + "</th>").join("") + "</tr></thead><tbody>" +
    rows.map((r) => "<tr>" + r.map((c) => (typeof c === "number" ? "<td class=n>" : "<td>") + c + "</td>").join("") + "</tr>").join("") + "</tbody></table></div>";
}

const link = (r) => '<a class="rollout" href="/ui/viewer#/rollout/' + encodeURIComponent(r.id) + '">' + esc(r.id.slice(0, 8)) + "</a>";
const seconds = (ms) => ms === null || ms === undefined ? "–" : (ms / 1000).toFixed(2) + " s";

// One chart per key, made once and then fed new data; made again when its shape changes.
function chart(key, el, shape, make, data) {
  const old = dashboard.charts[key];
  if (old && old.shape === shape) { old.setData(data); return old; }
  if (old) old.destroy();
  el.textContent = "";
  const u = new uPlot(make(width(el)), data, el);
  u.shape = shape;
  dashboard.charts[key] = u;
  return u;
}

function timeCharts(s) {
  const b = s.timeline.buckets;
  const t = b.map((x) => x.start / 1000);
  chart("throughput", $("throughput"), "t", (w) => ({
    width: w, height: 200, scales: { x: { time: true } },
    series: [{}, { label: "rollouts/s", stroke: "#3b6fd8", fill: "rgba(59,111,216,0.1)" }],
    axes: [{}, { label: "rollouts/s" }],
  }), [t, b.map((x) => x.per_s)]);
  chart("latency", $("latency"), "t", (w) => ({
    width: w, height: 200, scales: { x: { time: true } },
    series: [{}, { label: "p50 s", stroke: "#2e9e6b", spanGaps: true }, { label: "p95 s", stroke: "#d8573b", spanGaps: true }],
    axes: [{}, { label: "seconds" }],
  }), [t, b.map((x) => x.p50_ms === null ? null : x.p50_ms / 1000), b.map((x) => x.p95_ms === null ? null : x.p95_ms / 1000)]);
}

function envCard(e, i) {
  let card = document.querySelector('[data-environment="' + CSS.escape(e.environment) + '"]');
  if (!card) {
    card = document.createElement("div");
    card.className = "panel env";
    card.dataset.environment = e.environment;
    card.innerHTML = "<h3></h3><p class=muted></p><div class=charts><div class=chart data-chart=rewards></div><div class=chart data-chart=pass></div></div>";
    $("environments").appendChild(card);
  }
  card.querySelector("h3").textContent = e.environment;
  card.querySelector("p").textContent = e.done + " done, " + e.failed + " failed, " + e.tasks + " tasks, mean reward " + fmt(e.mean_reward);
  // Nothing scored yet: words, not empty frames.
  card.querySelector(".charts").hidden = e.done === 0;
  if (e.done === 0) return;
  const bins = e.reward_bins;
  const edges = [bins[0].lo, bins[bins.length - 1].hi];
  // The x range is the bins' own: a new range (new rewards) makes the chart again.
  chart("rewards:" + e.environment, card.querySelector("[data-chart=rewards]"), "h:" + edges.join(":"), (w) => ({
    width: w, height: 180, title: "reward distribution",
    scales: { x: { time: false, range: () => edges }, y: { range: (u, lo, hi) => [0, Math.max(1, hi)] } },
    series: [{ label: "reward ≥" }, { label: "rollouts", fill: "#3b6fd8", stroke: "#3b6fd8", paths: uPlot.paths.bars({ size: [1, Infinity], align: 1 }), points: { show: false } }],
  }), [bins.map((x) => x.lo), bins.map((x) => x.count)]);
  const ks = e.pass_at_k.map((p) => p.k);
  const maxK = ks.length ? ks[ks.length - 1] : 1;
  const shape = "p:" + e.percent + ":" + (maxK > 16);
  chart("pass:" + e.environment, card.querySelector("[data-chart=pass]"), shape, (w) => ({
    width: w, height: 180, title: e.percent ? "pass@k (percent of tasks)" : "best reward of k (mean over tasks)",
    scales: { x: { time: false, distr: maxK > 16 ? 3 : 1, log: 2 }, y: e.percent ? { range: [0, 100] } : {} },
    axes: [{ incrs: [1, 2, 4, 8, 16, 32, 64, 128] }, {}],
    series: [{ label: "k" }, { label: e.percent ? "pass@k %" : "mean best of k", stroke: "#9b59b6", width: 2 }],
  }), [ks, e.pass_at_k.map((p) => p.value)]);
}

function render(s) {
  dashboard.snapshot = s;
  document.body.dataset.version = s.version;
  $("status").textContent = "live · " + new Date(s.now).toLocaleTimeString() + " · " + s.stored.rollouts + " rollouts kept (at most " + s.stored.max_rollouts + ", " + s.stored.retention_hours + " h)";
  table($("agents"), ["agent", "in flight", "done", "failed", "unreported"],
    s.agents.map((a) => [esc(a.agent), a.in_flight, a.done, a.failed, a.unreported]));
  timeCharts(s);
  s.environments.forEach(envCard);
  table($("failures"), ["failure class", "rollouts", ""],
    s.failures.map((f) => [esc(f.failure_class), f.count, '<a href="/ui/viewer#/?failure_class=' + encodeURIComponent(f.failure_class) + '">read them</a>']));
  const row = (r) => [link(r), esc(r.agent), esc(r.environment), esc(r.task), seconds(r.duration_ms), r.status === "failed" ? '<span class=bad>' + esc(r.failure_class) + "</span>" : fmt(r.reward)];
  table($("slowest"), ["rollout", "agent", "environment", "task", "duration", "reward"], s.slowest.map(row));
  table($("in-flight"), ["rollout", "agent", "environment", "task", "running for"],
    s.oldest_in_flight.map((r) => [link(r), esc(r.agent), esc(r.environment), esc(r.task), seconds(s.now - r.started_at)]));
}

// Server-sent events read by hand: EventSource cannot send the Authorization header.
async function follow() {
  for (;;) {
    try {
      const res = await fetch("/ui/api/events", { headers: authHeaders() });
      if (res.status === 401) return askForToken(follow);
      if (!res.ok) throw new Error(res.status + " " + res.statusText);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const data = buffer.slice(0, end).split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).join("\n");
          buffer = buffer.slice(end + 2);
          if (data) render(JSON.parse(data));
        }
      }
    } catch (err) {
      $("status").textContent = "reconnecting (" + err.message + ")";
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
follow();
`;

/** The dashboard's HTML: uPlot from the head's assets, nothing else fetched but the API. */
export function dashboardPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Edge Gym dashboard</title>
<link rel="stylesheet" href="${UPLOT_CSS_PATH}">
<style>${PAGE_STYLE}${STYLE}</style>
</head>
<body>
${pageHeader("dashboard").replace("</nav>", '</nav><span id="status" class="muted">connecting</span>')}
<main>
${AUTH_FORM}
<h2>Rollouts by agent</h2>
<div id="agents" class="counts"></div>
<div class="grid">
<div class="panel"><h3>Throughput</h3><div id="throughput" class="chart"></div></div>
<div class="panel"><h3>Latency</h3><div id="latency" class="chart"></div></div>
</div>
<h2>Environments</h2>
<div id="environments" class="grid"></div>
<h2>Failures</h2>
<div id="failures"></div>
<h2>Slowest rollouts</h2>
<div id="slowest"></div>
<h2>Longest in flight</h2>
<div id="in-flight"></div>
</main>
<script src="${UPLOT_JS_PATH}"></script>
<script>${PAGE_SCRIPT}${SCRIPT}</script>
</body>
</html>
`;
}
