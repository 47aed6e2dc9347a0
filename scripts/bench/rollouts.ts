// Bench section: the NeMo Gym comparison workload. example_single_tool_call's 5 rows x 100
// repeats = 500 rollouts through simple_agent, vllm_model and the gateway to the emulator (its own
// process, 0 ms latency), after a warm-up (100 rollouts at c50, 20 at c1), at concurrency 50 and 200, then 100 one at
// a time (c1: latency). CPU time is summed over every process of the stack: workerd, the emulator
// and this collector. Run on stacks with and without the dashboard's monitor (agents reporting
// each rollout to the head), four times each, in ABBA BAAB order: the last lines give the
// monitor's cost per rollout (goal: under 5%), then each concurrency's means over all eight
// stacks against the cost targets (issue "Cost": every process but the emulator).
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collect } from "../collect/collect.ts";
import { bringUp } from "../stack/up.ts";
import { processCpuMs } from "./support/workerd.ts";

const INPUT = "workers/resources/example_single_tool_call/data/example.jsonl";
const AGENT = "example_single_tool_call_simple_agent";

function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A two-turn rollout's p50 latency at concurrency 1 (the cost issue's); `bench hops` sets its floor beside it. */
export const C1_TARGET_P50_MS = 2;
/** The targets of the cost issue, per rollout at c50 (CPU-ms, every process but the emulator) and at c1 (latency). */
const TARGETS = { c50: { workerd_and_collector: 2.3, workerd: 1.6, collector: 0.4, rollouts_per_s: 500 }, c1: { p50_ms: C1_TARGET_P50_MS } };

interface Measured {
  concurrency: number;
  rollouts: number;
  rollouts_per_s: number;
  p50_ms: number;
  p99_ms: number;
  cpu_ms_per_rollout: number;
  cpu_ms_per_rollout_by_process: { workerd: number; emulator: number; collector: number };
}

/** One stack, with or without agents reporting to the dashboard's monitor: a warm-up, then each concurrency. */
async function measure(dashboard: boolean, dir: string): Promise<Measured[]> {
  const running = await bringUp({ headPort: 0, emulatorArgs: ["--latency-ms", "0"], monitor: dashboard });
  try {
    const emulatorPid = running.emulator!.pid;
    const runtimePids = childPids(process.pid).filter((pid) => pid !== emulatorPid);
    const collectorMs = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    const cpuMs = () => ({
      workerd: runtimePids.reduce((sum, pid) => sum + processCpuMs(pid), 0),
      emulator: processCpuMs(emulatorPid),
      collector: collectorMs(),
    });
    let ran = 0;
    const run = async (concurrency: number, repeats: number, latencies?: number[]) => {
      const summary = await collect({
        headUrl: running.stack.headUrl,
        input: INPUT,
        output: join(dir, `${dashboard ? "with" : "without"}-c${concurrency}-r${repeats}-${Date.now()}.jsonl`),
        agent: AGENT,
        concurrency,
        numRepeats: repeats,
        rolloutTimeoutS: 120,
        progress: false,
        onRollout: latencies ? (ms) => latencies.push(ms) : undefined,
      });
      if (summary.failed) throw new Error(`${summary.failed} rollouts failed (see ${summary.files.failures})`);
      ran += summary.succeeded;
    };
    // A warm-up for each exchange the measured rounds use: c50's goes in /run_batch requests, c1's
    // through /run (scripts/collect/batch.ts); left cold, c1's code warms up inside its own round.
    await run(50, 20);
    await run(1, 4);
    const results: Measured[] = [];
    for (const [concurrency, repeats] of [[50, 100], [200, 100], [1, 20]] as const) {
      const latencies: number[] = [];
      const cpuBefore = cpuMs();
      const began = performance.now();
      await run(concurrency, repeats, latencies);
      const seconds = (performance.now() - began) / 1000;
      const cpuAfter = cpuMs();
      const perRollout = (key: keyof typeof cpuAfter) => Number(((cpuAfter[key] - cpuBefore[key]) / latencies.length).toFixed(2));
      const byProcess = { workerd: perRollout("workerd"), emulator: perRollout("emulator"), collector: perRollout("collector") };
      latencies.sort((a, b) => a - b);
      results.push({
        concurrency,
        rollouts: latencies.length,
        rollouts_per_s: Number((latencies.length / seconds).toFixed(1)),
        p50_ms: Number(percentile(latencies, 50).toFixed(1)),
        p99_ms: Number(percentile(latencies, 99).toFixed(1)),
        cpu_ms_per_rollout: Number((byProcess.workerd + byProcess.emulator + byProcess.collector).toFixed(2)),
        cpu_ms_per_rollout_by_process: byProcess,
      });
    }
    if (dashboard) await expectMonitored(running.stack.headUrl, ran);
    return results;
  } finally {
    await running.stop();
  }
}

