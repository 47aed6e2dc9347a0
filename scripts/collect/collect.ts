// Rollout collection (SPEC "Collection outputs"): rows are checked and materialized up front, then
// streamed from the materialized file through agents' /run with bounded concurrency. Results are
// appended as they complete and failures go to their own file; nothing is kept per finished
// rollout, so memory stays flat however long the run. A resumed run skips the pairs already in
// X.jsonl; an interrupted one stops dispatching and lets in-flight rollouts finish for a while.
import { existsSync } from "node:fs";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { ProgressBar } from "./progress.ts";
import type { ProgressState } from "./progress.ts";
import { writeAggregateMetrics } from "./aggregate.ts";
import type { AgentAggregate } from "./aggregate.ts";
import { bearer, serverInstances } from "./head.ts";
import { InputError, JsonlWriter, readJsonl, siblingPath } from "./jsonl.ts";
import { materialize } from "./materialize.ts";
import { rowSchemas } from "./task_check.ts";
import { completedPairs, cutTornTail, pairKey } from "./pairs.ts";
import { runPool } from "./pool.ts";
import { runRollout } from "./rollout.ts";

export interface CollectOptions {
  headUrl: string;
  /** The bearer token a deployed stack's public routes need. */
  authToken?: string;
  input: string;
  output: string;
  agent?: string;
  concurrency: number;
  numRepeats: number;
  limit?: number;
  /** Continue from X_materialized_inputs.jsonl, skipping the pairs already in X.jsonl. */
  resume?: boolean;
  /** Shallow overrides of every row's `responses_create_params`. */
  overrides?: Record<string, unknown>;
  /** Deadline of one attempt at a rollout. */
  rolloutTimeoutS: number;
  /** Attempts per rollout before it goes to the failures file (NeMo Gym's default: 3). */
  maxAttempts?: number;
  progress: boolean;
  label?: string;
  log?: (line: string) => void;
  /** Called with each successful rollout's wall time, for benchmarks. */
  onRollout?: (ms: number) => void;
  /** Aborting stops dispatching; rollouts in flight get `graceMs` to finish and be written. */
  signal?: AbortSignal;
  graceMs?: number;
}

export interface CollectSummary {
  total: number;
  /** Already in X.jsonl when a resumed run started. */
  resumed: number;
  succeeded: number;
  failed: number;
  /** Over this run's successful rollouts. */
  meanReward: number;
  interrupted: boolean;
  /** Pairs not in X.jsonl at the end: failed, or never run. */
  missing: number;
  files: { rollouts: string; materialized: string; failures: string; aggregateMetrics: string };
  /** The X_aggregate_metrics.json entries; absent when interrupted or when the call failed. */
  aggregate?: AgentAggregate[];
  aggregateError?: string;
}

type Row = Record<string, unknown> & { agent_ref: { name: string } };

async function* pending(materialized: string, done: ReadonlySet<number>): AsyncGenerator<Row> {
  for await (const { line, value } of readJsonl(materialized)) {
    if (!done.has(pairKey(value, `${materialized}:${line}`))) yield value as Row;
  }
}

/** Counts a materialized file's rollouts and those already done; every agent must be running. */
async function survey(materialized: string, done: ReadonlySet<number>, agents: ReadonlyMap<string, string>) {
  let total = 0;
  let resumed = 0;
  for await (const { line, value } of readJsonl(materialized)) {
    const name = (value as Row).agent_ref?.name;
    if (!name || !agents.has(name)) throw new InputError(`${materialized}:${line}: unknown agent "${name}" (running agents: ${[...agents.keys()].join(", ") || "none"})`);
    total++;
    if (done.has(pairKey(value, `${materialized}:${line}`))) resumed++;
  }
  return { total, resumed };
}

const AGGREGATE_DEADLINE_MS = 10 * 60_000;

type Files = CollectSummary["files"];

/**
 * Materializes the inputs (or, resuming, reads which pairs are done), then checks every agent
 * against the running stack. The rows are checked before the stack is asked anything.
 */
