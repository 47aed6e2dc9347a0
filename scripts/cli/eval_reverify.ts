// `edge-gym eval reverify`: NeMo Gym's `gym eval reverify` (scripts/eval/reverify.ts), against a
// running stack (--head-url) or a local one started from the config for the rollouts' agents.
import { existsSync } from "node:fs";
import { readJsonl } from "../collect/jsonl.ts";
import { ReverifyRefused, reverifyRollouts } from "../eval/reverify.ts";
import { reach } from "../eval/servers.ts";
import { UsageError, parseCommand, positiveInt } from "./args.ts";
import { translate, withSpellings } from "./nemo_spellings.ts";
import { splitSpellings, truthy } from "./eval_spellings.ts";

export const help =
  "eval reverify --inputs X_materialized_inputs.jsonl --rollouts X.jsonl --output Y.jsonl [--head-url URL | --config a.yaml ...] [--judge-failed-only [--append]] [--concurrency 16] [--limit N] [--resume | --overwrite] [--force] [--disable-aggregation]   " +
  "replay stored rollouts through /verify only (no model calls) and write recomputed rewards";

// NeMo's Hydra keys for the same options (`+rollouts_jsonl_fpath=...`).
const SPELLINGS = {
  flags: {
    materialized_inputs_jsonl_fpath: "inputs",
    rollouts_jsonl_fpath: "rollouts",
    output_jsonl_fpath: "output",
    num_samples_in_parallel: "concurrency",
    limit: "limit",
    force: "force",
    overwrite: "overwrite",
    resume_from_cache: "resume",
    disable_aggregation: "disable-aggregation",
    judge_failed_only: "judge-failed-only",
    append: "append",
  },
};

/** The agents the rollouts name, which decide the resources servers to ask. */
export async function agentsIn(path: string): Promise<string[]> {
  const agents = new Set<string>();
  for await (const { value } of readJsonl(path)) {
    const name = (value.agent_ref as { name?: unknown } | undefined)?.name;
    if (typeof name === "string") agents.add(name);
  }
  return [...agents].sort();
}

export async function reverify(argv: string[]): Promise<number> {
  const { values: flags, overrides } = parseCommand(argv, help, {
    inputs: { type: "string" },
    rollouts: { type: "string" },
    output: { type: "string", short: "o" },
    "head-url": { type: "string" },
    "auth-token": { type: "string" },
    config: { type: "string", multiple: true },
    concurrency: { type: "string" },
    limit: { type: "string" },
    force: { type: "boolean" },
    overwrite: { type: "boolean" },
    resume: { type: "boolean" },
    "disable-aggregation": { type: "boolean" },
    "judge-failed-only": { type: "boolean" },
    append: { type: "boolean" },
  });
  const [nemo, configOverrides] = splitSpellings(overrides, SPELLINGS.flags);
  const values = withSpellings(flags, translate(nemo, SPELLINGS));
  for (const flag of ["inputs", "rollouts", "output"] as const) if (!values[flag]) throw new UsageError(`eval reverify needs --${flag} FILE`);
  for (const flag of ["inputs", "rollouts"] as const) if (!existsSync(values[flag] as string)) throw new UsageError(`--${flag}: file not found: ${values[flag]}`);
  const judgeFailedOnly = truthy(values["judge-failed-only"]);
  const append = truthy(values.append);
  if (append && !judgeFailedOnly) throw new UsageError("--append is only valid together with --judge-failed-only");
  if (append && truthy(values.overwrite)) throw new UsageError("--append and --overwrite exclude each other: one appends, the other clears");
  const concurrency = positiveInt(values.concurrency as string | undefined, "--concurrency", 16);
  const limit = values.limit === undefined ? undefined : positiveInt(values.limit as string, "--limit", 1);

  const agents = await agentsIn(values.rollouts as string);
  const servers = await reach({
    headUrl: values["head-url"] as string | undefined,
    authToken: (values["auth-token"] as string | undefined) ?? process.env.EDGE_GYM_TOKEN,
    configPaths: values.config as string[] | undefined,
    overrides: configOverrides,
    agents,
    log: (line) => console.log(line),
  });
  try {
    const summary = await reverifyRollouts(
      {
        inputs: values.inputs as string,
        rollouts: values.rollouts as string,
        output: values.output as string,
        concurrency,
        limit,
        force: truthy(values.force),
        overwrite: truthy(values.overwrite),
        resume: truthy(values.resume),
        disableAggregation: truthy(values["disable-aggregation"]),
        judgeFailedOnly,
        append,
        log: (line) => console.log(line),
      },
      servers,
      agents,
    );
    console.log(`Re-verified ${summary.verified} rollout(s), ${summary.failed} failed.`);
    console.log(`Re-verified rollouts: ${summary.output}`);
    if (summary.failed) console.log(`Failures: ${summary.failures}`);
    if (summary.aggregateMetrics) console.log(`Aggregate metrics: ${summary.aggregateMetrics}`);
    return summary.failed ? 1 : 0;
  } catch (err) {
    if (err instanceof ReverifyRefused) throw new UsageError(err.message);
    throw err;
  } finally {
    await servers.stop();
  }
}
