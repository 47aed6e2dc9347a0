// What every page of /ui shares: its look, and a script that reads the API with the bearer token
// a deployed head asks for. The pages are static shells holding no data (served without a token);
// the data comes from /ui/api, behind the same auth as every other route. A token typed into the
// page stays in this tab's sessionStorage only.

/**
 * Every page loads nothing but its own origin's scripts and API, whatever a rollout holds: a second
 * wall behind rendering every value as text. No eval, no images, no other origin.
 */
export const PAGE_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'";

export const PAGE_STYLE = `
  :root { color-scheme: light; --ink: #1d2433; --muted: #5b6577; --line: #e3e7ee; --accent: #3b6fd8; --bad: #d8573b; --good: #2e9e6b; }
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: var(--ink); background: #fafbfc; }
  header { display: flex; gap: 1.5rem; align-items: baseline; padding: 0.75rem 1.5rem; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 1.15rem; margin: 0; }
  header nav a { margin-right: 1rem; color: var(--accent); text-decoration: none; }
  main { padding: 1rem 1.5rem; max-width: 1400px; }
  h2 { font-size: 1.05rem; margin: 1.5rem 0 0.5rem; }
  table { border-collapse: collapse; background: #fff; }
  th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  td.text, th.text { text-align: left; white-space: normal; }
  .muted { color: var(--muted); }
  .bad { color: var(--bad); }
  .good { color: var(--good); }
  .panel { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
  .scroll { overflow-x: auto; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f4f6f9; padding: 0.5rem; border-radius: 4px; margin: 0.25rem 0; max-height: 32rem; overflow: auto; }
  #auth { display: none; }
  #auth.shown { display: block; }
`;

/** Browser code: `api(path)` (JSON, with the token once given), `esc(text)`, `fmt(number)`. */
export const PAGE_SCRIPT = String.raw`
const TOKEN_KEY = "edge-gym-token";
function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { authorization: "Bearer " + token } : {};
}
// A 401 shows the token form; the page calls start() again once one is saved.
function askForToken(start) {
  const box = document.getElementById("auth");
  box.classList.add("shown");
  box.querySelector("form").onsubmit = (e) => {
    e.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, box.querySelector("input").value.trim());
    box.classList.remove("shown");
    start();
  };
}
class Unauthorized extends Error {}
async function api(path) {
  const res = await fetch(path, { headers: authHeaders() });
  if (res.status === 401) throw new Unauthorized("this server needs a token");
  const body = await res.json();
  if (!res.ok) throw new Error(body?.error?.message ?? res.status + " " + res.statusText);
  return body;
}
function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function fmt(v, digits = 3) {
  if (v === null || v === undefined) return "–";
  if (typeof v !== "number") return String(v);
  return Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en") : String(Number(v.toFixed(digits)));
}
`;

/** The token form every page carries (hidden until a 401). */
export const AUTH_FORM = `<div id="auth" class="panel"><form><label>This server needs a bearer token (one of its AUTH_TOKENS): <input type="password" autocomplete="off" size="40"></label> <button>Use it</button></form><p class="muted">Kept in this tab only (sessionStorage).</p></div>`;

/** The page's header: its title and links to the other pages (no dashboard where none runs: `edge-gym view`). */
export function pageHeader(title: string, options: { dashboard?: boolean } = {}): string {
  const dashboard = (options.dashboard ?? true) ? `<a href="/ui">Dashboard</a>` : "";
  return `<header><h1>Edge Gym · ${title}</h1><nav>${dashboard}<a href="/ui/viewer">Rollouts</a></nav></header>`;
}