async function prepare(options: CollectOptions, files: Files, log: (line: string) => void) {
  const resume = Boolean(options.resume) && existsSync(files.materialized);
  if (options.resume && !resume) log(`Nothing to resume (no ${files.materialized}): starting afresh.`);
  const materialized = resume
    ? undefined
    : await materialize({
        input: options.input,
        output: files.materialized,
        agent: options.agent,
        limit: options.limit,
        numRepeats: options.numRepeats,
        overrides: options.overrides ?? {},
      });
  const instances = await serverInstances(options.headUrl, options.authToken).catch(async (err: unknown) => {
    await materialized?.discard();
    throw err;
  });
  const agents = new Map(instances.flatMap((i) => (i.server_type === "responses_api_agents" && i.url !== undefined ? [[i.name, i.url] as const] : [])));
  if (materialized) await materialized.commit(new Set(agents.keys()), await rowSchemas(options.headUrl, options.authToken, instances, [...agents.keys()]));
  let done: ReadonlySet<number> = new Set();
  if (resume) {
    for (const path of [files.rollouts, files.failures]) {
      if (existsSync(path) && (await cutTornTail(path))) log(`Cut a torn last line off ${path} (left by an interrupted write).`);
    }
    if (existsSync(files.rollouts)) done = await completedPairs(files.rollouts);
  }
  const { total, resumed } = await survey(files.materialized, done, agents);
  if (resume) log(`Resuming from ${files.materialized}: ${resumed} of ${total} rollouts already done, ${total - resumed} to run.`);
  return { resume, agents, done, total, resumed };
}

export async function collect(options: CollectOptions): Promise<CollectSummary> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new InputError("--concurrency must be a positive integer");
  if (!Number.isInteger(options.numRepeats) || options.numRepeats < 1) throw new InputError("--num-repeats must be a positive integer");
  const files: Files = {
    rollouts: options.output,
    materialized: siblingPath(options.output, "materialized_inputs.jsonl"),
    failures: siblingPath(options.output, "failures.jsonl"),
    aggregateMetrics: siblingPath(options.output, "aggregate_metrics.json"),
  };
  const { resume, agents, done, total, resumed } = await prepare(options, files, options.log ?? (() => {}));

  const out = await JsonlWriter.open(files.rollouts, resume ? "append" : "truncate");
  const failures = await JsonlWriter.open(files.failures, resume ? "append" : "truncate");
  const state: ProgressState = { done: resumed, resumed, total, failed: 0, rewardSum: 0 };
  const bar = options.progress ? new ProgressBar(options.label ?? "collect", state) : undefined;
  let stopped = Boolean(options.signal?.aborted);
  // Set once the grace period is over: answers arriving later are not written.
  let closed = false;

  const runOne = async (row: Row) => {
    const { [TASK_INDEX_KEY]: task, [ROLLOUT_INDEX_KEY]: rollout, ...body } = row;
    const began = performance.now();
    const outcome = await runRollout({ name: row.agent_ref.name, url: agents.get(row.agent_ref.name)! }, body, {
      deadlineMs: options.rolloutTimeoutS * 1000,
      maxAttempts: options.maxAttempts ?? 3,
      headers: bearer(options.authToken),
      stopped: () => stopped,
    });
    if (closed || "abandoned" in outcome) return;
    if ("result" in outcome) {
      options.onRollout?.(performance.now() - began);
      await out.write({ ...outcome.result, [TASK_INDEX_KEY]: task, [ROLLOUT_INDEX_KEY]: rollout, agent_ref: row.agent_ref });
      state.rewardSum += outcome.result.reward as number;
    } else {
      await failures.write({ ...row, ...outcome.failure, _ng_attempts: outcome.attempts });
      state.failed++;
    }
    state.done++;
  };

  const source = pending(files.materialized, done);
  bar?.start();
  let graceTimer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    const stop = () => {
      stopped = true;
      graceTimer = setTimeout(resolve, options.graceMs ?? 30_000);
    };
    if (stopped) stop();
    else options.signal?.addEventListener("abort", stop, { once: true });
  });
  try {
    await Promise.race([runPool(source, options.concurrency, runOne, () => stopped), graceOver]);
  } finally {
    closed = true;
    clearTimeout(graceTimer);
    bar?.stop();
    await source.return(undefined);
    await Promise.all([out.close(), failures.close()]);
  }

  const succeeded = state.done - state.resumed - state.failed;
  const summary: CollectSummary = {
    total,
    resumed,
    succeeded,
    failed: state.failed,
    meanReward: succeeded ? state.rewardSum / succeeded : 0,
    interrupted: stopped,
    missing: total - resumed - succeeded,
    files,
  };
  if (!stopped) {
    try {
      summary.aggregate = await writeAggregateMetrics(files.rollouts, agents, files.aggregateMetrics, AGGREGATE_DEADLINE_MS, bearer(options.authToken));
    } catch (err) {
      summary.aggregateError = (err as Error).message;
    }
  }
  return summary;
}
