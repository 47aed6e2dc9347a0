// The rollout viewer's browser code (viewer_page.ts carries it): hash routes over the API of
// api.ts, read with relative URLs so the page works wherever /ui is served. Model output is
// hostile: every value from a rollout becomes a text node (h() below), never HTML.
//   #/?agent=..&status=..   the list, its filters in the hash
//   #/rollout/<id>          one rollout, read in full
//   #/compare/<id>,<id>     rollouts of one task side by side, turn by turn

export const VIEWER_SCRIPT = String.raw`
const API = "api/rollouts";
// What the list's hash may carry to the API: the filters, and the page size (100 unless set).
const FILTERS = ["environment", "agent", "status", "failure_class", "task", "min_reward", "max_reward", "limit"];
// Texts longer than this show their start and a "show all": a 500 KB tool output stays one click away.
const CUT = 20000;
const view = document.getElementById("view");

// Elements from tags, attributes and children; a child that is not a node becomes a text node.
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const rolloutHref = (id) => "#/rollout/" + encodeURIComponent(id);
const listHref = (filters) => "#/?" + new URLSearchParams(filters);
// JSON on one line when it is short, indented when not.
function pretty(value) {
  if (typeof value === "string") return value;
  const line = JSON.stringify(value) ?? String(value);
  return line.length <= 100 ? line : JSON.stringify(value, null, 2);
}

/** A text in a <pre>, cut at CUT characters with a button that shows the rest. */
function longText(text) {
  const pre = h("pre", {}, text.length > CUT ? text.slice(0, CUT) : text);
  if (text.length <= CUT) return pre;
  const all = h("button", { type: "button", onclick: () => { pre.textContent = text; cut.remove(); } }, "show all (" + text.length.toLocaleString("en") + " characters)");
  const cut = h("div", { class: "cut muted" }, "cut at " + CUT.toLocaleString("en") + " characters ", all);
  return h("div", {}, pre, cut);
}

/** A JSON string pretty-printed when it parses (function arguments, tool outputs), else as is. */
function jsonText(value) {
  if (typeof value !== "string") return pretty(value);
  try {
    const parsed = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? pretty(parsed) : value;
  } catch {
    return value;
  }
}

function contentText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? "" : pretty(content);
  return content.map((part) => (typeof part?.text === "string" ? part.text : typeof part?.refusal === "string" ? "[refusal] " + part.refusal : pretty(part))).join("\n");
}

const ROLES = ["system", "developer", "user", "assistant"];
const label = (...children) => h("div", { class: "label" }, ...children);

/** One input or output item; calls maps a call_id to its function's name, for the outputs. */
function itemView(item, calls) {
  const type = item?.type ?? (item?.role ? "message" : "?");
  if (type === "message") {
    const role = ROLES.includes(item.role) ? item.role : "other";
    const text = contentText(item.content);
    // The instructions are long and alike across rows: collapsed.
    if (role === "system" || role === "developer") return h("details", { class: "item msg " + role }, h("summary", {}, String(item.role), " message (" + text.length.toLocaleString("en") + " characters)"), longText(text));
    return h("div", { class: "item msg " + role }, label(String(item.role ?? "?")), longText(text));
  }
  if (type === "reasoning") {
    const parts = [...(Array.isArray(item.summary) ? item.summary : []), ...(Array.isArray(item.content) ? item.content : [])];
    const text = parts.map((p) => (typeof p?.text === "string" ? p.text : "")).filter(Boolean).join("\n\n") || (item.encrypted_content ? "(encrypted)" : "(empty)");
    return h("details", { class: "item reasoning" }, h("summary", {}, "reasoning (" + text.length.toLocaleString("en") + " characters)"), longText(text));
  }
  if (type === "function_call") {
    calls.set(item.call_id, item.name);
    return h("div", { class: "item call" }, label("tool call ", h("b", {}, String(item.name ?? "?")), h("span", { class: "muted" }, " " + String(item.call_id ?? ""))), longText(jsonText(item.arguments)));
  }
  if (type === "function_call_output") {
    const name = calls.get(item.call_id);
    return h("div", { class: "item output" }, label("tool output", name === undefined ? "" : " of ", name === undefined ? null : h("b", {}, String(name)), h("span", { class: "muted" }, " " + String(item.call_id ?? ""))), longText(jsonText(item.output)));
  }
  return h("div", { class: "item other" }, label(String(type)), longText(pretty(item)));
}

// The model's turns: each run of model items (reasoning, assistant messages, function calls) and
// what came back before the next (tool outputs, the environment's messages), as recorded.ts splits them.
const isModelItem = (item) => item?.type === "reasoning" || item?.type === "function_call" || ((item?.type ?? "message") === "message" && item?.role === "assistant");
function turnsOf(output) {
  const before = [];
  const turns = [];
  for (const item of output) {
    const last = turns[turns.length - 1];
    if (!isModelItem(item)) (last ? last.next : before).push(item);
    else if (last && last.next.length === 0) last.turn.push(item);
    else turns.push({ turn: [item], next: [] });
  }
  return { before, turns };
}

function turnView(turn, calls) {
  return [...turn.turn.map((i) => itemView(i, calls)), ...(turn.next.length ? [h("div", { class: "returned" }, turn.next.map((i) => itemView(i, calls)))] : [])];
}

const outputOf = (rollout) => (Array.isArray(rollout?.response?.output) ? rollout.response.output : []);

function table(rows) {
  return h("table", {}, rows.map(([key, value]) => h("tr", {}, h("th", { class: "text" }, key), h("td", { class: "text" }, value))));
}

const components = (c) => (c ? Object.entries(c).map(([k, v]) => k + " " + fmt(v)).join(" · ") : "");
const tokens = (s) => (s.input_tokens === null && s.output_tokens === null ? "–" : fmt(s.input_tokens) + " / " + fmt(s.output_tokens));
const duration = (ms) => (ms === null ? "–" : ms < 1000 ? fmt(ms, 0) + " ms" : fmt(ms / 1000, 2) + " s");
const time = (ms) => (ms === null ? "–" : new Date(ms).toISOString());

function rewardBadge(summary) {
  if (summary.status !== "done") return h("span", { class: "badge " + (summary.status === "failed" ? "bad" : "muted") }, summary.status + (summary.failure_class ? ": " + summary.failure_class : ""));
  return h("span", { class: "badge reward" }, "reward " + fmt(summary.reward));
}

// ---- the list ----

function filterForm(filters, facets) {
  const apply = () => {
    const next = {};
    for (const field of form.querySelectorAll("[name]")) if (field.value.trim() !== "") next[field.name] = field.value.trim();
    location.hash = listHref(next);
  };
  const menu = (name, values, title) => h("label", {}, title + " ", h("select", { name, onchange: apply }, h("option", { value: "" }, "any"), values.map((v) => h("option", { value: v, selected: filters.get(name) === v }, v))));
  const field = (name, title, size) => h("label", {}, title + " ", h("input", { name, size, value: filters.get(name) ?? "" }));
  const form = h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); apply(); } },
    facets.environments.length ? menu("environment", facets.environments, "environment") : null,
    menu("agent", facets.agents, "agent"),
    menu("status", ["done", "failed", "in_flight"], "status"),
    menu("failure_class", facets.failure_classes, "failure class"),
    field("task", "task", 6), field("min_reward", "reward ≥", 5), field("max_reward", "≤", 5),
    h("button", {}, "filter"), " ", h("a", { href: "#/" }, "clear"));
  return form;
}

async function showList(filters) {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (filters.get(name)) query.set(name, filters.get(name));
  const first = await api(API + "?" + query);
  const body = h("tbody");
  const ticked = new Map();
  const compare = h("button", { type: "button", disabled: true, onclick: () => { location.hash = "#/compare/" + [...ticked.keys()].map(encodeURIComponent).join(","); } }, "compare");
  const hint = h("span", { class: "muted" }, "tick rollouts of one task to compare them");
  const onTick = () => {
    const tasks = new Set(ticked.values());
    compare.disabled = ticked.size < 2 || tasks.size !== 1;
    hint.textContent = tasks.size > 1 ? "the ticked rollouts are of " + tasks.size + " tasks: compare needs one" : ticked.size === 1 ? "tick another of task " + [...tasks][0] : "tick rollouts of one task to compare them";
  };
  // Agent and environment columns only when the list holds several: one value says nothing per row.
  const columns = [
    ["", (s) => h("input", { type: "checkbox", title: "compare", onchange: (e) => { e.target.checked ? ticked.set(s.id, s.task) : ticked.delete(s.id); onTick(); } })],
    // A monitor's ids are UUIDs: their start tells them apart, the whole one is the link's title.
    ["id", (s) => h("a", { href: rolloutHref(s.id), title: s.id }, s.id.length > 14 ? s.id.slice(0, 8) + "…" : s.id)],
    ["status", (s) => s.status],
    ["reward", (s) => fmt(s.reward)],
    ["components", (s) => components(s.reward_components), "text components"],
    ["failure", (s) => s.failure_class ?? "", "text bad"],
    ["turns", (s) => fmt(s.turns)],
    ["tool calls", (s) => fmt(s.tool_calls)],
    ["tokens in / out", tokens],
    ["duration", (s) => duration(s.duration_ms)],
    ["task", (s) => [h("a", { href: listHref({ task: s.task }) }, s.task), s.rollout_index === null ? "" : " #" + s.rollout_index]],
    ...(first.facets.agents.length > 1 ? [["agent", (s) => s.agent, "text"]] : []),
    ...(first.facets.environments.length > 1 ? [["environment", (s) => s.environment ?? "", "text"]] : []),
    ["prompt", (s) => s.prompt ?? "", "text prompt"],
  ];
  const row = (s) => h("tr", { "data-id": s.id, "data-task": s.task, class: s.status === "failed" ? "failed" : null, onclick: (e) => { if (!e.target.closest("input, a")) location.hash = rolloutHref(s.id); } },
    columns.map(([, cell, cls]) => h("td", { class: cls }, cell(s))));
  const count = h("span", { class: "muted" });
  const more = h("button", { type: "button" }, "more");
  let shown = 0;
  const add = (page) => {
    body.append(...page.rollouts.map(row));
    shown += page.rollouts.length;
    count.textContent = shown + (page.next ? " rollouts shown, more to come" : shown === 1 ? " rollout" : " rollouts");
    more.hidden = page.next === null;
    more.onclick = async () => {
      more.disabled = true;
      query.set("cursor", page.next);
      try {
        add(await api(API + "?" + query));
      } catch (err) {
        count.textContent = shown + " rollouts shown; the next page failed: " + String(err?.message ?? err);
      }
      more.disabled = false;
    };
  };
  add(first);
  return h("div", {},
    filterForm(filters, first.facets),
    h("div", { class: "bar" }, count, " ", compare, " ", hint),
    h("div", { class: "scroll" }, h("table", { id: "rollouts" }, h("thead", {}, h("tr", {}, columns.map(([title, , cls]) => h("th", { class: cls?.startsWith("text") ? "text" : null }, title)))), body)),
    more);
}

// ---- one rollout ----

function outcomeView(summary, rollout) {
  const usage = rollout?.response?.usage;
  const rows = [["status", summary.status], ["reward", fmt(summary.reward)]];
  for (const [k, v] of Object.entries(summary.reward_components ?? {})) rows.push(["· " + k, fmt(v)]);
  if (summary.failure_class) rows.push(["failure class", h("span", { class: "bad" }, summary.failure_class)]);
  if (rollout && rollout.error !== undefined && rollout.error !== null) rows.push(["error", longText(pretty(rollout.error))]);
  if (usage && typeof usage === "object") {
    rows.push(["input tokens", fmt(usage.input_tokens) + (usage.input_tokens_details?.cached_tokens ? " (" + fmt(usage.input_tokens_details.cached_tokens) + " cached)" : "")]);
    rows.push(["output tokens", fmt(usage.output_tokens) + (usage.output_tokens_details?.reasoning_tokens ? " (" + fmt(usage.output_tokens_details.reasoning_tokens) + " reasoning)" : "")]);
    rows.push(["total tokens", fmt(usage.total_tokens)]);
  }
  rows.push(["turns / tool calls", fmt(summary.turns) + " / " + fmt(summary.tool_calls)]);
  rows.push(["started", time(summary.started_at)], ["ended", time(summary.ended_at)], ["duration", duration(summary.duration_ms)]);
  const response = rollout?.response;
  if (response && typeof response === "object") {
    if (response.model !== undefined) rows.push(["model", String(response.model)]);
    if (response.status !== undefined) rows.push(["response status", String(response.status)]);
    if (response.incomplete_details) rows.push(["incomplete", pretty(response.incomplete_details)]);
    if (response.error) rows.push(["response error", longText(pretty(response.error))]);
  }
  return h("section", { class: "panel", id: "outcome" }, h("h2", {}, "Outcome"), table(rows));
}

function promptView(params, calls) {
  if (!params || typeof params !== "object") return h("section", { class: "panel" }, h("h2", {}, "Prompt"), h("p", { class: "muted" }, "no responses_create_params"));
  const input = typeof params.input === "string" ? [{ type: "message", role: "user", content: params.input }] : Array.isArray(params.input) ? params.input : [];
  const tools = Array.isArray(params.tools) ? params.tools : [];
  const { input: _input, tools: _tools, ...rest } = params;
  return h("section", { class: "panel", id: "prompt" }, h("h2", {}, "Prompt"),
    input.map((i) => itemView(i, calls)),
    tools.length ? h("details", { class: "tools" }, h("summary", {}, tools.length + " tools offered: " + tools.map((t) => t?.name ?? t?.type ?? "?").join(", ")),
      tools.map((t) => h("div", { class: "item" }, label(h("b", {}, String(t?.name ?? t?.type ?? "?"))), t?.description ? longText(String(t.description)) : null, t?.parameters ? longText(pretty(t.parameters)) : null))) : null,
    Object.keys(rest).length ? h("details", {}, h("summary", {}, "request parameters"), longText(pretty(rest))) : null);
}

function turnsView(rollout, calls) {
  const { before, turns } = turnsOf(outputOf(rollout));
  return h("section", { class: "panel", id: "turns" }, h("h2", {}, "Model turns (" + turns.length + ")"),
    before.length ? h("div", { class: "returned" }, before.map((i) => itemView(i, calls))) : null,
    turns.map((t, i) => h("div", { class: "turn" }, h("h3", {}, "Turn " + (i + 1)), turnView(t, calls))),
    turns.length === 0 && before.length === 0 ? h("p", { class: "muted" }, "no output") : null);
}

function verifyView(rollout) {
  const keys = Object.keys(rollout).filter((k) => k !== "responses_create_params" && k !== "response");
  return h("section", { class: "panel", id: "verify" }, h("h2", {}, "Verify fields"), table(keys.map((k) => [k, longText(jsonText(rollout[k]))])));
}

async function showRollout(id) {
  const { summary, rollout, note } = await api(API + "/" + encodeURIComponent(id));
  const calls = new Map();
  const title = h("div", { class: "title" }, h("h2", {}, "Rollout " + summary.id), rewardBadge(summary),
    h("span", { class: "muted" }, " " + [summary.agent, summary.environment, "task " + summary.task + (summary.rollout_index === null ? "" : " #" + summary.rollout_index), summary.caller].filter(Boolean).join(" · ")),
    " ", h("a", { href: listHref({ task: summary.task }) }, "all rollouts of this task"));
  if (rollout === null) return h("div", {}, title, outcomeView(summary, null), h("p", { class: "panel muted" }, note ?? "no rollout body"));
  return h("div", {}, title, outcomeView(summary, rollout), promptView(rollout.responses_create_params, calls), turnsView(rollout, calls), verifyView(rollout));
}

// ---- compare ----

async function showCompare(ids) {
  const details = await Promise.all(ids.map((id) => api(API + "/" + encodeURIComponent(id))));
  const tasks = new Set(details.map((d) => d.summary.task));
  const split = details.map((d) => turnsOf(outputOf(d.rollout)));
  const calls = details.map(() => new Map());
  const most = Math.max(0, ...split.map((s) => s.turns.length));
  const grid = h("div", { class: "compare", style: "grid-template-columns: repeat(" + details.length + ", minmax(22rem, 1fr))" });
  const row = (name, cells) => {
    if (name) grid.append(h("div", { class: "rowname" }, name));
    cells.forEach((c) => grid.append(h("div", { class: "cell" }, c)));
  };
  row("", details.map((d) => [h("a", { href: rolloutHref(d.summary.id) }, h("b", {}, d.summary.id)), " ", rewardBadge(d.summary),
    h("div", { class: "muted" }, components(d.summary.reward_components)),
    h("div", { class: "muted" }, fmt(d.summary.turns) + " turns · " + fmt(d.summary.tool_calls) + " tool calls · tokens " + tokens(d.summary) + " · " + duration(d.summary.duration_ms)),
    d.rollout === null ? h("div", { class: "muted" }, d.note ?? "") : null]));
  if (split.some((s) => s.before.length)) row("before the first turn", split.map((s, i) => s.before.map((item) => itemView(item, calls[i]))));
  for (let t = 0; t < most; t++) row("Turn " + (t + 1), split.map((s, i) => (s.turns[t] ? turnView(s.turns[t], calls[i]) : h("p", { class: "muted" }, "—"))));
  row("verify fields", details.map((d) => (d.rollout ? h("details", {}, h("summary", {}, "all fields"), verifyView(d.rollout)) : null)));
  return h("div", {},
    h("div", { class: "title" }, h("h2", {}, "Compare " + details.length + " rollouts of task " + [...tasks].join(", ")), " ", h("a", { href: listHref({ task: details[0]?.summary.task ?? "" }) }, "all rollouts of this task")),
    tasks.size > 1 ? h("p", { class: "panel bad" }, "these rollouts are of " + tasks.size + " different tasks") : null,
    details[0]?.summary.prompt ? h("p", { class: "panel" }, h("b", {}, "prompt "), details[0].summary.prompt) : null,
    h("div", { class: "scroll" }, grid));
}

// ---- routes ----

let current = 0;
async function route() {
  const mine = ++current;
  const hash = location.hash.replace(/^#/, "") || "/";
  view.replaceChildren(h("p", { class: "muted" }, "loading…"));
  let shown;
  try {
    if (hash.startsWith("/rollout/")) shown = await showRollout(decodeURIComponent(hash.slice("/rollout/".length)));
    else if (hash.startsWith("/compare/")) shown = await showCompare(hash.slice("/compare/".length).split(",").filter(Boolean).map(decodeURIComponent));
    else shown = await showList(new URLSearchParams(hash.split("?")[1] ?? ""));
  } catch (err) {
    if (err instanceof Unauthorized) return askForToken(route);
    shown = h("p", { class: "panel bad", id: "error" }, String(err?.message ?? err));
  }
  // A slower answer to an older route never replaces a newer one.
  if (mine === current) view.replaceChildren(shown);
  window.scrollTo(0, 0);
}
window.addEventListener("hashchange", route);
route();
`;
