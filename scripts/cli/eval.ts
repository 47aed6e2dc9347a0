// `edge-gym eval` (the main job, `npm start`): bring up the default local stack, collect rollouts
// over the bundled example datasets (or one environment's), profile each, and end with the
// pass@k table. A stack that stops answering, or Ctrl+C (which says what finished), ends the eval
// with the command that goes on: `--resume` in the same output folder, where what is in the
// rollouts files is not run again.
import { existsSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { collect } from "../collect/collect.ts";
import { describeStackDown } from "../collect/stack_watch.ts";
import { cohortMismatch, gatheredCohortSize } from "../collect/cohort.ts";
import { failureLines } from "../collect/failure_tally.ts";
import type { FailureClass } from "../collect/failure_tally.ts";
import { profile } from "../profile/profile.ts";
import type { AgentProfile } from "../profile/profile.ts";
import { writeReport } from "../profile/report.ts";
import { writeIndex } from "../profile/index_page.ts";
import type { IndexEntry } from "../profile/index_page.ts";
import { passAtKTable, passAtKUnits } from "../profile/table.ts";
import { bringUp } from "../stack/up.ts";
import { removeStackFile, writeStackFile } from "../stack/pid_file.ts";
import { manifests } from "../plan/environments.ts";
import { declineLines, emulatorDeclines } from "../stack/emulator_declines.ts";
import type { Played } from "../stack/emulator_declines.ts";
import { loadConfig, resolveUserPath } from "../plan/config.ts";
import { checkIgnored, healthLines, runHealthChecks } from "../eval/health.ts";
import type { HealthReport } from "../eval/health.ts";
import { ignoredChecks, usageChecked } from "./eval_health_check.ts";
import { UsageError, commandLine, parseCommand, positiveInt } from "./args.ts";
import { checkPolicyServed, policyEmulatorArgs } from "./policy.ts";
import { help } from "./eval_run_help.ts";

interface Dataset {
  agent: string;
  resources: string;
  path: string;
  /** The outputs' base name: the agent's, and the dataset's too when the agent has several (NeMo's mcqa has two). */
  stem: string;
  /** The resources server's implementation: the environment the emulator counts calls by. */
  implementation: string;
  /** Its row in the table: the environment, and the dataset too when the environment has several. */
  label: string;
}

function exampleDatasets(instances: ReturnType<typeof loadConfig>["instances"]): Dataset[] {
  const out: Dataset[] = [];
  for (const instance of instances) {
    if (instance.serverType !== "responses_api_agents") continue;
    const datasets = ((instance.config.datasets ?? []) as { name?: string; type?: string; jsonl_fpath?: string }[]).filter((d) => d.type === "example" && d.jsonl_fpath);
    const resources = (instance.config.resources_server as { name?: string } | undefined)?.name ?? instance.name;
    const implementation = instances.find((i) => i.name === resources && i.serverType === "resources_servers")?.implementation ?? resources;
    for (const [i, d] of datasets.entries()) {
      const stem = datasets.length > 1 ? `${instance.name}_${d.name ?? i}` : instance.name;
      out.push({ agent: instance.name, resources, path: resolveUserPath(d.jsonl_fpath!), stem, implementation, label: `${resources} (${d.name ?? stem})` });
    }
  }
  const several = (resources: string) => out.filter((d) => d.resources === resources).length > 1;
  return out.map((d) => (several(d.resources) ? d : { ...d, label: d.resources }));
}

/** An environment none of whose rollouts succeeded still gets its row, of "-": not 0, not absent. */
export const unscored = (name: string): AgentProfile => ({ name, tasks: 0, rollouts: 0, maxRollouts: 0, metrics: {} });

/** The datasets of one environment, named by its resources server, its agent or its implementation (`mcqa` for `mcqa_resources_server`). */
function pick(datasets: Dataset[], environment: string | undefined): Dataset[] {
  if (environment === undefined) return datasets;
  const picked = datasets.filter((d) => d.resources === environment || d.agent === environment || d.implementation === environment);
  if (picked.length === 0) {
    throw new UsageError(`unknown environment "${environment}" (environments: ${[...new Set(datasets.map((d) => d.resources))].join(", ")})`);
  }
  return picked;
}

/** The user's own manifest of the environment (environments/NAME/config.yaml, NeMo's layout), if there is one. */
function userManifest(environment: string | undefined): string[] | undefined {
  const manifest = environment === undefined ? undefined : manifests().find((m) => m.name === environment && m.source === "environments");
  return manifest ? [manifest.path] : undefined;
}

function partition<T>(items: T[], keep: (item: T) => boolean): [T[], T[]] {
  return [items.filter(keep), items.filter((item) => !keep(item))];
}

export async function evaluate(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, {
    config: { type: "string", multiple: true },
    environment: { type: "string" },
    "num-repeats": { type: "string" },
    concurrency: { type: "string" },
    "output-dir": { type: "string" },
    policy: { type: "string" },
    resume: { type: "boolean" },
    "no-health-check": { type: "boolean" },
    "health-check-ignore": { type: "string", multiple: true },
    // Accepted so NeMo's commands run unchanged: the checks read each line once, in one process.
    "health-check-workers": { type: "string" },
  });
  positiveInt(values["health-check-workers"], "--health-check-workers", 1);
  const ignoredHealthChecks = ignoredChecks(values["health-check-ignore"]);
  usageChecked(() => checkIgnored(ignoredHealthChecks));
  if (values.resume && values["output-dir"] === undefined) throw new UsageError("eval --resume needs --output-dir DIR: the folder of the run to go on with");
  const repeats = positiveInt(values["num-repeats"], "--num-repeats", 4);
  const concurrency = positiveInt(values.concurrency, "--concurrency", 16);
  const emulatorArgs = policyEmulatorArgs(values.policy);
  // A NeMo-style manifest of the user's (environments/NAME/config.yaml) is that environment's config;
  // a bundled environment is picked among the bundled configs, as before.
  const configPaths = values.config ?? userManifest(values.environment);
  const { instances } = loadConfig(configPaths, overrides, { local: true });
  const all = exampleDatasets(instances);
  if (all.length === 0) throw new Error("no agent in the config has an example dataset (datasets: [{type: example, jsonl_fpath: ...}])");
  // NeMo's configs list example files not every checkout has (equivalence_llm_judge's train.jsonl): said, and skipped.
  const [datasets, absent] = partition(pick(all, values.environment), (d) => existsSync(d.path));
  for (const d of absent) console.log(`${d.agent}: example dataset ${relative(process.cwd(), d.path)} not found, skipped`);
  if (datasets.length === 0) throw new UsageError("none of the example datasets exists (see above)");
  for (const d of datasets) {
    const resources = instances.find((i) => i.name === d.resources && i.serverType === "resources_servers");
    const mismatch = cohortMismatch({ agent: d.agent, resources: d.resources, implementation: d.implementation }, gatheredCohortSize(resources?.implementation, resources?.config), repeats);
    if (mismatch) throw new UsageError(mismatch);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const outDir = values["output-dir"] ?? join("results", `eval-${stamp}`);
  mkdirSync(outDir, { recursive: true });

  const began = performance.now();
  // Any free head port: an eval is self-contained and must not collide with a running `start`.
  // One environment needs only its agent and what that references (resources, model, gateway).
  const only = values.environment === undefined ? undefined : datasets.map((d) => d.agent);
  const running = await bringUp({ configPaths, overrides, headPort: 0, only, emulatorArgs, log: (line) => console.log(line) });
  console.log(`All servers ready! (${((performance.now() - began) / 1000).toFixed(2)} s); watch the run at ${running.stack.headUrl}/ui`);
  // `edge-gym stop` finds the run by this file and ends it as Ctrl+C would.
  const headPort = Number(new URL(running.stack.headUrl).port);
  writeStackFile({ head_url: running.stack.headUrl, head_port: headPort });
  const profiled: IndexEntry[] = [];
  // NeMo's automatic post-run health check: one dataset's reports in the output folder, as
  // `gym eval run` writes them; several datasets' each in health/<dataset>/.
  const health: HealthReport[] = [];
  const healthFolder = datasets.length === 1 ? outDir : join(outDir, "health");
  let failed = 0;
  let declines = new Map<string, Played>();
  const failures: { environment: string; classes: FailureClass[] }[] = [];
  const interrupt = new AbortController();
  // Miniflare's own exit hook would exit at once with 130: the rollouts in flight, what finished and how to go on would be lost.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  const onInterrupt = () => {
    console.error("\nInterrupted: no new rollouts; waiting up to 30 s for those in flight (Ctrl+C again to stop at once).");
    interrupt.abort();
    process.once("SIGINT", () => process.exit(130));
  };
  process.once("SIGINT", onInterrupt);
  process.once("SIGTERM", onInterrupt);
  let stoppedIn: { dataset: Dataset; missing: number; total: number } | undefined;
  const finished: Dataset[] = [];
  try {
    checkPolicyServed(running, values.policy);
    for (const dataset of datasets) {
      const summary = await collect({
        headUrl: running.stack.headUrl,
        input: dataset.path,
        output: join(outDir, `${dataset.stem}.jsonl`),
        agent: dataset.agent,
        concurrency,
        numRepeats: repeats,
        rolloutTimeoutS: 600,
        progress: true,
        label: dataset.label,
        resume: values.resume,
        // The emulator always answers: a configured endpoint may not.
        checkEndpoints: running.emulators.size === 0,
        signal: interrupt.signal,
      });
      failed += summary.failed;
      if (summary.failureClasses.length) failures.push({ environment: dataset.resources, classes: summary.failureClasses });
      if (summary.interrupted) {
        stoppedIn = { dataset, missing: summary.missing, total: summary.total };
        break;
      }
      if (summary.stackDown) throw new Error(`${describeStackDown(summary.stackDown)} while collecting ${dataset.agent}; go on with: ${goOnCommand(argv, outDir)}`);
      if (summary.aggregateError) throw new Error(`aggregate metrics of ${dataset.agent}: ${summary.aggregateError}`);
      const result = await profile({ inputs: summary.files.materialized, rollouts: summary.files.rollouts });
      const report = await writeReport(result, summary.files.rollouts);
      const unresolved = result.failures.reduce((n, f) => n + f.unresolved, 0);
      for (const agent of result.agents.length ? result.agents : [unscored(dataset.agent)]) profiled.push({ environment: dataset.label, agent, report, failed: unresolved });
      if (!values["no-health-check"]) {
        const folder = datasets.length === 1 ? outDir : join(healthFolder, dataset.stem);
        mkdirSync(folder, { recursive: true });
        health.push(await runHealthChecks(summary.files.rollouts, folder, ignoredHealthChecks));
      }
      finished.push(dataset);
    }
    declines = await emulatorDeclines(running.emulators.values());
  } finally {
    await running.stop();
    removeStackFile(headPort);
  }
  console.log("");
  const rows = profiled.map((p) => ({ ...p.agent, name: p.environment }));
  // Interrupted before any environment finished, there is no table to show.
  if (rows.length) {
    console.log(passAtKTable(rows, "environment"));
    console.log(`\n${passAtKUnits(rows)} Reports (open in a browser):`);
    for (const p of profiled) console.log(`  ${relative(process.cwd(), p.report)}`);
    console.log(`Index of the reports: ${relative(process.cwd(), await writeIndex(outDir, profiled))}`);
  }
  if (health.length) for (const line of healthLines(health, `${healthFolder}/`)) console.log(line);
  console.log(`Outputs (rollouts, materialized inputs, aggregate metrics, reward profiles) in ${outDir}/`);
  if (failed) console.log(`${failed} rollouts failed: see the *_failures.jsonl files`);
  for (const { environment, classes } of failures) for (const line of failureLines(classes)) console.log(`${environment}: ${line}`);
  for (const line of declineLines(declines, new Map(datasets.map((d) => [d.resources, d.implementation])))) console.log(line);
  if (stoppedIn) {
    const notStarted = datasets.slice(datasets.indexOf(stoppedIn.dataset) + 1).map((d) => d.resources);
    console.log(`Interrupted. Finished: ${finished.map((d) => d.resources).join(", ") || "none"}; ${stoppedIn.dataset.resources} stopped with ${stoppedIn.missing} of ${stoppedIn.total} rollouts to go${notStarted.length ? `; not started: ${notStarted.join(", ")}` : ""}.`);
    console.log(`Go on with (what is done is not run again):\n  ${goOnCommand(argv, outDir)}`);
    return 130;
  }
  return failed ? 1 : 0;
}

const GO_ON_DROPS = /^--(resume|output-dir(=.*)?)$/;

/** The command that goes on with this eval in `outDir`: as it was started (npm start or npx), with --output-dir and --resume. */
export function goOnCommand(argv: readonly string[], outDir: string): string {
  const kept = argv.filter((arg, i) => !GO_ON_DROPS.test(arg) && argv[i - 1] !== "--output-dir");
  const args = [...kept, "--output-dir", outDir, "--resume"];
  return process.env.npm_lifecycle_event === "start" ? commandLine(args).replace(/^npx edge-gym/, "npm start --") : commandLine(["eval", ...args]);
}
