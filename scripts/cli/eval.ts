// `edge-gym eval` (the main job, `npm start`): bring up the default local stack, collect rollouts
// over every bundled example dataset, print a reward summary per environment, and shut down.
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { collect } from "../collect/collect.ts";
import { meanPassAtK } from "../collect/pass_at_k.ts";
import { bringUp } from "../stack/up.ts";
import { loadConfig, resolveUserPath } from "./config.ts";
import { parseCommand, positiveInt } from "./args.ts";

export const help = "eval [--config a.yaml ...] [--num-repeats 4] [--concurrency 16] [--output-dir DIR] [key=value ...]   start a local stack, collect over the example datasets, summarize";

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

export async function evaluate(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, {
    config: { type: "string", multiple: true },
    "num-repeats": { type: "string" },
    concurrency: { type: "string" },
    "output-dir": { type: "string" },
  });
  const repeats = positiveInt(values["num-repeats"], "--num-repeats", 4);
  const concurrency = positiveInt(values.concurrency, "--concurrency", 16);
  const datasets = exampleDatasets(loadConfig(values.config, overrides).instances);
  if (datasets.length === 0) throw new Error("no agent in the config has an example dataset (datasets: [{type: example, jsonl_fpath: ...}])");
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const outDir = values["output-dir"] ?? join("results", `eval-${stamp}`);
  mkdirSync(outDir, { recursive: true });

  const began = performance.now();
  // Any free head port: an eval is self-contained and must not collide with a running `start`.
  const running = await bringUp({ configPaths: values.config, overrides, headPort: 0, log: (line) => console.log(line) });
  console.log(`All servers ready! (${((performance.now() - began) / 1000).toFixed(2)} s)`);
  const rows: string[][] = [];
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
      rows.push([
        dataset.resources,
        `${summary.succeeded}/${summary.total}`,
        summary.meanReward.toFixed(3),
        meanPassAtK(summary.rewards, 1).toFixed(3),
        meanPassAtK(summary.rewards, repeats).toFixed(3),
        relative(process.cwd(), summary.files.rollouts),
      ]);
    }
  } finally {
    await running.stop();
  }
  const header = ["environment", "rollouts", "mean reward", "pass@1", `pass@${repeats}`, "rollouts file"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const print = (r: string[]) => console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd());
  console.log("");
  print(header);
  rows.forEach(print);
  console.log(`\nOutputs (with *_materialized_inputs.jsonl beside each) in ${outDir}/`);
  if (failed) console.log(`${failed} rollouts failed: see the *_failures.jsonl files`);
  return failed ? 1 : 0;
}
