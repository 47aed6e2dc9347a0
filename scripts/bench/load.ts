// `npm run bench load` (issue "Reliability"): 2,000 rollouts of example_single_tool_call in flight
// at once, a collection at concurrency 2,000 over 2,000 rows, against an agent that runs at most
// max_concurrent_runs (256) and refuses the rest with a 503 marked unprocessed, which the collector
// waits out and retries. Prints the /run answers by status, the time, workerd's peak RSS and where
// every (task, rollout) pair ended. Throws, after printing, on any answer but a 200 or a marked
// 503, on a rollout failed for another reason, or on a pair lost, written twice, or in both files.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collect } from "../collect/collect.ts";
import { readJsonl } from "../collect/jsonl.ts";
import { FAILURE_CLASS_KEY } from "../../shared/schemas/run.ts";
import { bringUp } from "../stack/up.ts";
import { balanced, pairLedger } from "./support/pair_ledger.ts";
import { tallyRunStatuses, unexpected } from "./support/run_statuses.ts";
import { peakRssMib, workerdPids } from "./support/workerd.ts";

const AGENT = "example_single_tool_call_simple_agent";
const INPUT = "workers/resources/example_single_tool_call/data/example.jsonl";
const ROWS = 5;
const ROLLOUTS = 2_000;
const ROLLOUT_TIMEOUT_S = 300;

// How the collector records a rollout the agent kept refusing (503 marked unprocessed) until its
// refusal budget ran out: the one failure the property allows, as nothing was started.
const REFUSED = "upstream_unavailable (503 unprocessed)";

/** The failures file's rows by failure class, refusals named apart. */
async function failureClasses(path: string): Promise<Record<string, number>> {
  const classes: Record<string, number> = {};
  for await (const { value } of readJsonl(path)) {
    const refused = value[FAILURE_CLASS_KEY] === "upstream_unavailable" && (value.error as { status?: number } | null)?.status === 503;
    const name = refused ? REFUSED : String(value[FAILURE_CLASS_KEY]);
    classes[name] = (classes[name] ?? 0) + 1;
  }
  return classes;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-bench-load-"));
  const problems: string[] = [];
  try {
    const running = await bringUp({ headPort: 0, only: [AGENT], emulatorArgs: ["--latency-ms", "0"] });
    try {
      const workerd = workerdPids();
      const statuses = tallyRunStatuses();
      const began = performance.now();
      const summary = await collect({
        headUrl: running.stack.headUrl,
        input: INPUT,
        output: join(dir, "load.jsonl"),
        agent: AGENT,
        concurrency: ROLLOUTS,
        numRepeats: ROLLOUTS / ROWS,
        rolloutTimeoutS: ROLLOUT_TIMEOUT_S,
        progress: false,
      }).finally(() => statuses.restore());
      const seconds = (performance.now() - began) / 1000;
      const ledger = await pairLedger(summary.files);
      const classes = await failureClasses(summary.files.failures);
      console.log(JSON.stringify({
        section: "load",
        rollouts: ROLLOUTS,
        concurrency: ROLLOUTS,
        seconds: Number(seconds.toFixed(1)),
        run_statuses: statuses.counts,
        succeeded: summary.succeeded,
        failed: summary.failed,
        missing: summary.missing,
        ...(summary.stackDown ? { stack_down: summary.stackDown } : {}),
        failure_classes: classes,
        pairs: ledger,
        workerd_peak_rss_mib: peakRssMib(workerd),
      }));
      if (unexpected(statuses.counts).length) problems.push(`/run answered ${unexpected(statuses.counts).map((k) => `${k} x${statuses.counts[k]}`).join(", ")}`);
      const otherFailures = Object.keys(classes).filter((c) => c !== REFUSED);
      if (otherFailures.length) problems.push(`rollouts failed other than by refusal: ${otherFailures.map((c) => `${c} x${classes[c]}`).join(", ")}`);
      if (!balanced(ledger)) problems.push(`pairs: ${ledger.lost} lost, ${ledger.duplicated} written twice, ${ledger.stray} not asked for, ${ledger.in_both} in both files`);
    } finally {
      await running.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length) throw new Error(`load: ${problems.join("; ")}`);
}
