// `edge-gym collect`: run rows through agents of a running stack and write the rollouts. Flags or
// NeMo Gym's spellings; Ctrl+C, or a stack that stopped answering, stops dispatching, lets
// rollouts in flight finish for a grace period, flushes, and prints the command that resumes the run.
// An output that already holds rollouts is never overwritten unasked (--resume or --overwrite).
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { parse as parseYaml } from "yaml";
import { collect as runCollect } from "../collect/collect.ts";
import type { CollectSummary } from "../collect/collect.ts";
import { formatMean } from "../collect/progress.ts";
import { failureLines } from "../collect/failure_tally.ts";
import { describeStackDown } from "../collect/stack_watch.ts";
import { configOf, generatedInput } from "../collect/generate.ts";
import { Curriculum } from "../collect/curriculum.ts";
import { zodIssues } from "../../shared/server/errors.ts";
import { ResponsesCreateParams } from "../../shared/schemas/responses.ts";
import { HEAD_URL_DEFAULT, UsageError, commandLine, number, parseCommand, positiveInt } from "./args.ts";
import { translate, withSpellings } from "./nemo_spellings.ts";

export const help =
  "collect --input in.jsonl --output out.jsonl [--agent NAME] [--generate DATASET --count N [--seed 0] [--level L] [--config k=v ...] [--curriculum [--curriculum-last-k 20] [--success-threshold 0.7] [--failure-threshold 0.3]]] [--concurrency 16] [--num-repeats 1 | --num-repeats '{agent: n, _default: n}'] [--limit N] [--resume | --overwrite] [--skip-invalid] [--no-endpoint-check] " +
  "[--temperature T] [--top-p P] [--max-output-tokens N] [--max-attempts 3] [--grace-s 30] [--rollout-timeout-s 3600] [--head-url URL] [--auth-token T] " +
  "[--progress-file PATH] [--prompt-config FILE.yaml] [--num-repeats-add-seed] [--disable-aggregation] " +
  "(or NeMo Gym's +input_jsonl_fpath=... +output_jsonl_fpath=... +agent_name=... +num_samples_in_parallel=... +num_repeats=... +limit=... " +
  "+resume_from_cache=true +progress_file_fpath=... +prompt_config=... +num_repeats_add_seed=true +disable_aggregation=true +responses_create_params.temperature=...)   collect rollouts from a running stack";

const SPELLINGS = {
  flags: {
    input_jsonl_fpath: "input",
    output_jsonl_fpath: "output",
    agent_name: "agent",
    limit: "limit",
    num_repeats: "num-repeats",
    num_samples_in_parallel: "concurrency",
    resume_from_cache: "resume",
    progress_file_fpath: "progress-file",
    prompt_config: "prompt-config",
    num_repeats_add_seed: "num-repeats-add-seed",
    disable_aggregation: "disable-aggregation",
  },
  createParams: true,
};

function createParamOverrides(values: { temperature?: string; "top-p"?: string; "max-output-tokens"?: string }, fromNemo: Record<string, unknown>) {
  const overrides: Record<string, unknown> = { ...fromNemo };
  const flags = { temperature: "temperature", "top-p": "top_p", "max-output-tokens": "max_output_tokens" } as const;
  for (const [flag, field] of Object.entries(flags)) {
    const value = number(values[flag as keyof typeof flags], `--${flag}`);
    if (value !== undefined) overrides[field] = value;
  }
  const checked = ResponsesCreateParams.partial().safeParse(overrides);
  if (!checked.success) {
    const issue = zodIssues(checked.error, ["responses_create_params"])[0]!;
    throw new UsageError(`override ${issue.path}: ${issue.message}`);
  }
  return overrides;
}

function curriculumOf(values: Record<string, string | boolean | string[] | undefined>, start: number, levels: number): Curriculum {
  const threshold = (flag: string, fallback: number) => {
    const value = number(values[flag] as string | undefined, `--${flag}`) ?? fallback;
    if (value < 0 || value > 1) throw new UsageError(`--${flag} expects a number from 0 to 1, got ${value}`);
    return value;
  };
  try {
    return new Curriculum({
      start,
      levels,
      lastK: positiveInt(values["curriculum-last-k"] as string | undefined, "--curriculum-last-k", 20),
      successThreshold: threshold("success-threshold", 0.7),
      failureThreshold: threshold("failure-threshold", 0.3),
    });
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }
}

