// The reward profile of rollouts grouped by task (SPEC "Reward profile"), shared by a resources
// server's /aggregate_metrics and `edge-gym profile`: one line of statistics per task, and the
// same statistics with pass@k over all rollouts.
import { rewardBreakdown } from "./breakdown.ts";
import type { Breakdown } from "./breakdown.ts";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../schemas/run.ts";
import { answerOf, numericFields, rolloutInfo } from "./fields.ts";
import { keyMetrics } from "./key_metrics.ts";
import type { KeyMetrics } from "./key_metrics.ts";
import { passMajorityMetrics } from "./pass_at_k.ts";
import type { TaskRollout } from "./pass_at_k.ts";
import { scoresOf } from "./scores.ts";
import type { ScoreSpec } from "./scores.ts";
import { FieldValues } from "./stats.ts";
import { subsetMetrics } from "./subsets.ts";
import { weightedMetrics } from "./weighted.ts";

/** What the profile keeps of one rollout: its numbers, its `rollout_infos` entry, its score. */
export interface ProfiledRollout {
  rollout: number;
  fields: Record<string, number>;
  info: Record<string, unknown>;
  scored: TaskRollout;
}

export function profileRollout(result: Record<string, unknown>, task: number, rollout: number, answerKey?: string, scores?: ScoreSpec): ProfiledRollout {
  return {
    rollout,
    fields: numericFields(result),
    info: rolloutInfo(result, task, rollout),
    scored: { scores: scoresOf(result, scores), answer: answerOf(result, answerKey) },
  };
}

const byRollout = (a: ProfiledRollout, b: ProfiledRollout) => a.rollout - b.rollout;

export interface TaskExtras {
  /** The task's input row, without its indices. */
  sample?: Record<string, unknown>;
  /** Rollouts materialized for the task; fewer completed ones make a partial profile. */
  expected: number;
}

/**
 * One task's line, in NeMo Gym's field order: `_ng_task_index`, `mean/<f>` ... `std/<f>`, `sample`,
 * `num_rollouts`, `expected_num_rollouts`, `missing_num_rollouts`, `reward_profile_completion_pct`,
 * `rollout_infos`.
 */
export function taskProfile(task: number, rollouts: readonly ProfiledRollout[], extras: TaskExtras): Record<string, unknown> {
  const sorted = [...rollouts].sort(byRollout);
  const fields = new FieldValues();
  for (const r of sorted) fields.add(r.fields);
  const line: Record<string, unknown> = { [TASK_INDEX_KEY]: task, ...fields.summary() };
  if (extras.sample) line.sample = extras.sample;
  line.num_rollouts = sorted.length;
  line.expected_num_rollouts = extras.expected;
  line.missing_num_rollouts = extras.expected - sorted.length;
  line.reward_profile_completion_pct = extras.expected === 0 ? 100 : (100 * sorted.length) / extras.expected;
  line.rollout_infos = sorted.map((r) => r.info);
  return line;
}

/** Statistics over all of an agent's rollouts, then pass@k / majority@k over its tasks. */
export function agentProfile(tasks: readonly (readonly ProfiledRollout[])[], withAnswers: boolean): Record<string, unknown> {
  const fields = new FieldValues();
  for (const task of tasks) for (const r of task) fields.add(r.fields);
  const scored = tasks.map((task) => [...task].sort(byRollout).map((r) => r.scored));
  // No scores and no answer key (`scores: {}`): the environment reports no pass@k, not an empty aggregate.
  const anyScores = withAnswers || scored.some((task) => task.some((r) => Object.keys(r.scores).length > 0));
  return { ...fields.summary(), ...(anyScores ? passMajorityMetrics(scored, withAnswers) : {}) };
}

/** How a resources server scores its rollouts for /aggregate_metrics (ResourcesServerDefinition). */
export interface AggregateOptions {
  answerKey?: string;
  scores?: ScoreSpec;
  keyMetrics?: KeyMetrics;
  rewardBreakdown?: readonly Breakdown[];
  /** Row fields whose values split the tasks into subsets, each with its own pass@k (`<value>/pass@1/...`). */
  subsets?: readonly string[];
  /** A row field weighting each task in `<metric>_weighted` pass@k (missing: 1). */
  weightField?: string;
  /** The environment's own metrics over every verify response (NeMo Gym's compute_metrics). */
  computeMetrics?: ComputeMetrics;
}

