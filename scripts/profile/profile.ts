// `edge-gym profile` (SPEC "Reward profile"): X_reward_profiling.jsonl with one line per task that
// has completed rollouts, X_agent_metrics.json with the same statistics per agent plus pass@k,
// and the numbers behind the terminal table and the HTML report. Rollouts are read once and kept
// as numbers; the materialized inputs stream, holding a task's sample row only until the task's
// last row has gone by.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { agentProfile, profileRollout, taskProfile } from "../../shared/metrics/profile.ts";
import type { ProfiledRollout } from "../../shared/metrics/profile.ts";
import { InputError, JsonlWriter, readJsonl, siblingPath } from "../collect/jsonl.ts";
import { pairKey, pairLabel } from "../collect/pairs.ts";

const DEFAULT_ANSWER_KEY = "extracted_answer";

export interface ProfileOptions {
  inputs: string;
  rollouts: string;
  /** The field majority@k votes over; by default `extracted_answer` when rollouts carry it. */
  answerKey?: string;
  /** X_failures.jsonl beside the rollouts unless given. */
  failures?: string;
}

export interface AgentProfile {
  name: string;
  tasks: number;
  rollouts: number;
  /** The most rollouts any of its tasks has: pass@k is reported for every k up to this one. */
  maxRollouts: number;
  metrics: Record<string, unknown>;
}

export interface Profile {
  agents: AgentProfile[];
  /** Per task with rollouts: its agent and mean reward. */
  tasks: { task: number; agent: string; meanReward: number }[];
  /** Every completed rollout's numeric fields (reward, token counts, ...), for distributions. */
  rollouts: Record<string, number>[];
  /** Materialized rollouts with no result: failed or never run. */
  missing: number;
  /** NeMo Gym's completion summary: rollouts expected and completed; input rows (tasks) complete, partial, without any. */
  completion: { expectedRollouts: number; completedRollouts: number; inputRows: number; complete: number; partial: number; none: number };
  /** Rows of the failures file by class; `unresolved` counts pairs still missing from the rollouts. */
  failures: { failureClass: string; count: number; unresolved: number }[];
  answerKey?: string;
  files: { profile: string; agentMetrics: string };
}

async function readRollouts(path: string, answerKey: string) {
  const byTask = new Map<number, ProfiledRollout[]>();
  const keys = new Set<number>();
  let answered = false;
  for await (const { line, value } of readJsonl(path)) {
    const where = `${path}:${line}`;
    const key = pairKey(value, where);
    if (keys.has(key)) throw new InputError(`${where}: ${pairLabel(key)} appears twice`);
    if (typeof value.reward !== "number") throw new InputError(`${where}: the rollout has no numeric reward`);
    keys.add(key);
    const task = value[TASK_INDEX_KEY] as number;
    const profiled = profileRollout(value, task, value[ROLLOUT_INDEX_KEY] as number, answerKey);
    answered ||= profiled.scored.answer !== null;
    const list = byTask.get(task) ?? [];
    list.push(profiled);
    byTask.set(task, list);
  }
  return { byTask, keys, answered };
}

/** Expected rollouts and agent per task; every rollout must match a materialized row. */
async function surveyInputs(path: string, rollouts: ReadonlySet<number>) {
  const expected = new Map<number, number>();
  const agentOf = new Map<number, string>();
  const seen = new Set<number>();
  let matched = 0;
  for await (const { line, value } of readJsonl(path)) {
    const key = pairKey(value, `${path}:${line}`);
    if (seen.has(key)) throw new InputError(`${path}:${line}: ${pairLabel(key)} appears twice`);
    seen.add(key);
    if (rollouts.has(key)) matched++;
    const task = value[TASK_INDEX_KEY] as number;
    expected.set(task, (expected.get(task) ?? 0) + 1);
    const agent = (value.agent_ref as { name?: string } | undefined)?.name;
    if (!agent) throw new InputError(`${path}:${line}: the row has no agent_ref`);
    agentOf.set(task, agent);
  }
  if (matched < rollouts.size) {
    const extra = [...rollouts].filter((k) => !seen.has(k)).slice(0, 5).map(pairLabel);
    throw new InputError(`${rollouts.size - matched} rollouts have no materialized input row, e.g. ${extra.join(", ")}: are these the inputs of this run?`);
  }
  return { expected, agentOf, seen };
}