/** `--num-repeats N`, or NeMo Gym's per-agent mapping `{agent: n, _default: n}` (YAML or JSON). */
function numRepeatsOf(value: string | undefined): number | Record<string, number> {
  if (value === undefined || !value.trim().startsWith("{")) return positiveInt(value, "--num-repeats", 1);
  let mapping: unknown;
  try {
    mapping = parseYaml(value);
  } catch {
    mapping = undefined;
  }
  const entries = mapping !== null && typeof mapping === "object" && !Array.isArray(mapping) ? Object.entries(mapping) : [];
  if (entries.length === 0 || entries.some(([, n]) => !Number.isInteger(n) || (n as number) < 1)) {
    throw new UsageError(`--num-repeats expects a positive integer or a mapping of agent names to positive integers, got "${value}"`);
  }
  return Object.fromEntries(entries) as Record<string, number>;
}

const RESUME_SPELLINGS = /^(--resume|--overwrite|\+{0,2}resume_from_cache=.*)$/;

/** The command that picks up where this one stopped: the same arguments, plus --resume (and no --overwrite). */
export function resumeCommand(argv: readonly string[]): string {
  return commandLine(["collect", ...argv.filter((a) => !RESUME_SPELLINGS.test(a)), "--resume"]);
}

function report(summary: CollectSummary): void {
  const previous = summary.resumed ? ` (${summary.resumed} from before)` : "";
  console.log(`${summary.resumed + summary.succeeded}/${summary.total} rollouts${previous}, mean reward ${formatMean(summary.meanReward)}, ${summary.failed} failed`);
  const resolved = summary.resolvedFailures;
  if (resolved) console.log(`${resolved} earlier failure${resolved === 1 ? "" : "s"} resolved: now in the rollouts, no longer in the failures file`);
  console.log(`rollouts:            ${summary.files.rollouts}`);
  console.log(`materialized inputs: ${summary.files.materialized}`);
  console.log(`progress:            ${summary.files.progress}`);
  if (summary.skipped) console.log(`${summary.skipped} invalid input row${summary.skipped === 1 ? "" : "s"} left out (--skip-invalid): listed in the failures file with line and reason`);
  if (summary.notRetried) console.log(`${summary.notRetried} rollout${summary.notRetried === 1 ? "" : "s"} failed on bad input in an earlier run: not run again`);
  if (summary.failed || summary.skipped || summary.notRetried) console.log(`failures:            ${summary.files.failures}`);
  for (const line of failureLines(summary.failureClasses)) console.log(line);
  if (summary.aggregate) {
    console.log(`aggregate metrics:   ${summary.files.aggregateMetrics}`);
    for (const entry of summary.aggregate) console.log(`key metrics of ${entry.agent_ref.name}: ${JSON.stringify(entry.key_metrics)}`);
  }
  if (summary.aggregateError) console.error(`edge-gym: aggregate metrics failed: ${summary.aggregateError}`);
}

