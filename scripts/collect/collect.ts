// Rollout collection (SPEC "Collection outputs"): rows are checked and materialized up front, then
// streamed from the materialized file through agents' /run with bounded concurrency. Results are
// appended as they complete and failures go to their own file; nothing is kept per finished
// rollout, so memory stays flat however long the run. A resumed run skips the pairs already in
// X.jsonl, and ends by pruning the failures file to the pairs still failing (failures.ts); an
// interrupted one stops dispatching and lets in-flight rollouts finish for a while, and so does
// one whose stack stopped answering (stack_watch.ts).
// An environment that scores cohorts gets its rewards per task, once the task's repeats are done (cohort.ts).
import { existsSync } from "node:fs";
import { ATTEMPT_INDEX_KEY, FAILURE_CLASS_KEY, ROLLOUT_ID_KEY, ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { ProgressBar } from "./progress.ts";
import { ProgressFile, progressPathFor } from "./progress_file.ts";
import type { ProgressState } from "./progress.ts";
import { writeAggregateMetrics } from "./aggregate.ts";
import type { AgentAggregate } from "./aggregate.ts";
import { bearer, serverInstances } from "./head.ts";
import { InputError, JsonlWriter, readJsonl, siblingPath } from "./jsonl.ts";
import type { Curriculum } from "./curriculum.ts";
import { materialize } from "./materialize.ts";
import { loadPromptConfig } from "./prompt_config.ts";
import { agentEnvironments, publishedConfig, rowCompleters, rowSchemas } from "./task_check.ts";
import { Cohorts, cohortMismatch, gatheringAgents, scoreCohort } from "./cohort.ts";
import { completedPairs, cutTornTail, pairKey } from "./pairs.ts";
import { nodeTransport } from "./http_transport.ts";
import { runBatches, runPool } from "./pool.ts";
import { postBatch } from "./batch.ts";
import { DURATION_KEY, runRollout } from "./rollout.ts";
import type { Attempt, Failure, Outcome } from "./rollout.ts";
import { ATTEMPTS_KEY, INPUT_LINE_KEY, INVALID_ROW, priorFailures, pruneFailures } from "./failures.ts";
import { checkPolicyEndpoints } from "./policy_check.ts";
import { FailureTally } from "./failure_tally.ts";
import type { FailureClass } from "./failure_tally.ts";
import { StackWatch, unanswered } from "./stack_watch.ts";
import type { StackDown } from "./stack_watch.ts";
import type { Target } from "../../shared/client/call.ts";

export interface CollectOptions {
  headUrl: string;
  /** The bearer token a deployed stack's public routes need. */
  authToken?: string;
  input: string;
  output: string;
  agent?: string;
  concurrency: number;
  /** Repeats of every row, or per agent (NeMo Gym's mapping form, with `_default`). */
  numRepeats: number | Readonly<Record<string, number>>;
  limit?: number;
  /** Continue from X_materialized_inputs.jsonl, skipping the pairs already in X.jsonl. */
  resume?: boolean;
  /** Shallow overrides of every row's `responses_create_params`. */
  overrides?: Record<string, unknown>;
  /** Ask each model server the rows' agents call for one short answer before the first rollout (policy_check.ts). */
  checkEndpoints?: boolean;
  /** Rows that fail the row schema go to the failures file (with their line and reason) instead of stopping the run. */
  skipInvalid?: boolean;
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
  /** Generated rows: each is sent with the curriculum's current level, which moves with the rewards. */
  curriculum?: Curriculum;
  /** Where the count of finished rollouts is published (progress_file.ts); `<output stem>_progress` by default. */
  progressFile?: string;
  /** NeMo Gym's prompt_config: a YAML file whose templates build each row's input (prompt_config.ts). */
  promptConfig?: string;
  /** NeMo Gym's num_repeats_add_seed: each repeat asks the model for seed = its rollout index. */
  numRepeatsAddSeed?: boolean;
  /** NeMo Gym's disable_aggregation: no X_aggregate_metrics.json (a shard, aggregated later with the others). */
  disableAggregation?: boolean;
}

export interface CollectSummary {
  total: number;
  /** Already in X.jsonl when a resumed run started. */
  resumed: number;
  succeeded: number;
  failed: number;
  /** Over every rollout in X.jsonl (a resumed run's earlier ones too); null when there is none. */
  meanReward: number | null;
  /** The failures of this run by class, most frequent first, each with its first message. */
  failureClasses: FailureClass[];
  /** Input rows left out as invalid (skipInvalid), each in the failures file. */
  skipped: number;
  /** Stopped by `signal`. */
  interrupted: boolean;
  /** Set when the stack stopped answering: dispatching stopped, and what it left undone is missing, not failed. */
  stackDown?: StackDown;
  /** Pairs not in X.jsonl at the end: failed, or never run. */
  missing: number;
  /** Of `missing`, pairs a resumed run did not ask again: an earlier run failed them on bad input (terminal). */
  notRetried: number;
  /** Pairs the failures file listed that have since succeeded; they are no longer listed. */
  resolvedFailures: number;
  files: { rollouts: string; materialized: string; failures: string; aggregateMetrics: string; progress: string };
  /** The X_aggregate_metrics.json entries; absent when interrupted, when the stack stopped answering, when the call failed, or with disableAggregation. */
  aggregate?: AgentAggregate[];
  aggregateError?: string;
}

type Row = Record<string, unknown> & { agent_ref: { name: string } };

/** A row's `_ng_rollout_id`: its own, else NeMo Gym's "<task>-<rollout>", the same across attempts and runs. */
const rolloutIdOf = (row: Row): string => (typeof row[ROLLOUT_ID_KEY] === "string" ? (row[ROLLOUT_ID_KEY] as string) : `${row[TASK_INDEX_KEY]}-${row[ROLLOUT_INDEX_KEY]}`);

type Ended = Exclude<Outcome, { abandoned: true }>;

// With many rollouts in flight, their first attempts go in /run_batch requests (batch.ts), at least
// two at once so one batch's last rollout never idles the pool; with a few, each has its own /run.
const BATCHING_FROM = 16;
const MAX_BATCH = 32;
function batchShape(concurrency: number): { size: number } | undefined {
  if (concurrency < BATCHING_FROM) return undefined;
  return { size: Math.ceil(concurrency / Math.max(2, Math.ceil(concurrency / MAX_BATCH))) };
}

/** The pairs a run does not ask for: those in X.jsonl, and those an earlier run found terminal. */
async function* pending(materialized: string, settled: (key: number) => boolean): AsyncGenerator<Row> {
  for await (const { line, value } of readJsonl(materialized, { exact: true })) {
    if (!settled(pairKey(value, `${materialized}:${line}`))) yield value as Row;
  }
}

/**
 * Counts a materialized file's rollouts, those already done and those not asked again (terminal),
 * and each pending cohort's size; every agent must be running.
 */
async function survey(materialized: string, done: ReadonlySet<number>, terminal: ReadonlySet<number>, agents: ReadonlyMap<string, string>, cohortAgents: ReadonlySet<string>) {
  let total = 0;
  let resumed = 0;
  let notRetried = 0;
  const used = new Set<string>();
  const cohorts = new Cohorts<Row>();
  for await (const { line, value } of readJsonl(materialized)) {
    const name = (value as Row).agent_ref?.name;
    if (!name || !agents.has(name)) throw new InputError(`${materialized}:${line}: unknown agent "${name}" (running agents: ${[...agents.keys()].join(", ") || "none"})`);
    total++;
    used.add(name);
    const key = pairKey(value, `${materialized}:${line}`);
    if (done.has(key)) resumed++;
    else if (terminal.has(key)) notRetried++;
    else if (cohortAgents.has(name)) cohorts.expect(name, value as Row);
  }
  return { total, resumed, notRetried, used, cohorts };
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
        skipInvalid: options.skipInvalid,
        prompt: options.promptConfig === undefined ? undefined : await loadPromptConfig(options.promptConfig),
        numRepeatsAddSeed: options.numRepeatsAddSeed,
      });
  const instances = await serverInstances(options.headUrl, options.authToken).catch(async (err: unknown) => {
    await materialized?.discard();
    throw err;
  });
  const agents = new Map(instances.flatMap((i) => (i.server_type === "responses_api_agents" && i.url !== undefined ? [[i.name, i.url] as const] : [])));
  // Read once: every check below looks at it. A head that publishes none (not ours) leaves the
  // environments unknown: rows are then left to /verify, and no environment scores cohorts.
  const config = await publishedConfig(options.headUrl, options.authToken).catch(() => ({}));
  const environments = agentEnvironments(config, instances, [...agents.keys()]);
  if (materialized) await materialized.commit(new Set(agents.keys()), rowSchemas(environments), rowCompleters(config, environments));
  const cohortAgents = new Set([...environments].flatMap(([agent, declared]) => (declared.cohort ? [agent] : [])));
  let done: ReadonlySet<number> = new Set();
  let resumedRewardSum = 0;
  let attempted = new Map<number, number>();
  let terminal = new Set<number>();
  if (resume) {
    for (const path of [files.rollouts, files.failures]) {
      if (existsSync(path) && (await cutTornTail(path))) log(`Cut a torn last line off ${path} (left by an interrupted write).`);
    }
    if (existsSync(files.rollouts)) ({ pairs: done, rewardSum: resumedRewardSum } = await completedPairs(files.rollouts));
    if (existsSync(files.failures)) ({ attempts: attempted, terminal } = await priorFailures(files.failures));
  }
  const { total, resumed, notRetried, used, cohorts } = await survey(files.materialized, done, terminal, agents, cohortAgents);
  const gathering = gatheringAgents(config, instances, [...cohortAgents]);
  const misfit = cohorts.misfit(new Map([...gathering].map(([agent, g]) => [agent, g.size])));
  if (misfit) throw new InputError(cohortMismatch({ agent: misfit.agent, ...gathering.get(misfit.agent)! }, misfit.size, misfit.pending)!);
  if (options.checkEndpoints) await checkPolicyEndpoints(options.authToken, config, instances, used, log);
  if (resume) {
    // NeMo Gym's resume does not ask again what failed on bad input: the same row gets the same answer.
    const terminalNote = notRetried ? `, ${notRetried} failed on bad input before (not run again; see ${files.failures})` : "";
    log(`Resuming from ${files.materialized}: ${resumed} of ${total} rollouts already done${terminalNote}, ${total - resumed - notRetried} to run.`);
  }
  const settled = (key: number) => done.has(key) || terminal.has(key);
  return { resume, agents, settled, attempted, total, resumed, notRetried, resumedRewardSum, cohortAgents, cohorts, skipped: materialized?.skipped ?? [] };
}

