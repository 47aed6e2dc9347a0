// `npm run bench startup`: launch to "All servers ready", as `edge-gym start` does it (bundle,
// emulator, sandbox, workerd), for every bundled server and for one environment alone; three
// launches each: the first (with whatever the machine had to load) and the median of the others.
// With every server up, workerd's resident memory once ready and its CPU over 5 idle seconds.
// The goals (issue "Cost"): every bundled server ready within 8 s warm with workerd under 1 GB
// and idle at no CPU; one environment within 1 s.
import { bringUp } from "../stack/up.ts";
import { percentile } from "./support/percentile.ts";
import { processCpuMs, rssMib, workerdPids } from "./support/workerd.ts";

const LAUNCHES = 3;
const IDLE_MS = 5000;

const cpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);

async function launch(only?: string[]): Promise<{ ms: number; workers: number; rssMib: number; idleCpuMs: number }> {
  const began = performance.now();
  const running = await bringUp({ headPort: 0, only });
  const ms = performance.now() - began;
  const pids = workerdPids();
  const rss = rssMib(pids);
  const before = cpuMs(pids);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idleCpuMs = cpuMs(pids) - before;
  const workers = running.specs.length;
  await running.stop();
  return { ms, workers, rssMib: rss, idleCpuMs };
}

export async function run(): Promise<void> {
  for (const [label, only, goalMs] of [
    ["all bundled servers", undefined, 8000],
    ["example_single_tool_call alone", ["example_single_tool_call_simple_agent"], 1000],
  ] as const) {
    const launches = [];
    for (let i = 0; i < LAUNCHES; i++) launches.push(await launch(only ? [...only] : undefined));
    const warm = percentile(launches.slice(1).map((l) => l.ms).sort((a, b) => a - b), 50);
    const last = launches.at(-1)!;
    const all = only === undefined;
    const memory = all ? { workerd_rss_mib: last.rssMib, rss_goal_mib: 1024, workerd_idle_cpu_ms_per_5s: last.idleCpuMs } : {};
    const meets = warm <= goalMs && (!all || last.rssMib <= 1024);
    console.log(JSON.stringify({ section: "startup", stack: label, workers: last.workers, first_ms: Math.round(launches[0]!.ms), warm_p50_ms: Math.round(warm), goal_ms: goalMs, ...memory, meets_goal: meets }));
  }
}
