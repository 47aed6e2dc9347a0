// `edge-gym eval aggregate`: NeMo Gym's `gym eval aggregate` (scripts/eval/aggregate.ts), then its
// automatic rollout health check over the merged rollouts (scripts/eval/health.ts).
import { dirname } from "node:path";
import { agentsOf, aggregateShards, expandInputGlob, loadShards } from "../eval/aggregate.ts";
import { checkIgnored, healthLines, runHealthChecks } from "../eval/health.ts";
import { reach } from "../eval/servers.ts";
import { UsageError, parseCommand, positiveInt } from "./args.ts";
import { ignoredChecks, usageChecked } from "./eval_health_check.ts";
import { splitSpellings, truthy } from "./eval_spellings.ts";
import { translate, withSpellings } from "./nemo_spellings.ts";

export const help =
  "eval aggregate --input-glob 'results/shard*.jsonl[,...]' --output merged.jsonl [--head-url URL | --config a.yaml ...] [--no-merge] [--no-health-check | --health-check-ignore ID,ID]   " +
  "merge a sharded run's rollouts and compute its aggregate metrics over all of them";

const SPELLINGS = { flags: { input_glob: "input-glob", output_jsonl_fpath: "output", merge_shards: "merge" } };

export async function aggregate(argv: string[]): Promise<number> {
  const { values: flags, overrides } = parseCommand(argv, help, {
    "input-glob": { type: "string", short: "i" },
    output: { type: "string", short: "o" },
    "head-url": { type: "string" },
    "auth-token": { type: "string" },
    config: { type: "string", multiple: true },
    "no-merge": { type: "boolean" },
    "no-health-check": { type: "boolean" },
    "health-check-ignore": { type: "string", multiple: true },
    // Accepted so NeMo's commands run unchanged: the checks read each line once, in one process.
    "health-check-workers": { type: "string" },
  });
  const [nemo, configOverrides] = splitSpellings(overrides, SPELLINGS.flags);
  const values = withSpellings({ ...flags, merge: undefined as string | boolean | undefined }, translate(nemo, SPELLINGS));
  const inputGlob = values["input-glob"] as string | undefined;
  const output = values.output as string | undefined;
  if (!inputGlob) throw new UsageError("eval aggregate needs --input-glob PATTERN (comma-separated patterns allowed)");
  if (!output) throw new UsageError("eval aggregate needs --output FILE (the merged rollouts; the metrics go beside it)");
  positiveInt(values["health-check-workers"] as string | undefined, "--health-check-workers", 1);
  const ignored = ignoredChecks(values["health-check-ignore"] as string[] | undefined);
  usageChecked(() => checkIgnored(ignored));
  const merge = !values["no-merge"] && (values.merge === undefined || truthy(values.merge));

  const shards = expandInputGlob(inputGlob);
  if (shards.length === 0) throw new UsageError(`no shards matched --input-glob ${inputGlob}`);
  console.log(`Aggregating ${shards.length} shard(s):`);
  for (const shard of shards) console.log(`  - ${shard}`);
  const rows = await loadShards(shards);
  console.log(`Loaded ${rows.length} rollout record(s) from ${shards.length} shard(s)`);

  const servers = await reach({
    headUrl: values["head-url"] as string | undefined,
    authToken: (values["auth-token"] as string | undefined) ?? process.env.EDGE_GYM_TOKEN,
    configPaths: values.config as string[] | undefined,
    overrides: configOverrides,
    agents: agentsOf(rows),
    log: (line) => console.log(line),
  });
  try {
    const result = await aggregateShards(rows, output, merge, servers);
    try {
      for (const entry of result.entries) console.log(`\nKey metrics for ${entry.agent_ref.name}:\n${JSON.stringify(entry.key_metrics, null, 4)}`);
      console.log(`Merged rollouts: ${merge ? output : "<not merged>"}`);
      console.log(`Aggregate metrics: ${result.aggregateMetrics}`);
      if (!values["no-health-check"]) for (const line of healthLines(await runHealthChecks(result.rollouts, dirname(output), ignored))) console.log(line);
    } finally {
      await result.done();
    }
  } finally {
    await servers.stop();
  }
  return 0;
}
