// `npm run bench startup`: launch to "All servers ready", as `edge-gym start` does it (bundle,
// emulator, sandbox, workerd), for every bundled server and for one environment alone; three
// launches each: the first (with whatever the machine had to load) and the median of the others. The goal
// (issue "Orchestration cost") is every bundled server ready within 2 s of launch.
import { bringUp } from "../stack/up.ts";
import { percentile } from "./support/percentile.ts";

const LAUNCHES = 3;
const GOAL_MS = 2000;

async function launch(only?: string[]): Promise<{ ms: number; workers: number }> {
  const began = performance.now();
  const running = await bringUp({ headPort: 0, only });
  const ms = performance.now() - began;
  const workers = running.specs.length;
  await running.stop();
  return { ms, workers };
}

export async function run(): Promise<void> {
  for (const [label, only] of [
    ["all bundled servers", undefined],
    ["example_single_tool_call alone", ["example_single_tool_call_simple_agent"]],
  ] as const) {
    const times: number[] = [];
    let workers = 0;
    for (let i = 0; i < LAUNCHES; i++) {
      const result = await launch(only ? [...only] : undefined);
      times.push(result.ms);
      workers = result.workers;
    }
    const warm = percentile(times.slice(1).sort((a, b) => a - b), 50);
    console.log(JSON.stringify({ section: "startup", stack: label, workers, first_ms: Math.round(times[0]!), warm_p50_ms: Math.round(warm), goal_ms: GOAL_MS, meets_goal: warm <= GOAL_MS }));
  }
}