async function failureClasses(path: string, completed: ReadonlySet<number>): Promise<Profile["failures"]> {
  if (!existsSync(path)) return [];
  const byClass = new Map<string, { count: number; unresolved: number }>();
  for await (const { line, value } of readJsonl(path)) {
    const failureClass = typeof value._ng_failure_class === "string" ? value._ng_failure_class : "unknown";
    const entry = byClass.get(failureClass) ?? { count: 0, unresolved: 0 };
    entry.count++;
    if (!completed.has(pairKey(value, `${path}:${line}`))) entry.unresolved++;
    byClass.set(failureClass, entry);
  }
  return [...byClass].map(([failureClass, e]) => ({ failureClass, ...e })).sort((a, b) => b.count - a.count);
}

interface Collected {
  byTask: ReadonlyMap<number, ProfiledRollout[]>;
  keys: ReadonlySet<number>;
  expected: ReadonlyMap<number, number>;
  agentOf: ReadonlyMap<number, string>;
  /** The tasks with rollouts, ascending. */
  order: readonly number[];
}

/**
 * Streams the inputs once more and writes each task's line in task order; a task is complete once
 * all its materialized rows went by, and its sample row is held only until then.
 */
async function writeTaskLines(inputs: string, output: string, c: Collected): Promise<Profile["tasks"]> {
  const out = await JsonlWriter.open(output, "truncate");
  const tasks: Profile["tasks"] = [];
  const ready = new Map<number, Record<string, unknown>>();
  const remaining = new Map(c.expected);
  const samples = new Map<number, Record<string, unknown>>();
  let next = 0;
  try {
    for await (const { value } of readJsonl(inputs)) {
      const task = value[TASK_INDEX_KEY] as number;
      const rollouts = c.byTask.get(task);
      if (rollouts && !samples.has(task) && c.keys.has(pairKey(value, inputs))) {
        const { [TASK_INDEX_KEY]: _task, [ROLLOUT_INDEX_KEY]: _rollout, ...sample } = value;
        samples.set(task, sample);
      }
      remaining.set(task, remaining.get(task)! - 1);
      if (remaining.get(task) !== 0 || !rollouts) continue;
      const line = taskProfile(task, rollouts, { sample: samples.get(task), expected: c.expected.get(task)! });
      samples.delete(task);
      tasks.push({ task, agent: c.agentOf.get(task)!, meanReward: line["mean/reward"] as number });
      ready.set(task, line);
      while (next < c.order.length && ready.has(c.order[next]!)) {
        await out.write(ready.get(c.order[next]!));
        ready.delete(c.order[next++]!);
      }
    }
  } finally {
    await out.close();
  }
  return tasks.sort((a, b) => a.task - b.task);
}

export async function profile(options: ProfileOptions): Promise<Profile> {
  const files = { profile: siblingPath(options.rollouts, "reward_profiling.jsonl"), agentMetrics: siblingPath(options.rollouts, "agent_metrics.json") };
  const { byTask, keys, answered } = await readRollouts(options.rollouts, options.answerKey ?? DEFAULT_ANSWER_KEY);
  const answerKey = options.answerKey ?? (answered ? DEFAULT_ANSWER_KEY : undefined);
  const { expected, agentOf, seen } = await surveyInputs(options.inputs, keys);

  const order = [...byTask.keys()].sort((a, b) => a - b);
  const tasks = await writeTaskLines(options.inputs, files.profile, { byTask, keys, expected, agentOf, order });

  const agents: AgentProfile[] = [];
  for (const name of [...new Set(agentOf.values())].sort()) {
    const agentTasks = order.filter((t) => agentOf.get(t) === name).map((t) => byTask.get(t)!);
    if (agentTasks.length === 0) continue;
    agents.push({
      name,
      tasks: agentTasks.length,
      rollouts: agentTasks.reduce((n, t) => n + t.length, 0),
      maxRollouts: agentTasks.reduce((n, t) => Math.max(n, t.length), 0),
      metrics: agentProfile(agentTasks, answerKey !== undefined),
    });
  }
  await writeFile(files.agentMetrics, JSON.stringify(agents.map((a) => ({ ...a.metrics, agent_ref: { name: a.name } }))));

  const completion = { expectedRollouts: seen.size, completedRollouts: keys.size, inputRows: expected.size, complete: 0, partial: 0, none: 0 };
  for (const [task, count] of expected) {
    const done = byTask.get(task)?.length ?? 0;
    completion[done === count ? "complete" : done > 0 ? "partial" : "none"]++;
  }
  return {
    agents,
    tasks,
    rollouts: order.flatMap((t) => byTask.get(t)!.map((r) => r.fields)),
    missing: seen.size - keys.size,
    completion,
    failures: await failureClasses(options.failures ?? siblingPath(options.rollouts, "failures.jsonl"), keys),
    answerKey,
    files,
  };
}
