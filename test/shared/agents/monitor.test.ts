// The agent's side of the dashboard: records batched per isolate, merged per rollout, scoped per
// caller, and never a rollout's problem.
import { describe, expect, test } from "vitest";
import { MAX_BODY_CHARS, monitorRollout } from "../../../shared/agents/monitor.ts";
import type { MonitorEvent } from "../../../shared/agents/monitor.ts";

function fakeMonitor(fail = false) {
  const calls: { scope: string; events: MonitorEvent[] }[] = [];
  const namespace = {
    idFromName: (name: string) => name as unknown as DurableObjectId,
    get: (id: DurableObjectId) => ({
      record: async (events: MonitorEvent[]) => {
        if (fail) throw new Error("monitor down");
        calls.push({ scope: id as unknown as string, events });
      },
    }),
  };
  const waits: Promise<unknown>[] = [];
  const env = { MONITOR: namespace, INSTANCE_NAME: "agent_a", INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: "env_a" } } };
  // Every timed send, waited on as a request's waitUntil would keep it.
  const settled = async () => {
    while (waits.length) await waits.shift();
  };
  return { calls, env, waitUntil: (p: Promise<unknown>) => void waits.push(p), settled };
}

const row = { responses_create_params: { input: [{ role: "user", content: "What is 2+2?" }] }, _ng_task_index: 3, _ng_rollout_index: 1 };
const result = {
  ...row,
  response: { id: "r", output: [{ type: "function_call", name: "calc", arguments: "{}", call_id: "c" }, { type: "function_call_output", call_id: "c", output: "4" }, { type: "message", role: "assistant", content: [{ type: "output_text", text: "4" }] }], usage: { input_tokens: 12, output_tokens: 4 } },
  reward: 1,
  reward_components: { correct: 1, format: 0, note: "x" },
};

describe("monitorRollout", () => {
  test("a rollout that starts and ends within one batch is one record, with its line", async () => {
    const m = fakeMonitor();
    const ended = monitorRollout(m.env, row, undefined, m.waitUntil);
    ended({ result: result as never });
    await m.settled();
    expect(m.calls).toHaveLength(1);
    const [event] = m.calls[0]!.events;
    expect(m.calls[0]!.scope).toBe("open");
    expect(event).toMatchObject({
      agent: "agent_a", environment: "env_a", caller: null, task: "3", rollout_index: 1, status: "done", reward: 1, reward_components: { correct: 1, format: 0 },
      failure_class: null, turns: 2, tool_calls: 1, input_tokens: 12, output_tokens: 4, prompt: "What is 2+2?", note: null,
    });
    expect(event!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(event!.body!)).toEqual(result);
  });

  test("many rollouts go in few sends; each caller's to its own object", async () => {
    const m = fakeMonitor();
    for (let i = 0; i < 50; i++) monitorRollout(m.env, { ...row, _ng_rollout_index: i }, i % 2 ? "trainer" : undefined, m.waitUntil)({ result: result as never });
    await m.settled();
    expect(m.calls.map((c) => c.scope).sort()).toEqual(["caller:trainer", "open"]);
    expect(m.calls.reduce((n, c) => n + c.events.length, 0)).toBe(50);
    expect(m.calls.find((c) => c.scope === "caller:trainer")!.events.every((e) => e.caller === "trainer")).toBe(true);
  });

  test("a failure is recorded as one, with the row and its error as the line", async () => {
    const m = fakeMonitor();
    monitorRollout(m.env, row, undefined, m.waitUntil)({ failure: { _ng_failure_class: "judge_failed", error: { message: "judge down" } } });
    await m.settled();
    const [event] = m.calls[0]!.events;
    expect(event).toMatchObject({ status: "failed", reward: null, failure_class: "judge_failed" });
    expect(JSON.parse(event!.body!)).toMatchObject({ _ng_task_index: 3, _ng_failure_class: "judge_failed", error: { message: "judge down" } });
  });

  test("a line over the cap goes without its body, saying so", async () => {
    const m = fakeMonitor();
    monitorRollout(m.env, row, undefined, m.waitUntil)({ result: { ...result, big: "x".repeat(MAX_BODY_CHARS) } as never });
    await m.settled();
    const [event] = m.calls[0]!.events;
    expect(event!.body).toBeNull();
    expect(event!.note).toMatch(/over the monitor's .* cap/);
    expect(event!.reward).toBe(1);
  });

  test("no MONITOR binding: nothing is timed or sent", () => {
    let waited = 0;
    monitorRollout({}, row, undefined, () => waited++)({ result: result as never });
    expect(waited).toBe(0);
  });

  test("a monitor that fails loses its records and nothing else", async () => {
    const m = fakeMonitor(true);
    monitorRollout(m.env, row, undefined, m.waitUntil)({ result: result as never });
    await expect(m.settled()).resolves.toBeUndefined();
    expect(m.calls).toHaveLength(0);
  });
});
