// `npm run bench faults`: collections under faults, each on a stack of its own (support/
// fault_scenarios.ts): one of four emulators killed mid-run; the collector SIGKILLed and resumed;
// workerd SIGKILLed (restarted in place by Miniflare, or the persisted stack stopped and started
// again on its storage) and the run resumed; upstreams that hang, answer garbage, answer 500 or
// cut their answers. Each must leave no reward an infrastructure failure produced, every (task,
// rollout) pair exactly once across the rollouts and failures files, and end within the deadline
// its settings imply. One JSON line per scenario; throws, after printing everything, when a
// property fails or a scenario could not run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brokenUpstream, killCollector, killEmulator, killWorkerd } from "./support/fault_scenarios.ts";
import type { Restart, Scenario } from "./support/fault_scenarios.ts";
import { MODES } from "./support/fault_upstream.ts";

const RESTARTS: Restart[] = ["by Miniflare", "of the stack"];

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-bench-faults-"));
  const scenarios: [string, () => Promise<Scenario>][] = [
    ["kill one of four emulators", () => killEmulator(dir)],
    ["kill the collector, then --resume", () => killCollector(dir)],
    ...RESTARTS.map((restart): [string, () => Promise<Scenario>] => [`kill workerd, restart ${restart}`, () => killWorkerd(dir, restart)]),
    ...MODES.map((mode): [string, () => Promise<Scenario>] => [`upstream ${mode}`, () => brokenUpstream(dir, mode)]),
  ];
  const failed: string[] = [];
  for (const [name, scenario] of scenarios) {
    try {
      const result = await scenario();
      const broken = Object.entries(result.properties).filter(([, ok]) => !ok).map(([p]) => p);
      console.log(JSON.stringify({ section: "faults", ...result, ok: broken.length === 0 }));
      if (broken.length) failed.push(`${name}: ${broken.join(", ")}`);
    } catch (err) {
      // One scenario that could not run says so, and the others still run.
      console.log(JSON.stringify({ section: "faults", scenario: name, ok: false, error: (err as Error).message }));
      failed.push(`${name}: ${(err as Error).message}`);
    }
  }
  // The files of a failed run are what shows why: kept.
  if (failed.length) throw new Error(`${failed.length} scenarios failed (files in ${dir}): ${failed.join("; ")}`);
  rmSync(dir, { recursive: true, force: true });
}
