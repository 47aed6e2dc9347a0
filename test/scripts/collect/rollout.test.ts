// A busy agent's refusals (503 marked unprocessed, as /run answers past max_concurrent_runs) are
// waited out without counting as attempts, within their own bounds (a number of refusals and the
// rollout's deadline); past those a refusal counts, and nothing else is waited out so.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runRollout } from "../../../scripts/collect/rollout.ts";
import type { RolloutOptions } from "../../../scripts/collect/rollout.ts";
import { BUSY_REFUSALS, startFakeAgent } from "./fake_agent.ts";
import type { FakeAgent } from "./fake_agent.ts";

let agent: FakeAgent;
beforeAll(async () => {
  agent = await startFakeAgent();
});
afterAll(async () => {
  await agent.close();
});

const row = (id: string, behavior: string) => ({ responses_create_params: { input: `task ${id}` }, id, behavior });
const requestsFor = (id: string) => agent.runs.filter((r) => r.id === id).length;

/** Options whose `waits` counts the retries the rollout waited for (each one asks `stopped` first). */
function options(extra: Partial<RolloutOptions> = {}) {
  const waits = { count: 0 };
  const rolloutOptions: RolloutOptions = {
    deadlineMs: 30_000,
    maxAttempts: 1,
    stopped: () => {
      waits.count++;
      return false;
    },
    ...extra,
  };
  return { rolloutOptions, waits };
}

describe("refusals of a busy agent", () => {
  test("are waited out and not counted: one attempt is enough once the agent takes the rollout", async () => {
    const { rolloutOptions } = options();
    const outcome = await runRollout({ name: "fake_agent", url: agent.url }, row("busy-1", "busy"), rolloutOptions);
    expect(outcome).toMatchObject({ result: { id: "busy-1", reward: 1 } });
    // Every refusal was asked again, and the rollout ran once.
    expect(requestsFor("busy-1")).toBe(BUSY_REFUSALS + 1);
  });

  test("past maxRefusals, a refusal is a failed attempt", async () => {
    const target = { name: "fake_agent", url: agent.url };
    const none = await runRollout(target, row("swamped-0", "swamped"), options({ maxRefusals: 0 }).rolloutOptions);
    const two = await runRollout(target, row("swamped-2", "swamped"), options({ maxRefusals: 2 }).rolloutOptions);
    for (const outcome of [none, two]) {
      // Answered by the agent, so never taken for a stack that stopped answering.
      expect(outcome).toMatchObject({ failure: { _ng_failure_class: "upstream_unavailable", error: { status: 503 } }, attempts: 1 });
      expect(JSON.stringify(outcome)).toContain("overloaded");
    }
    // Two refusals waited out, then the one attempt: three times what a single try costs.
    expect(requestsFor("swamped-2")).toBe(3 * requestsFor("swamped-0"));
  });

  test("are not waited out past the rollout's deadline", async () => {
    // Retry-After: 1 s asks for a wait the deadline does not leave.
    const { rolloutOptions, waits } = options({ deadlineMs: 1000, maxRefusals: 100 });
    const outcome = await runRollout({ name: "fake_agent", url: agent.url }, row("swamped-late", "swamped"), rolloutOptions);
    expect(outcome).toMatchObject({ failure: { _ng_failure_class: "upstream_unavailable" }, attempts: 1 });
    expect(waits.count).toBe(0);
  });

  test("a refused connection is no refusal: it counts as an attempt at once", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const { rolloutOptions, waits } = options();
    const outcome = await runRollout({ name: "gone_agent", url }, row("gone", "ok"), rolloutOptions);
    expect(outcome).toMatchObject({ failure: { _ng_failure_class: "upstream_unavailable" }, attempts: 1 });
    expect(waits.count).toBe(0);
  });
});