export async function collect(argv: string[]): Promise<number> {
  const { values: flags, overrides } = parseCommand(argv, help, {
    input: { type: "string" },
    output: { type: "string" },
    agent: { type: "string" },
    concurrency: { type: "string" },
    "num-repeats": { type: "string" },
    limit: { type: "string" },
    resume: { type: "boolean" },
    overwrite: { type: "boolean" },
    "skip-invalid": { type: "boolean" },
    "no-endpoint-check": { type: "boolean" },
    temperature: { type: "string" },
    "top-p": { type: "string" },
    "max-output-tokens": { type: "string" },
    "max-attempts": { type: "string" },
    "grace-s": { type: "string" },
    "head-url": { type: "string" },
    "auth-token": { type: "string" },
    "rollout-timeout-s": { type: "string" },
    generate: { type: "string" },
    count: { type: "string" },
    seed: { type: "string" },
    config: { type: "string", multiple: true },
    level: { type: "string" },
    curriculum: { type: "boolean" },
    "curriculum-last-k": { type: "string" },
    "success-threshold": { type: "string" },
    "failure-threshold": { type: "string" },
    "progress-file": { type: "string" },
    "prompt-config": { type: "string" },
    "num-repeats-add-seed": { type: "boolean" },
    "disable-aggregation": { type: "boolean" },
  });
  const nemo = translate(overrides, SPELLINGS);
  const values = withSpellings(flags, nemo);
  if (values.generate !== undefined && values.input) throw new UsageError("--generate makes the input rows: pass it or --input, not both");
  const generation = ["count", "seed", "config", "level", "curriculum", "curriculum-last-k", "success-threshold", "failure-threshold"] as const;
  if (values.generate === undefined && generation.some((flag) => values[flag] !== undefined)) throw new UsageError(`--${generation.join(", --")} go with --generate DATASET`);
  if (!values.curriculum && ["curriculum-last-k", "success-threshold", "failure-threshold"].some((flag) => values[flag as keyof typeof values] !== undefined)) {
    throw new UsageError("--curriculum-last-k, --success-threshold and --failure-threshold go with --curriculum");
  }
  if (values.generate !== undefined && values.count === undefined) throw new UsageError("--generate needs --count N (how many tasks)");
  if (!values.input && values.generate === undefined) throw new UsageError("collect needs --input FILE.jsonl (or --generate DATASET --count N)");
  if (!values.output) throw new UsageError("collect needs --output FILE.jsonl");
  for (const [flag, nemo] of [["resume", "resume_from_cache"], ["num-repeats-add-seed", "num_repeats_add_seed"], ["disable-aggregation", "disable_aggregation"]] as const) {
    if (values[flag] !== undefined && typeof values[flag] !== "boolean") throw new UsageError(`${nemo} expects true or false`);
  }
  const progressDir = values["progress-file"] === undefined ? undefined : dirname(values["progress-file"]);
  if (progressDir !== undefined && !statSync(progressDir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--progress-file: no directory ${progressDir}`);
  if (values["prompt-config"] !== undefined && !statSync(values["prompt-config"], { throwIfNoEntry: false })?.isFile()) throw new UsageError(`--prompt-config: no file ${values["prompt-config"]}`);
  if (values.resume === true && values.overwrite) throw new UsageError("--resume goes on with the output, --overwrite replaces it: pass one");
  if (values.resume !== true && !values.overwrite && statSync(values.output, { throwIfNoEntry: false })?.size) {
    throw new UsageError(`${values.output} already holds rollouts: add --resume to go on with that run, or --overwrite to start it again`);
  }
  const grace = number(values["grace-s"], "--grace-s") ?? 30;
  if (grace < 0) throw new UsageError("--grace-s expects a number of seconds >= 0");

  const headUrl = values["head-url"] ?? HEAD_URL_DEFAULT;
  const authToken = values["auth-token"] ?? process.env.EDGE_GYM_TOKEN;
  const seed = values.seed === undefined ? 0 : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--seed expects an integer >= 0, got "${values.seed}"`);
  const level = values.level === undefined ? undefined : Number(values.level);
  if (level !== undefined && (!Number.isSafeInteger(level) || level < 0)) throw new UsageError(`--level expects an integer >= 0, got "${values.level}"`);
  const generated =
    values.generate === undefined
      ? undefined
      : await generatedInput({
          dataset: values.generate,
          count: positiveInt(values.count, "--count", 1),
          seed,
          // Under a curriculum the level is set per rollout, from where it starts.
          level: values.curriculum ? undefined : level,
          config: configOf(values.config ?? []),
          output: values.output,
          agent: values.agent,
          headUrl,
          authToken,
        });
  const source = generated ? { input: generated.input, agent: generated.agent } : { input: values.input!, agent: values.agent };
  const curriculum = values.curriculum && generated ? curriculumOf(values, level ?? 0, generated.levels) : undefined;

  const interrupt = new AbortController();
  process.once("SIGINT", () => {
    console.error(`\nInterrupted: no new rollouts; waiting up to ${grace} s for those in flight (Ctrl+C again to stop at once).`);
    interrupt.abort();
    process.once("SIGINT", () => process.exit(130));
  });
  const summary = await runCollect({
    headUrl,
    authToken,
    ...source,
    output: values.output,
    concurrency: positiveInt(values.concurrency, "--concurrency", 16),
    numRepeats: numRepeatsOf(values["num-repeats"]),
    limit: values.limit === undefined ? undefined : positiveInt(values.limit, "--limit", 1),
    resume: values.resume,
    overrides: createParamOverrides(values, nemo.createParams),
    checkEndpoints: !values["no-endpoint-check"],
    skipInvalid: values["skip-invalid"],
    rolloutTimeoutS: positiveInt(values["rollout-timeout-s"], "--rollout-timeout-s", 3600),
    maxAttempts: positiveInt(values["max-attempts"], "--max-attempts", 3),
    progress: true,
    log: (line) => console.log(line),
    signal: interrupt.signal,
    graceMs: grace * 1000,
    curriculum,
    progressFile: values["progress-file"],
    promptConfig: values["prompt-config"],
    numRepeatsAddSeed: values["num-repeats-add-seed"] === true,
    disableAggregation: values["disable-aggregation"] === true,
  });
  report(summary);
  if (curriculum) {
    const moves = curriculum.moves.map((m) => `${m.from}->${m.to} (mean ${m.mean.toFixed(3)})`).join(", ");
    console.log(`curriculum: ended at level ${curriculum.level}${moves ? `; moves ${moves}` : "; no moves"}`);
  }
  if (summary.stackDown) {
    console.error(`edge-gym: ${describeStackDown(summary.stackDown)}; resume with: ${resumeCommand(argv)}`);
    return 1;
  }
  if (summary.interrupted) {
    console.log(`Interrupted with ${summary.missing} of ${summary.total} rollouts to go. Resume with:\n  ${resumeCommand(argv)}`);
    return 130;
  }
  return summary.failed || summary.notRetried || summary.aggregateError ? 1 : 0;
}
