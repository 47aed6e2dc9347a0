// The rollout viewer: one static page (no data in it) that reads the API of api.ts. The head
// serves it at /ui/viewer over its monitor, `edge-gym view` over a rollouts file.
import { AUTH_FORM, PAGE_CSP, PAGE_SCRIPT, PAGE_STYLE, pageHeader } from "./page_kit.ts";
import { VIEWER_SCRIPT } from "./viewer_script.ts";

export interface ViewerOptions {
  /** Whether a dashboard runs beside it (the head's /ui); `edge-gym view` has none. */
  dashboard: boolean;
}


const VIEWER_STYLE = `
  .filters { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; margin-bottom: 0.5rem; }
  .bar { margin: 0.5rem 0; }
  #rollouts tbody tr { cursor: pointer; }
  #rollouts tbody tr:hover { background: #f0f4fb; }
  #rollouts tr.failed a { color: var(--bad); }
  #rollouts td.prompt { min-width: 24rem; max-width: 40rem; color: var(--muted); }
  #rollouts td.components { white-space: nowrap; }
  .title { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: baseline; }
  .title h2 { margin: 0.5rem 0; }
  .badge { padding: 0.1rem 0.5rem; border-radius: 999px; background: #eef1f6; font-weight: 600; }
  .badge.reward { background: #e6edfb; color: var(--accent); }
  .badge.bad { background: #fbe9e4; }
  .item { border-left: 3px solid var(--line); padding: 0.15rem 0 0.15rem 0.6rem; margin: 0.4rem 0; }
  .item .label, .item > summary { font-size: 0.85rem; color: var(--muted); cursor: default; }
  .item > summary { cursor: pointer; }
  .msg.user { border-color: #7a8bd8; }
  .msg.assistant { border-color: var(--good); }
  .msg.system, .msg.developer { border-color: #b8bfcc; }
  .reasoning { border-color: #c9a3e0; }
  .call { border-color: var(--accent); }
  .output { border-color: #e0b14a; }
  .returned { margin-left: 1.25rem; }
  .turn h3 { font-size: 0.95rem; margin: 0.9rem 0 0.25rem; }
  .cut button { margin-left: 0.5rem; }
  .compare { display: grid; gap: 0; background: #fff; border: 1px solid var(--line); }
  .compare .rowname { grid-column: 1 / -1; background: #f4f6f9; padding: 0.25rem 0.6rem; font-weight: 600; border-top: 1px solid var(--line); }
  .compare .cell { padding: 0.4rem 0.6rem; border-left: 1px solid var(--line); min-width: 0; }
`;

export function viewerPage(options: ViewerOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Edge Gym · Rollouts</title>
<style>${PAGE_STYLE}${VIEWER_STYLE}</style>
</head>
<body>
${pageHeader("Rollouts", { dashboard: options.dashboard })}
<main>
${AUTH_FORM}
<div id="view"></div>
</main>
<script>${PAGE_SCRIPT}${VIEWER_SCRIPT}</script>
</body>
</html>
`;
}