/** The comparison means something only if the monitor really got every rollout. */
async function expectMonitored(headUrl: string, ran: number): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const snapshot = (await (await fetch(`${headUrl}/ui/api/snapshot`, { signal: AbortSignal.timeout(10_000) })).json()) as { agents: { done: number }[] };
    const done = snapshot.agents.reduce((n, a) => n + a.done, 0);
    if (done >= ran) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the dashboard's monitor did not count all ${ran} rollouts`);
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-bench-"));
  // In ABBA BAAB order, so a drift in the machine's state (the first stack runs colder) falls on both alike.
  const rounds = [true, false, false, true, false, true, true, false];
  const byDashboard = new Map<boolean, Measured[]>([[true, []], [false, []]]);
  for (const dashboard of rounds) {
    for (const result of await measure(dashboard, dir)) {
      byDashboard.get(dashboard)!.push(result);
      console.log(JSON.stringify({ dashboard, ...result }));
    }
  }
  const mean = (dashboard: boolean, concurrency: number, cpu: (r: Measured) => number) => {
    const runs = byDashboard.get(dashboard)!.filter((r) => r.concurrency === concurrency);
    return runs.reduce((n, r) => n + cpu(r), 0) / runs.length;
  };
  for (const concurrency of [50, 200]) {
    const total = (r: Measured) => r.cpu_ms_per_rollout;
    const withIt = mean(true, concurrency, total);
    const without = mean(false, concurrency, total);
    // The monitor runs in workerd (the agents' reports, the head's object): its cost shows there.
    const workerd = (r: Measured) => r.cpu_ms_per_rollout_by_process.workerd;
    console.log(
      JSON.stringify({
        concurrency,
        dashboard_cpu_ms_per_rollout: Number(withIt.toFixed(2)),
        no_dashboard_cpu_ms_per_rollout: Number(without.toFixed(2)),
        dashboard_cost_pct: Number(((100 * (withIt - without)) / without).toFixed(1)),
        workerd_ms_per_rollout_with_and_without: [Number(mean(true, concurrency, workerd).toFixed(2)), Number(mean(false, concurrency, workerd).toFixed(2))],
        goal_pct: 5,
      }),
    );
  }
  const all = [...byDashboard.values()].flat();
  for (const concurrency of [50, 200, 1]) {
    const runs = all.filter((r) => r.concurrency === concurrency);
    const meanOf = (value: (r: Measured) => number) => Number((runs.reduce((n, r) => n + value(r), 0) / runs.length).toFixed(2));
    const workerd = meanOf((r) => r.cpu_ms_per_rollout_by_process.workerd);
    const collector = meanOf((r) => r.cpu_ms_per_rollout_by_process.collector);
    const line = { concurrency, stacks: runs.length, rollouts_per_s: meanOf((r) => r.rollouts_per_s), p50_ms: meanOf((r) => r.p50_ms), workerd_and_collector_cpu_ms: Number((workerd + collector).toFixed(2)), workerd_cpu_ms: workerd, collector_cpu_ms: collector };
    const targets = concurrency === 50 ? TARGETS.c50 : concurrency === 1 ? TARGETS.c1 : undefined;
    const meets = concurrency === 50 ? line.workerd_and_collector_cpu_ms <= TARGETS.c50.workerd_and_collector && workerd <= TARGETS.c50.workerd && collector <= TARGETS.c50.collector && line.rollouts_per_s >= TARGETS.c50.rollouts_per_s : concurrency === 1 ? line.p50_ms <= TARGETS.c1.p50_ms : undefined;
    console.log(JSON.stringify({ ...line, ...(targets ? { targets, meets_targets: meets } : {}) }));
  }
}
