// The rollout monitor in the real SQLite-backed namespace the head binds (MONITOR).
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import type { MonitorEvent } from "../../shared/agents/monitor.ts";
import { RECENT_LINES } from "../../durable_objects/monitor_do.ts";
import { RolloutQuery } from "../../shared/ui/api.ts";
import type { RolloutDetail } from "../../shared/ui/api.ts";

const monitor = (name: string) => env.MONITOR.get(env.MONITOR.idFromName(name));
// The stub's type cannot carry `unknown` (a rollout's JSON) through RPC's serializable types.
const detailOf = async (m: ReturnType<typeof monitor>, id: string) => (await m.detail(id)) as unknown as RolloutDetail | null;
const query = (fields: Record<string, unknown> = {}) => RolloutQuery.parse(fields);

// Recent times: older records go past the monitor's retention.
const T = Date.now();
const start = (id: string, fields: Partial<MonitorEvent> = {}): MonitorEvent => ({ id, agent: "agent_a", environment: "env_a", caller: null, task: "0", rollout_index: 0, status: "in_flight", started_at: T, prompt: "q", ...fields });
const end = (id: string, fields: Partial<MonitorEvent> = {}): MonitorEvent => ({
  id, status: "done", reward: 1, failure_class: null, ended_at: T + 1000, duration_ms: 1000, turns: 2, tool_calls: 1, input_tokens: 10, output_tokens: 3,
  body: JSON.stringify({ reward: 1, response: { output: [] } }), ...fields,
});

describe("MonitorDO", () => {
  test("an end that arrives before its start is not undone by it; fields are only filled in", async () => {
    const m = monitor("order");
    await m.record([end("x", { reward: 0.5 })]);
    await m.record([start("x")]);
    const detail = await detailOf(m, "x");
    expect(detail!.summary).toMatchObject({ status: "done", reward: 0.5, agent: "agent_a", environment: "env_a", started_at: T, ended_at: T + 1000, prompt: "q" });
    expect(detail!.rollout).toEqual({ reward: 1, response: { output: [] } });
    expect(detail!.note).toBeNull();
  });

  test("a start and its end sent apart make one record with the fields of both", async () => {
    const m = monitor("apart");
    await m.record([start("z", { task: "4" })]);
    await m.record([end("z")]);
    expect((await detailOf(m, "z"))!.summary).toMatchObject({ agent: "agent_a", task: "4", status: "done", reward: 1, prompt: "q" });
    expect((await m.list(query())).rollouts).toHaveLength(1);
  });

  test("in flight until it ends; a missing id is null", async () => {
    const m = monitor("flight");
    await m.record([start("y")]);
    expect((await detailOf(m, "y"))!).toMatchObject({ rollout: null, note: "still in flight", summary: { status: "in_flight" } });
    expect(await detailOf(m, "nope")).toBeNull();
  });

  test("the list filters, pages newest first, and names every facet", async () => {
    const m = monitor("list");
    const events: MonitorEvent[] = [];
    for (let i = 0; i < 7; i++) {
      const failed = i % 3 === 0;
      events.push({ ...start(`r${i}`, { environment: i < 4 ? "env_a" : "env_b", task: String(i % 2) }), ...end(`r${i}`, failed ? { status: "failed", reward: null, failure_class: "judge_failed" } : { reward: i / 10 }) });
    }
    await m.record(events);
    const all = await m.list(query({ limit: "3" }));
    expect(all.rollouts.map((r) => r.id)).toEqual(["r6", "r5", "r4"]);
    expect(all.facets).toEqual({ environments: ["env_a", "env_b"], agents: ["agent_a"], failure_classes: ["judge_failed"] });
    const page2 = await m.list(query({ limit: "3", cursor: all.next! }));
    expect(page2.rollouts.map((r) => r.id)).toEqual(["r3", "r2", "r1"]);
    const last = await m.list(query({ limit: "3", cursor: page2.next! }));
    expect(last.rollouts.map((r) => r.id)).toEqual(["r0"]);
    expect(last.next).toBeNull();
    expect((await m.list(query({ failure_class: "judge_failed" }))).rollouts.map((r) => r.id)).toEqual(["r6", "r3", "r0"]);
    expect((await m.list(query({ environment: "env_a", min_reward: "0.15" }))).rollouts.map((r) => r.id)).toEqual(["r2"]);
    expect((await m.list(query({ max_reward: "0.15", status: "done" }))).rollouts.map((r) => r.id)).toEqual(["r1"]);
  });

  test("the snapshot is null while nothing changed, and new after a record", async () => {
    const m = monitor("snap");
    const first = await m.snapshot();
    expect(first!.agents).toEqual([]);
    expect(await m.snapshot(first!.version)).toBeNull();
    await m.record([{ ...start("s1"), ...end("s1") }]);
    const next = await m.snapshot(first!.version);
    expect(next!.version).not.toBe(first!.version);
    expect(next!.agents).toEqual([{ agent: "agent_a", in_flight: 0, done: 1, failed: 0, unreported: 0 }]);
    expect(next!.stored).toMatchObject({ rollouts: 1, bodies: 1 });
  });

  test("the newest RECENT_LINES rollouts keep their line, and the failed and slowest beyond them", async () => {
    const m = monitor("bodies");
    const total = RECENT_LINES + 20;
    // b0-b9 fill the slowest places at 1000 ms, b10 fails, b11 is slower than all; the rest are quicker.
    const duration = (i: number) => (i < 10 ? 1000 : i === 11 ? 5000 : 500);
    const made = (i: number) => ({ ...start(`b${i}`), ...end(`b${i}`, { duration_ms: duration(i), ...(i === 10 ? { status: "failed" as const, reward: null, failure_class: "judge_failed" } : {}) }) });
    for (let at = 0; at < total; at += 1000) await m.record(Array.from({ length: Math.min(1000, total - at) }, (_, i) => made(at + i)));
    const line = async (i: number) => (await detailOf(m, `b${i}`))!;
    // b12-b19: neither recent, failed nor among the slowest.
    expect((await line(12)).rollout).toBeNull();
    expect((await line(12)).note).toMatch(/newest 2,000 rollouts, the failed and the slowest: read this one in the rollouts file/);
    expect((await line(10)).rollout).not.toBeNull();
    expect((await line(11)).rollout).not.toBeNull();
    // b11 took one of the slowest places from a 1000 ms one, which had kept its line already.
    expect((await line(0)).rollout).not.toBeNull();
    expect((await line(total - 1)).rollout).not.toBeNull();
    const snapshot = await m.snapshot();
    expect(snapshot!.stored).toMatchObject({ rollouts: total, bodies: RECENT_LINES + 12 });
  });

  test("records older than the retention go", async () => {
    const m = monitor("retention");
    const old = Date.now() - 8 * 24 * 3600 * 1000;
    await m.record([{ ...start("old", { started_at: old }), ...end("old", { ended_at: old + 1 }) }, { ...start("new"), ...end("new") }]);
    expect((await m.list(query())).rollouts.map((r) => r.id)).toEqual(["new"]);
  });

  test("a record it cannot use is skipped, not stored half-made", async () => {
    const m = monitor("bad");
    await m.record([{ id: 5 } as unknown as MonitorEvent, { ...start("ok"), agent: 7 as unknown as string, body: "x".repeat(600 * 1024) }]);
    const detail = await detailOf(m, "ok");
    expect(detail!.summary.agent).toBe("unknown");
    expect(detail!.rollout).toBeNull();
    expect((await m.list(query())).rollouts).toHaveLength(1);
  });
});
