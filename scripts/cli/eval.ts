// `edge-gym eval` (the main job, `npm start`): bring up the default local stack, collect rollouts
// over the bundled example datasets (or one environment's), profile each, and end with the
// pass@k table. A stack that stops answering ends the eval with the command that runs it again.
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { collect } from "../collect/collect.ts";
import { describeStackDown } from "../collect/stack_watch.ts";
import { profile } from "../profile/profile.ts";
import type { AgentProfile } from "../profile/profile.ts";
import { writeReport } from "../profile/report.ts";
import { passAtKTable, passAtKUnits } from "../profile/table.ts";
import { bringUp } from "../stack/up.ts";
import { loadConfig, resolveUserPath } from "../plan/config.ts";
import { UsageError, commandLine, parseCommand, positiveInt } from "./args.ts";

export const help =
  "eval [--config a.yaml ...] [--environment NAME] [--num-repeats 4] [--concurrency 16] [--output-dir DIR] [key=value ...]   " +
  "start a local stack, collect over the example datasets, profile, print pass@k";

interface Dataset {
  agent: string;
  resources: string;
  path: string;
}

function exampleDatasets(instances: ReturnType<typeof loadConfig>["instances"]): Dataset[] {
  const out: Dataset[] = [];
  for (const instance of instances) {
    if (instance.serverType !== "responses_api_agents") continue;
    const datasets = (instance.config.datasets ?? []) as { type?: string; jsonl_fpath?: string }[];
    const resources = (instance.config.resources_server as { name?: string } | undefined)?.name ?? instance.name;
    for (const d of datasets) {
      if (d.type === "example" && d.jsonl_fpath) out.push({ agent: instance.name, resources, path: resolveUserPath(d.jsonl_fpath) });
    }
  }
  return out;
}

/** An environment none of whose rollouts succeeded still gets its row, of "-": not 0, not absent. */
export const unscored = (name: string): AgentProfile => ({ name, tasks: 0, rollouts: 0, maxRollouts: 0, metrics: {} });

/** The datasets of one environment, named by its resources server or its agent. */
function pick(datasets: Dataset[], environment: string | undefined): Dataset[] {
  if (environment === undefined) return datasets;
  const picked = datasets.filter((d) => d.resources === environment || d.agent === environment);
  if (picked.length === 0) {
    throw new UsageError(`unknown environment "${environment}" (environments: ${[...new Set(datasets.map((d) => d.resources))].join(", ")})`);
  }
  return picked;
}

export async function evaluate(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, {
    config: { type: "string", multiple: true },
    environment: { type: "string" },
    "num-repeats": { type: "string" },
    concurrency: { type: "string" },
    "output-dir": { type: "string" },
  });
  const repeats = positiveInt(values["num-repeats"], "--num-repeats", 4);
  const concurrency = positiveInt(values.concurrency, "--concurrency", 16);
  const all = exampleDatasets(loadConfig(values.config, overrides).instances);
  if (all.length === 0) throw new Error("no agent in the config has an example dataset (datasets: [{type: example, jsonl_fpath: ...}])");
  const datasets = pick(all, values.environment);
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const outDir = values["output-dir"] ?? join("results", `eval-${stamp}`);
  mkdirSync(outDir, { recursive: true });

  const began = performance.now();
  // Any free head port: an eval is self-contained and must not collide with a running `start`.
  // One environment needs only its agent and what that references (resources, model, gateway).
  const only = values.environment === undefined ? undefined : datasets.map((d) => d.agent);
  const running = await bringUp({ configPaths: values.config, overrides, headPort: 0, only, log: (line) => console.log(line) });
  console.log(`All servers ready! (${((performance.now() - began) / 1000).toFixed(2)} s)`);
  const profiled: { environment: string; agent: AgentProfile; report: string }[] = [];
  let failed = 0;
  try {
    for (const dataset of datasets) {
      const summary = await collect({
        headUrl: running.stack.headUrl,
        input: dataset.path,
        output: join(outDir, `${dataset.agent}.jsonl`),
        agent: dataset.agent,
        concurrency,
        numRepeats: repeats,
        rolloutTimeoutS: 600,
        progress: true,
        label: dataset.resources,
      });
      failed += summary.failed;
      if (summary.stackDown) throw new Error(`${describeStackDown(summary.stackDown)} while collecting ${dataset.agent}; run again with: ${commandLine(["eval", ...argv])}`);
      if (summary.aggregateError) throw new Error(`aggregate metrics of ${dataset.agent}: ${summary.aggregateError}`);
      const result = await profile({ inputs: summary.files.materialized, rollouts: summary.files.rollouts });
      const report = await writeReport(result, summary.files.rollouts);
      for (const agent of result.agents.length ? result.agents : [unscored(dataset.agent)]) profiled.push({ environment: dataset.resources, agent, report });
    }
  } finally {
    await running.stop();
  }
  console.log("");
  const rows = profiled.map((p) => ({ ...p.agent, name: p.environment }));
  console.log(passAtKTable(rows, "environment"));
  console.log(`\n${passAtKUnits(rows)} Reports (open in a browser):`);
  for (const p of profiled) console.log(`  ${relative(process.cwd(), p.report)}`);
  console.log(`Outputs (rollouts, materialized inputs, aggregate metrics, reward profiles) in ${outDir}/`);
  if (failed) console.log(`${failed} rollouts failed: see the *_failures.jsonl files`);
  return failed ? 1 : 0;
}
