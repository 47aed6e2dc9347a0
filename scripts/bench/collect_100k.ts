// Bench section: a long collection, 100,000 rollouts by default (EDGE_GYM_BENCH_ROLLOUTS=N for
// another count), of example_single_tool_call against the vLLM emulator (0 ms latency), through
// an `edge-gym collect` process as a user runs it. Prints throughput, and the peak RSS of the
// collector and of workerd with their RSS in each tenth of the run (flat memory: the collector
// keeps nothing per finished rollout), and workerd's RSS after 5,000 rollouts against its RSS once
// the run is over, /aggregate_metrics included (the goal, issue "Orchestration cost": within 20%).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bringUp } from "../stack/up.ts";
import { workerdPids } from "./support/workerd.ts";

const INPUT = "workers/resources/example_single_tool_call/data/example.jsonl";
const ROWS = 5;
const AGENT = "example_single_tool_call_simple_agent";
const CONCURRENCY = 48;
const EARLY_ROLLOUTS = 5_000;
const FLAT_GOAL = 1.2;

/** VmRSS and VmHWM (peak) of a process, in MiB; undefined once it has exited. */
function memory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    const rss = kib("VmRSS") / 1024;
    const peak = kib("VmHWM") / 1024;
    // A process that has exited but not been reaped has a status without memory lines.
    return Number.isNaN(rss) || Number.isNaN(peak) ? undefined : { rss, peak };
  } catch {
    return undefined;
  }
}

const mib = (v: number) => Number(v.toFixed(1));

export async function run(): Promise<void> {
  const rollouts = Number(process.env.EDGE_GYM_BENCH_ROLLOUTS ?? 100_000);
  if (!Number.isInteger(rollouts) || rollouts < ROWS || rollouts % ROWS !== 0) throw new Error(`EDGE_GYM_BENCH_ROLLOUTS must be a multiple of ${ROWS}, got ${rollouts}`);
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-bench-100k-"));
  const running = await bringUp({ headPort: 0, emulatorArgs: ["--latency-ms", "0"] });
  try {
    const workerd = workerdPids();
    const output = join(dir, "rollouts.jsonl");
    const began = performance.now();
    const child = spawn(
      process.execPath,
      ["scripts/edge-gym.ts", "collect", "--head-url", running.stack.headUrl, "--agent", AGENT, "--input", INPUT, "--output", output,
        "--num-repeats", String(rollouts / ROWS), "--concurrency", String(CONCURRENCY)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    let stdout = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    // The progress line (every 5 s off a terminal) says how far the run is.
    let done = 0;
    createInterface({ input: child.stderr! }).on("line", (line) => {
      done = Number(/\] (\d+)\//.exec(line)?.[1] ?? done);
    });
    // The largest RSS seen while the run was in each tenth; the last also covers /aggregate_metrics.
    const collectorByTenth: (number | null)[] = Array(10).fill(null);
    const workerdByTenth: (number | null)[] = Array(10).fill(null);
    let collectorPeak = 0;
    let workerdPeak = 0;
    let workerdEarly: number | undefined;
    const workerdMemory = () => workerd.map(memory).filter((x) => x !== undefined);
    const rssOf = (w: { rss: number }[]) => w.reduce((sum, x) => sum + x.rss, 0);
    const sampler = setInterval(() => {
      const tenth = Math.min(9, Math.floor((10 * done) / rollouts));
      const record = (byTenth: (number | null)[], rss: number) => (byTenth[tenth] = mib(Math.max(byTenth[tenth] ?? 0, rss)));
      const m = memory(child.pid!);
      if (m) {
        collectorPeak = Math.max(collectorPeak, m.peak);
        record(collectorByTenth, m.rss);
      }
      const w = workerdMemory();
      const rss = rssOf(w);
      workerdPeak = Math.max(workerdPeak, ...w.map((x) => x.peak));
      record(workerdByTenth, rss);
      if (workerdEarly === undefined && done >= Math.min(EARLY_ROLLOUTS, rollouts)) workerdEarly = rss;
    }, 250);
    const code = await exited;
    clearInterval(sampler);
    const workerdAfter = rssOf(workerdMemory());
    const seconds = (performance.now() - began) / 1000;
    if (code !== 0) throw new Error(`collect exited with ${code}:\n${stdout}`);
    if (!stdout.includes(`${rollouts}/${rollouts} rollouts`)) throw new Error(`not every rollout succeeded:\n${stdout}`);
    console.log(
      JSON.stringify({
        rollouts,
        concurrency: CONCURRENCY,
        seconds: Number(seconds.toFixed(1)),
        rollouts_per_s: Number((rollouts / seconds).toFixed(1)),
        collector_peak_rss_mib: mib(collectorPeak),
        collector_rss_mib_by_tenth: collectorByTenth,
        workerd_peak_rss_mib: mib(workerdPeak),
        workerd_rss_mib_by_tenth: workerdByTenth,
        [`workerd_rss_mib_after_${EARLY_ROLLOUTS}`]: workerdEarly === undefined ? null : mib(workerdEarly),
        workerd_rss_mib_after_run: mib(workerdAfter),
        workerd_after_run_over_early: workerdEarly === undefined ? null : Number((workerdAfter / workerdEarly).toFixed(2)),
        meets_flat_goal: workerdEarly !== undefined && workerdAfter <= FLAT_GOAL * workerdEarly,
      }),
    );
  } finally {
    await running.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