/**
 * NeMo Gym's compute_metrics: verify responses grouped by task (tasks in task-index order, each
 * task's rollouts in rollout-index order); what it returns joins agent_metrics, except
 * `per_task_metrics` (entries naming their `_ng_task_index`), which joins those tasks' group metrics.
 */
export type ComputeMetrics = (tasks: readonly (readonly Record<string, unknown>[])[]) => Record<string, unknown>;

// NeMo Gym's /aggregate_metrics profiles placeholder input rows holding only the indices and one
// agent named "agent"; what is left of such a row is each task's `sample`.
const AGGREGATE_SAMPLE = { agent_ref: { name: "agent" } };

/** A resources server's /aggregate_metrics answer for stripped verify responses. */
export function aggregateMetrics(responses: readonly Record<string, unknown>[], options: AggregateOptions = {}) {
  const byTask = new Map<number, ProfiledRollout[]>();
  const firstOf = new Map<number, Record<string, unknown>>();
  for (const r of responses) {
    const task = (r[TASK_INDEX_KEY] as number | undefined) ?? 0;
    const rollout = (r[ROLLOUT_INDEX_KEY] as number | undefined) ?? 0;
    const group = byTask.get(task) ?? [];
    group.push(profileRollout(r, task, rollout, options.answerKey, options.scores));
    byTask.set(task, group);
    const first = firstOf.get(task);
    if (first === undefined || rollout < ((first[ROLLOUT_INDEX_KEY] as number | undefined) ?? 0)) firstOf.set(task, r);
  }
  const tasks = [...byTask].sort(([a], [b]) => a - b);
  if (tasks.length === 0) return { group_level_metrics: [], agent_metrics: {}, key_metrics: {} };
  const withAnswers = options.answerKey !== undefined;
  const grouped = tasks.map(([task, rollouts]) => ({ first: firstOf.get(task)!, rollouts: [...rollouts].sort(byRollout).map((r) => r.scored) }));
  const { per_task_metrics: perTask, ...custom } = options.computeMetrics?.(responsesByTask(responses)) ?? {};
  const agent = {
    ...agentProfile(tasks.map(([, rollouts]) => rollouts), withAnswers),
    ...Object.assign({}, ...(options.subsets ?? []).map((field) => subsetMetrics(grouped, field, withAnswers))),
    ...(options.weightField === undefined ? {} : weightedMetrics(grouped, options.weightField)),
    ...rewardBreakdown(responses, options.rewardBreakdown ?? []),
    ...custom,
  };
  const extraOf = new Map<unknown, Record<string, unknown>>();
  for (const entry of Array.isArray(perTask) ? (perTask as Record<string, unknown>[]) : []) {
    const { [TASK_INDEX_KEY]: task, ...fields } = entry;
    extraOf.set(task, fields);
  }
  return {
    // Every response sent is a task's rollout: none are expected beyond them.
    group_level_metrics: tasks.map(([task, rollouts]) => ({ ...taskProfile(task, rollouts, { sample: AGGREGATE_SAMPLE, expected: rollouts.length }), ...extraOf.get(task) })),
    agent_metrics: agent,
    key_metrics: keyMetrics(agent, options.keyMetrics),
  };
}

/** Verify responses grouped by task, as compute_metrics receives them. */
function responsesByTask(responses: readonly Record<string, unknown>[]): Record<string, unknown>[][] {
  const byTask = new Map<number, Record<string, unknown>[]>();
  for (const r of responses) {
    const task = (r[TASK_INDEX_KEY] as number | undefined) ?? 0;
    const group = byTask.get(task) ?? [];
    group.push(r);
    byTask.set(task, group);
  }
  const rollout = (r: Record<string, unknown>) => (r[ROLLOUT_INDEX_KEY] as number | undefined) ?? 0;
  return [...byTask].sort(([a], [b]) => a - b).map(([, rollouts]) => rollouts.sort((a, b) => rollout(a) - rollout(b)));
}
