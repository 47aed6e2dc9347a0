// Bench section: the NeMo Gym comparison workload. example_single_tool_call's 5 rows x 100
// repeats = 500 rollouts through simple_agent, vllm_model and the gateway to the emulator (its own
// process, 0 ms latency), after a 100-rollout warm-up, at concurrency 50 and 200. CPU time is
// summed over every process of the stack: workerd, the emulator and this collector.
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collect } from "../collect/collect.ts";
import { bringUp } from "../stack/up.ts";

const INPUT = "workers/resources/example_single_tool_call/data/example.jsonl";
const AGENT = "example_single_tool_call_simple_agent";
const TICKS_PER_S = 100;

function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of /proc/PID/stat (11 and 12 after the command name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

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

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-bench-"));
  const running = await bringUp({ headPort: 0, emulatorArgs: ["--latency-ms", "0"] });
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
    const run = async (concurrency: number, repeats: number, latencies?: number[]) => {
      const summary = await collect({
        headUrl: running.stack.headUrl,
        input: INPUT,
        output: join(dir, `c${concurrency}-r${repeats}.jsonl`),
        agent: AGENT,
        concurrency,
        numRepeats: repeats,
        rolloutTimeoutS: 120,
        progress: false,
        onRollout: latencies ? (ms) => latencies.push(ms) : undefined,
      });
      if (summary.failed) throw new Error(`${summary.failed} rollouts failed (see ${summary.files.failures})`);
    };
    await run(50, 20);
    for (const concurrency of [50, 200]) {
      const latencies: number[] = [];
      const cpuBefore = cpuMs();
      const began = performance.now();
      await run(concurrency, 100, latencies);
      const seconds = (performance.now() - began) / 1000;
      const cpuAfter = cpuMs();
      const perRollout = (key: keyof typeof cpuAfter) => Number(((cpuAfter[key] - cpuBefore[key]) / latencies.length).toFixed(2));
      const byProcess = { workerd: perRollout("workerd"), emulator: perRollout("emulator"), collector: perRollout("collector") };
      latencies.sort((a, b) => a - b);
      console.log(
        JSON.stringify({
          concurrency,
          rollouts: latencies.length,
          rollouts_per_s: Number((latencies.length / seconds).toFixed(1)),
          p50_ms: Number(percentile(latencies, 50).toFixed(1)),
          p99_ms: Number(percentile(latencies, 99).toFixed(1)),
          cpu_ms_per_rollout: Number((byProcess.workerd + byProcess.emulator + byProcess.collector).toFixed(2)),
          cpu_ms_per_rollout_by_process: byProcess,
        }),
      );
    }
  } finally {
    await running.stop();
  }
}
