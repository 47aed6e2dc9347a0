// The viewer's list and page as the head serves them, in workerd: a live store lists newest first
// and grows at the front while a user pages, which must shift no page; the page is one static shell.
import { describe, expect, test } from "vitest";
import type { RolloutSummary } from "../../../shared/rollouts/summary.ts";
import { RolloutQuery } from "../../../shared/ui/api.ts";
import { UnknownCursor, facetsOf, listRollouts } from "../../../shared/ui/rollout_list.ts";
import { viewerPage } from "../../../shared/ui/viewer_page.ts";

function summary(n: number, fields: Partial<RolloutSummary> = {}): RolloutSummary {
  return {
    id: `x${n}`, agent: n % 2 ? "odd_agent" : "even_agent", environment: n % 2 ? "odd_env" : null, caller: null,
    task: String(n % 3), rollout_index: 0, status: "done", reward: n / 10, reward_components: null, failure_class: null,
    started_at: 1000 * n, ended_at: 1000 * n + 5, duration_ms: 5, turns: 1, tool_calls: 0, input_tokens: 1, output_tokens: 1, prompt: null,
    ...fields,
  };
}

const ids = (list: { rollouts: RolloutSummary[] }) => list.rollouts.map((s) => s.id);

describe("listRollouts", () => {
  test("newer rows added at the front shift no page: the cursor is the last row seen", () => {
    const live = [9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => summary(n));
    const first = listRollouts(live, RolloutQuery.parse({ limit: "4" }));
    expect(ids(first)).toEqual(["x9", "x8", "x7", "x6"]);
    live.unshift(summary(11), summary(10));
    const second = listRollouts(live, RolloutQuery.parse({ limit: "4", cursor: first.next! }));
    expect(ids(second)).toEqual(["x5", "x4", "x3", "x2"]);
    const last = listRollouts(live, RolloutQuery.parse({ limit: "4", cursor: second.next! }));
    expect([ids(last), last.next]).toEqual([["x1"], null]);
    expect(() => listRollouts(live, RolloutQuery.parse({ cursor: "x99" }))).toThrow(UnknownCursor);
  });

  test("filters combine; failed rollouts have no reward to bound; facets skip nulls", () => {
    const rows = [summary(1), summary(2), summary(3, { status: "failed", reward: null, failure_class: "timeout" }), summary(4, { status: "in_flight", reward: null })];
    const list = (q: Record<string, string>) => ids(listRollouts(rows, RolloutQuery.parse(q)));
    expect(list({ environment: "odd_env" })).toEqual(["x1", "x3"]);
    expect(list({ environment: "odd_env", status: "done" })).toEqual(["x1"]);
    expect(list({ min_reward: "0" })).toEqual(["x1", "x2"]);
    expect(list({ status: "in_flight" })).toEqual(["x4"]);
    expect(list({ task: "1", agent: "even_agent" })).toEqual(["x4"]);
    expect(facetsOf(rows)).toEqual({ environments: ["odd_env"], agents: ["even_agent", "odd_agent"], failure_classes: ["timeout"] });
  });
});

describe("viewerPage", () => {
  test("a static shell: its script, the token form, a policy that loads nothing but its own API", () => {
    const page = viewerPage({ dashboard: true });
    expect(page).toContain('<div id="view"></div>');
    expect(page).toContain('<a href="/ui">Dashboard</a>');
    expect(page).toContain("connect-src 'self'");
    expect(page).toContain('const API = "api/rollouts"');
    expect(page).not.toMatch(/https?:\/\//);
    expect(viewerPage({ dashboard: false })).not.toContain("Dashboard");
  });
});