export async function collect(options: CollectOptions): Promise<CollectSummary> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new InputError("--concurrency must be a positive integer");
  const repeats = typeof options.numRepeats === "number" ? [options.numRepeats] : Object.values(options.numRepeats);
  if (repeats.length === 0 || repeats.some((n) => !Number.isInteger(n) || n < 1)) throw new InputError("--num-repeats must be a positive integer, or a mapping of agent names to positive integers");
  const files: Files = {
    rollouts: options.output,
    materialized: siblingPath(options.output, "materialized_inputs.jsonl"),
    failures: siblingPath(options.output, "failures.jsonl"),
    aggregateMetrics: siblingPath(options.output, "aggregate_metrics.json"),
    progress: options.progressFile ?? progressPathFor(options.output),
  };
  const { resume, agents, settled, attempted, total, resumed, notRetried, resumedRewardSum, cohortAgents, cohorts, skipped } = await prepare(options, files, options.log ?? (() => {}));

  const out = await JsonlWriter.open(files.rollouts, resume ? "append" : "truncate");
  const failures = await JsonlWriter.open(files.failures, resume ? "append" : "truncate");
  // What an earlier run finished, failures not asked again included (NeMo's progress counts them).
  const state: ProgressState = { done: resumed + notRetried, resumed: resumed + notRetried, total, failed: 0, rewardSum: 0 };
  const bar = options.progress ? new ProgressBar(options.label ?? "collect", state) : undefined;
  const progressFile = new ProgressFile(files.progress, options.log ?? ((line) => console.error(line)));
  progressFile.update(state.done);
  let stopped = false;
  let interrupted = false;
  // Set once the grace period is over: answers arriving later are not written.
  let closed = false;
  let dispatched = 0;

  const written = async (row: Row, result: Record<string, unknown>, attemptIndex: number) => {
    const { [TASK_INDEX_KEY]: task, [ROLLOUT_INDEX_KEY]: rollout } = row;
    // Stamped from what was sent, as NeMo Gym does: an agent that does not echo them still gets them.
    await out.write({ ...result, [TASK_INDEX_KEY]: task, [ROLLOUT_INDEX_KEY]: rollout, agent_ref: row.agent_ref, [ROLLOUT_ID_KEY]: rolloutIdOf(row), [ATTEMPT_INDEX_KEY]: attemptIndex });
    options.curriculum?.record(result.level, result.reward as number);
    state.rewardSum += result.reward as number;
    state.done++;
    progressFile.update(state.done);
  };
  const tally = new FailureTally();
  const failed = async (row: Row, failure: Failure, attempts: number, attemptIndex: number) => {
    await failures.write({ ...row, ...failure, [ATTEMPTS_KEY]: attempts, [ROLLOUT_ID_KEY]: rolloutIdOf(row), [ATTEMPT_INDEX_KEY]: attemptIndex });
    tally.add(failure);
    state.failed++;
    state.done++;
    progressFile.update(state.done);
  };
  for (const { line, reason, row } of skipped) {
    const failure = { [FAILURE_CLASS_KEY]: INVALID_ROW, error: reason };
    await failures.write({ ...row, ...failure, [INPUT_LINE_KEY]: line });
    tally.add(failure);
  }

  /** A cohort environment's rollout: held until its task's last one, then scored with the others. */
  const settleCohort = async (row: Row, target: Target, result: Record<string, unknown> | undefined) => {
    const cohort = cohorts.settle(row.agent_ref.name, row, result);
    if (!cohort || cohort.results.length === 0) return;
    const scored = await scoreCohort(target, cohort.rows, cohort.results, { deadlineMs: options.rolloutTimeoutS * 1000, headers: bearer(options.authToken) });
    if (closed) return;
    for (const [i, r] of cohort.rows.entries()) {
      const attemptIndex = cohort.results[i]?.[ATTEMPT_INDEX_KEY];
      const index = typeof attemptIndex === "number" ? attemptIndex : 0;
      if (Array.isArray(scored)) await written(r, { ...scored[i]!.result, reward: scored[i]!.reward, cohort_metrics: scored[i]!.metrics ?? {} }, index);
      else await failed(r, scored, 1, index);
    }
  };

  /** A rollout's end, once it counts: written, or held for its cohort. */
  const settle = async (row: Row, target: Target, outcome: Ended) => {
    if ("failure" in outcome) await failed(row, outcome.failure, outcome.attempts, outcome.attemptIndex);
    if (cohortAgents.has(row.agent_ref.name)) await settleCohort(row, target, "result" in outcome ? { ...outcome.result, [ATTEMPT_INDEX_KEY]: outcome.attemptIndex } : undefined);
    else if ("result" in outcome) await written(row, outcome.result, outcome.attemptIndex);
  };
  const watch = new StackWatch<{ row: Row; target: Target; outcome: Ended }>(bearer(options.authToken), async (held) => {
    for (const { row, target, outcome } of held) if (!closed) await settle(row, target, outcome);
  });

  let graceTimer: NodeJS.Timeout | undefined;
  let graceEnded = () => {};
  const graceOver = new Promise<void>((resolve) => (graceEnded = resolve));
  /** Stops dispatching; rollouts in flight get the grace period to finish. */
  const stop = () => {
    if (stopped) return;
    stopped = true;
    graceTimer = setTimeout(graceEnded, options.graceMs ?? 30_000);
  };
  const onAbort = () => {
    interrupted = true;
    stop();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  const bodyOf = (row: Row) => {
    const { [TASK_INDEX_KEY]: _task, [ROLLOUT_INDEX_KEY]: _rollout, ...rest } = row;
    const identified = { ...rest, [ROLLOUT_ID_KEY]: rolloutIdOf(row) };
    return options.curriculum ? { ...identified, level: options.curriculum.level } : identified;
  };
  const targetOf = (row: Row): Target => ({ name: row.agent_ref.name, url: agents.get(row.agent_ref.name)!, transport: nodeTransport });
  const firstAttemptOf = (row: Row) => attempted.get(pairKey(row, files.materialized)) ?? 0;

  /** One rollout, from its first attempt, or on from one a batch made (`first`, begun at `began`). */
  const runOne = async (row: Row, first?: Attempt, began = performance.now()) => {
    dispatched++;
    const target = targetOf(row);
    const outcome = await runRollout(
      target,
      bodyOf(row),
      {
        deadlineMs: options.rolloutTimeoutS * 1000,
        maxAttempts: options.maxAttempts ?? 3,
        headers: bearer(options.authToken),
        stopped: () => stopped,
        firstAttemptIndex: firstAttemptOf(row),
      },
      first,
    );
    if (closed || "abandoned" in outcome) return;
    if ("failure" in outcome && unanswered(outcome.failure)) {
      if (await watch.unanswered({ row, target, outcome })) stop();
      return;
    }
    await watch.answered();
    if ("result" in outcome) {
      const ms = performance.now() - began;
      options.onRollout?.(ms);
      outcome.result[DURATION_KEY] = Math.round(ms);
    }
    await settle(row, target, outcome);
  };

  // Agents that do not take batches (not ours, or older: a 404, or a 200 without our lines), or not
  // these rows' (413, too large together): /run only. Any other refusal was of this batch alone.
  const unbatched = new Set<string>();
  const NOT_BATCHING = new Set([200, 404, 405, 413]);
  /** Rows of one agent: their first attempts in one /run_batch, each rollout going on from its line. */
  const runGroup = async (rows: Row[]) => {
    const agent = rows[0]!.agent_ref.name;
    if (unbatched.has(agent)) {
      await Promise.all(rows.map((row) => runOne(row)));
      return;
    }
    const began = performance.now();
    const bodies = rows.map((row) => ({ ...bodyOf(row), [ATTEMPT_INDEX_KEY]: firstAttemptOf(row) }));
    const going: Promise<void>[] = [];
    const end = await postBatch(targetOf(rows[0]!), bodies, { idleMs: options.rolloutTimeoutS * 1000, headers: bearer(options.authToken) }, (index, attempt) =>
      going.push(runOne(rows[index]!, attempt, began)),
    );
    if (!end.started) {
      // Nothing ran: each row goes through /run, which also waits out a busy agent's refusals.
      if (end.status !== null && NOT_BATCHING.has(end.status)) unbatched.add(agent);
      going.push(...rows.map((row) => runOne(row)));
    }
    await Promise.all(going);
  };

  const source = pending(files.materialized, settled);
  const batching = batchShape(options.concurrency);
  bar?.start();
  try {
    const dispatching = batching ? runBatches(source, options.concurrency, batching.size, (row) => row.agent_ref.name, runGroup, () => stopped) : runPool(source, options.concurrency, runOne, () => stopped);
    await Promise.race([dispatching.then(() => watch.finish()), graceOver]);
  } finally {
    closed = true;
    clearTimeout(graceTimer);
    options.signal?.removeEventListener("abort", onAbort);
    bar?.stop();
    await source.return(undefined);
    await Promise.all([out.close(), failures.close(), progressFile.flush()]);
  }

  const succeeded = state.done - state.resumed - state.failed;
  const down = watch.down;
  const summary: CollectSummary = {
    total,
    resumed,
    succeeded,
    failed: state.failed,
    meanReward: resumed + succeeded ? (resumedRewardSum + state.rewardSum) / (resumed + succeeded) : null,
    failureClasses: tally.classes(),
    skipped: skipped.length,
    interrupted,
    ...(down === undefined ? {} : { stackDown: { connectionFailures: down, notTried: total - resumed - notRetried - dispatched } }),
    missing: total - resumed - succeeded,
    notRetried,
    resolvedFailures: resume ? await pruneFailures(files.failures, files.rollouts) : 0,
    files,
  };
  if (!stopped && down === undefined && !options.disableAggregation) {
    try {
      summary.aggregate = await writeAggregateMetrics(files.rollouts, agents, files.aggregateMetrics, AGGREGATE_DEADLINE_MS, bearer(options.authToken));
    } catch (err) {
      summary.aggregateError = (err as Error).message;
    }
  }
  return summary;
}
