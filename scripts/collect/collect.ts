// Rollout collection (SPEC "Collection outputs"): rows are checked and materialized up front
// (limit, repeats laid out aabbcc, task/rollout indices), then run through agents' /run with a
// bounded concurrency; each result is appended as it completes, failures go to their own file.
import { mkdir, open } from "node:fs/promises";
import type { WriteStream } from "node:fs";
import { dirname } from "node:path";
import { call } from "../../shared/client/call.ts";
import { InputError, readRows, siblingPath } from "./jsonl.ts";
import { serverInstances } from "./head.ts";
import { ProgressBar } from "../cli/progress.ts";
import type { ProgressState } from "../cli/progress.ts";

export interface CollectOptions {
  headUrl: string;
  input: string;
  output: string;
  agent?: string;
  concurrency: number;
  numRepeats: number;
  limit?: number;
  /** Deadline of one whole rollout. */
  rolloutTimeoutS: number;
  progress: boolean;
  label?: string;
  /** Called with each rollout's wall time, for benchmarks. */
  onRollout?: (ms: number) => void;
}

export interface CollectSummary {
  total: number;
  succeeded: number;
  failed: number;
  meanReward: number;
  rewards: number[][];
  files: { rollouts: string; materialized: string; failures: string };
}

type Materialized = Record<string, unknown> & { agent_ref: { name: string }; _ng_task_index: number; _ng_rollout_index: number };

function writeLine(stream: WriteStream, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => stream.write(`${JSON.stringify(value)}\n`, (err) => (err ? reject(err) : resolve())));
}

const closeStream = (stream: WriteStream) => new Promise<void>((resolve) => stream.end(resolve));

// Opening through a file handle makes a bad path a rejected promise here, not a stream error later.
async function createOutput(path: string): Promise<WriteStream> {
  await mkdir(dirname(path), { recursive: true });
  return (await open(path, "w")).createWriteStream();
}

export async function collect(options: CollectOptions): Promise<CollectSummary> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new InputError("--concurrency must be a positive integer");
  if (!Number.isInteger(options.numRepeats) || options.numRepeats < 1) throw new InputError("--num-repeats must be a positive integer");
  const rows = (await readRows(options.input)).slice(0, options.limit ?? Infinity);
  const agents = new Map((await serverInstances(options.headUrl)).filter((i) => i.server_type === "responses_api_agents").map((i) => [i.name, i.url]));

  const materialized: Materialized[] = [];
  rows.forEach(({ line, row }, task) => {
    const name = row.agent_ref?.name ?? options.agent;
    if (!name) throw new InputError(`${options.input}:${line}: the row has no agent_ref and no --agent was given`);
    if (!agents.has(name)) throw new InputError(`${options.input}:${line}: unknown agent "${name}" (running agents: ${[...agents.keys()].join(", ") || "none"})`);
    for (let rollout = 0; rollout < options.numRepeats; rollout++) {
      materialized.push({ ...row, agent_ref: { ...row.agent_ref, name }, _ng_task_index: task, _ng_rollout_index: rollout });
    }
  });

  const files = {
    rollouts: options.output,
    materialized: siblingPath(options.output, "materialized_inputs.jsonl"),
    failures: siblingPath(options.output, "failures.jsonl"),
  };
  const inputs = await createOutput(files.materialized);
  for (const row of materialized) await writeLine(inputs, row);
  await closeStream(inputs);

  const out = await createOutput(files.rollouts);
  const failures = await createOutput(files.failures);
  const state: ProgressState = { done: 0, total: materialized.length, failed: 0, rewardSum: 0 };
  const rewards: number[][] = rows.map(() => []);
  const bar = options.progress ? new ProgressBar(options.label ?? "collect", state) : undefined;
  bar?.start();

  const runOne = async (row: Materialized) => {
    const { _ng_task_index, _ng_rollout_index, ...body } = row;
    const stamps = { _ng_task_index, _ng_rollout_index, agent_ref: row.agent_ref };
    let failure: { _ng_failure_class: string; error: unknown } | undefined;
    const began = performance.now();
    try {
      const result = await call({ name: row.agent_ref.name, url: agents.get(row.agent_ref.name)! }, "/run", {
        body,
        deadlineMs: options.rolloutTimeoutS * 1000,
      });
      options.onRollout?.(performance.now() - began);
      const parsed = JSON.parse(result.text) as Record<string, unknown>;
      if (result.status !== 200) failure = { _ng_failure_class: `http_${result.status}`, error: parsed.error ?? parsed };
      else if (typeof parsed._ng_failure_class === "string") failure = { _ng_failure_class: parsed._ng_failure_class, error: parsed.error ?? null };
      else if (typeof parsed.reward !== "number") failure = { _ng_failure_class: "no_reward", error: "the /run result has no numeric reward" };
      else {
        await writeLine(out, { ...parsed, ...stamps });
        state.rewardSum += parsed.reward;
        rewards[_ng_task_index]!.push(parsed.reward);
      }
    } catch (err) {
      failure = { _ng_failure_class: "transport", error: (err as Error).message };
    }
    if (failure) {
      state.failed++;
      await writeLine(failures, { ...row, ...failure });
    }
    state.done++;
  };

  let next = 0;
  const worker = async () => {
    while (next < materialized.length) await runOne(materialized[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, materialized.length) }, worker));
  } finally {
    bar?.stop();
    await Promise.all([closeStream(out), closeStream(failures)]);
  }
  const succeeded = state.done - state.failed;
  return { total: state.total, succeeded, failed: state.failed, meanReward: succeeded ? state.rewardSum / succeeded : 0, rewards, files };
}
