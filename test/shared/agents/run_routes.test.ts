// The cap on rollouts an agent isolate runs at once (max_concurrent_runs): past it /run and
// /run_batch answer at once with a 503 marked unprocessed (nothing started, safe to retry), and
// every slot comes back when its rollout, or its batch worker, is done.
import { describe, expect, test } from "vitest";
import { UNPROCESSED_HEADER } from "../../../shared/client/call.ts";
import { Deadlines } from "../../../shared/client/deadlines.ts";
import { RunRoutesConfig, addRunRoutes } from "../../../shared/agents/run_routes.ts";
import type { ResourcesHop } from "../../../shared/agents/hops.ts";
import { OVERLOADED_RETRY_AFTER_S } from "../../../shared/agents/run_slots.ts";
import type { RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import { client } from "../../workerd/helpers.ts";
import { readLines } from "../../workers/agents/scripted_model.ts";

const row = (id: string) => ({ responses_create_params: { input: `task ${id}` }, id });

/** An agent whose rollouts each wait until the test lets that row's rollout finish. */
function gatedAgent(config: Record<string, unknown>, instances: string[] = ["agent"]) {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const waiters: (() => void)[] = [];
  const app = createServerApp();
  addRunRoutes(app, {
    config: () => RunRoutesConfig.parse(config),
    deps: () => ({ deadlines: new Deadlines() }) as ResourcesHop,
    async run(request: RunRequest): Promise<VerifyResponse> {
      const id = String(request.id);
      started.push(id);
      waiters.splice(0).forEach((wake) => wake());
      await new Promise<void>((resolve) => gates.set(id, resolve));
      return { ...request, response: { id: `r-${id}`, output: [] }, reward: 1 } as unknown as VerifyResponse;
    },
  });
  /** Resolves once `n` rollouts have started. */
  const startedCount = async (n: number) => {
    while (started.length < n) await new Promise<void>((wake) => waiters.push(wake));
  };
  /** Lets a started rollout finish. */
  const finish = async (id: string) => {
    while (!gates.has(id)) await new Promise<void>((wake) => waiters.push(wake));
    gates.get(id)!();
  };
  // One app, as one isolate runs every instance of an implementation on a local stack.
  const [agent, ...others] = instances.map((name) => client(app, { INSTANCE_NAME: name }));
  return { agent: agent!, others, started, startedCount, finish };
}

async function expectOverloaded(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get(UNPROCESSED_HEADER)).toBe("1");
  expect(response.headers.get("retry-after")).toBe(String(OVERLOADED_RETRY_AFTER_S));
  expect(((await response.json()) as { error: { type: string } }).error.type).toBe("overloaded");
}

describe("max_concurrent_runs", () => {
  test("defaults to 256", () => {
    expect(RunRoutesConfig.parse({}).max_concurrent_runs).toBe(256);
  });

  test("/run: the N+1th while N run is refused unprocessed, without starting; a finished run frees its slot", async () => {
    const { agent, started, startedCount, finish } = gatedAgent({ max_concurrent_runs: 2 });
    const a = agent.send("/run", row("a"));
    const b = agent.send("/run", row("b"));
    await startedCount(2);
    await expectOverloaded(await agent.send("/run", row("c")));
    expect(started).toEqual(["a", "b"]);

    await finish("a");
    expect((await a).status).toBe(200);
    const d = agent.send("/run", row("d"));
    await startedCount(3);
    expect(started).toEqual(["a", "b", "d"]);
    await finish("b");
    await finish("d");
    expect([(await b).status, (await d).status]).toEqual([200, 200]);
  });

  test("/run_batch: rows hold slots; a busy agent runs a batch narrower, a full one refuses it", async () => {
    const { agent, started, startedCount, finish } = gatedAgent({ max_concurrent_runs: 3 });
    const a = agent.send("/run", row("a"));
    const b = agent.send("/run", row("b"));
    await startedCount(2);
    // One slot left: the batch runs its rows one at a time. (Read as it streams: a line not read
    // holds its worker back.)
    const batch = agent.send("/run_batch", { rows: [row("x1"), row("x2")] }).then(readLines);
    await startedCount(3);
    await expectOverloaded(await agent.send("/run", row("c")));
    await expectOverloaded(await agent.send("/run_batch", { rows: [row("y")] }));
    await finish("x1");
    await startedCount(4);
    expect(started).toEqual(["a", "b", "x1", "x2"]);
    await finish("x2");
    expect(await batch).toMatchObject([{ index: 0, result: { id: "x1", reward: 1 } }, { index: 1, result: { id: "x2", reward: 1 } }]);

    // The batch's slot is back, and so are the /runs' once they end.
    await finish("a");
    await finish("b");
    await Promise.all([a, b]);
    const batchOfThree = agent.send("/run_batch", { rows: [row("z1"), row("z2"), row("z3")] }).then(readLines);
    await startedCount(7);
    expect(started.slice(4)).toEqual(["z1", "z2", "z3"]);
    await Promise.all(["z1", "z2", "z3"].map(finish));
    expect(await batchOfThree).toHaveLength(3);
  });

  test("each instance in one isolate has its own cap", async () => {
    const { agent, others, startedCount, finish } = gatedAgent({ max_concurrent_runs: 1 }, ["math_agent", "code_agent"]);
    const a = agent.send("/run", row("a"));
    await startedCount(1);
    await expectOverloaded(await agent.send("/run", row("b")));
    // The other instance's cap is untouched by the first's rollout: its /run starts, not refused.
    const c = others[0]!.send("/run", row("c"));
    expect(await Promise.race([c.then((r) => `answered ${r.status}`), startedCount(2).then(() => "started")])).toBe("started");
    await expectOverloaded(await others[0]!.send("/run_batch", { rows: [row("d")] }));
    await finish("a");
    await finish("c");
    expect([(await a).status, (await c).status]).toEqual([200, 200]);
  });

  test("/run_batch: a caller that hangs up gives its slots back once its rollouts in flight end", async () => {
    const { agent, started, startedCount, finish } = gatedAgent({ max_concurrent_runs: 1 });
    const response = await agent.send("/run_batch", { rows: [row("x1"), row("x2"), row("x3")] });
    await startedCount(1);
    await response.body!.cancel();
    await expectOverloaded(await agent.send("/run", row("c")));
    await finish("x1");
    // The worker sees the hang-up when it writes x1's line, starts no other row and gives the slot
    // back: asked again, as a collector would, /run is taken.
    let d: Promise<Response>;
    do d = agent.send("/run", row("d"));
    while (await Promise.race([d.then((r) => r.status === 503), startedCount(2).then(() => false)]));
    expect(started).toEqual(["x1", "d"]);
    await finish("d");
    expect((await d).status).toBe(200);
  });
});
