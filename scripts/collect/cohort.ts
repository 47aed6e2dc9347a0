// Cohort scoring in collection: an environment that declares `cohort` ranks a task's rollouts
// against each other. Its agent's /run gives each rollout a neutral reward; once every pending
// repeat of the task is settled, the successful ones go to the agent's /compare together, and are
// written with the rewards it returns. A cohort whose /compare fails is written to the failures
// file, never with made-up rewards; one left unfinished by an interruption is not written at all,
// so a resumed run runs it again (as a cohort of the repeats still missing). A cohort whose /verify
// already scored it (`cohort_metrics` on every result) keeps those rewards: such a /verify waits
// for num_rollouts_per_prompt rollouts of a prompt (NeMo Gym's key), so a run that sends a number
// of them that cannot fill whole cohorts is refused before it starts, not left to wait for its deadline.
import { call } from "../../shared/client/call.ts";
import type { Target } from "../../shared/client/call.ts";
import { CohortResponse, conversationHistory } from "../../shared/schemas/cohort.ts";
import { FAILURE_CLASS_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { IMPLEMENTATIONS } from "../plan/registry.ts";
import type { InstanceInfo } from "./head.ts";
import type { Failure } from "./rollout.ts";
import { first } from "./task_check.ts";
import type { Mapping } from "./task_check.ts";

type Row = Record<string, unknown>;

export interface Scored {
  result: Row;
  reward: number;
  metrics: Record<string, number> | null | undefined;
}

interface Pending<R extends Row> {
  agent: string;
  task: unknown;
  left: number;
  rows: R[];
  results: Row[];
}

const taskOf = (agent: string, row: Row) => `${agent}\u0000${String(row[TASK_INDEX_KEY])}`;

/**
 * The cohorts of one collection: `expect` counts each task's pending rollouts up front, `settle`
 * takes each as it ends and, for the last of its task, returns the task's scored results (or the
 * failure every one of them gets).
 */
export class Cohorts<R extends Row = Row> {
  readonly #pending = new Map<string, Pending<R>>();

  expect(agent: string, row: R): void {
    const key = taskOf(agent, row);
    const pending = this.#pending.get(key) ?? { agent, task: row[TASK_INDEX_KEY], left: 0, rows: [], results: [] };
    pending.left++;
    this.#pending.set(key, pending);
  }

  /** The first task whose pending rollouts are not a whole number of its agent's cohorts (by `sizes`), if any. */
  misfit(sizes: ReadonlyMap<string, number>): { agent: string; task: unknown; pending: number; size: number } | undefined {
    for (const { agent, task, left } of this.#pending.values()) {
      const size = sizes.get(agent);
      if (size !== undefined && left % size !== 0) return { agent, task, pending: left, size };
    }
    return undefined;
  }

  /** Records one rollout's end; undefined until its task's last one. */
  settle(agent: string, row: R, result: Row | undefined): { rows: R[]; results: Row[] } | undefined {
    const key = taskOf(agent, row);
    const pending = this.#pending.get(key)!;
    if (result) {
      pending.rows.push(row);
      pending.results.push(result);
    }
    if (--pending.left > 0) return undefined;
    this.#pending.delete(key);
    return { rows: pending.rows, results: pending.results };
  }
}

/** The cohort's rewards from the agent's /compare, in the results' order, or the failure they all get. */
export async function scoreCohort(agent: Target, rows: readonly Row[], results: readonly Row[], options: { deadlineMs: number; headers?: Record<string, string> }): Promise<Scored[] | Failure> {
  // Scored already, by a /verify that gathers cohorts itself (genrm_compare's num_rollouts_per_prompt > 1).
  if (results.every((r) => r.cohort_metrics !== undefined)) return results.map((result) => ({ result, reward: result.reward as number, metrics: result.cohort_metrics as Record<string, number> }));
  const first = rows[0]!;
  const params = first.responses_create_params as Row | undefined;
  const body = {
    conversation_history: conversationHistory(params?.input),
    response_objs: results.map((r) => r.response),
    ...(typeof first.principle === "string" ? { principle: first.principle } : {}),
  };
  let answer: { status: number; text: string };
  try {
    answer = await call(agent, "/compare", { body, deadlineMs: options.deadlineMs, headers: options.headers });
  } catch (err) {
    return { [FAILURE_CLASS_KEY]: "cohort_failed", error: (err as Error).message };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    parsed = undefined;
  }
  if (answer.status !== 200) {
    const error = (parsed as { error?: { type?: unknown } } | undefined)?.error;
    return { [FAILURE_CLASS_KEY]: typeof error?.type === "string" ? error.type : `http_${answer.status}`, error: error ?? answer.text.slice(0, 1000) };
  }
  const scored = CohortResponse.safeParse(parsed);
  if (!scored.success || scored.data.rewards.length !== results.length) {
    return { [FAILURE_CLASS_KEY]: "bad_response", error: `/compare answered 200 without one reward per response (${results.length}): ${answer.text.slice(0, 300)}` };
  }
  return results.map((result, i) => ({ result, reward: scored.data.rewards[i]!, metrics: scored.data.metrics }));
}

/** NeMo Gym's key: a /verify that waits for this many rollouts of a prompt and scores them together. */
const GATHERED = "num_rollouts_per_prompt";

/** How many rollouts of a prompt a resources instance's /verify gathers (1: none, it answers each alone). */
export function gatheredCohortSize(implementation: string | undefined, config: Record<string, unknown> | undefined): number {
  const declared = IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === implementation)?.declaration as ResourcesDeclaration | undefined;
  if (!declared?.cohort) return 1;
  const size = config?.[GATHERED];
  return typeof size === "number" && Number.isInteger(size) && size > 1 ? size : 1;
}

/**
 * Why a run cannot fill the cohorts a /verify waits for: `sent` rollouts of a prompt where whole
 * cohorts of `size` are needed (one line, with the key and what to change); undefined when they fill.
 */
export function cohortMismatch(where: { agent: string; resources: string; implementation: string }, size: number, sent: number): string | undefined {
  if (sent % size === 0) return undefined;
  const key = `${where.resources}.resources_servers.${where.implementation}.${GATHERED}`;
  return (
    `${where.resources} (agent ${where.agent}) scores ${size} rollouts of the same prompt together (${key}: ${size}), but this run sends ${sent} of a prompt: ` +
    `they would wait for the rest until cohort_timeout_s and fail. Run --num-repeats ${size} (or a multiple), or start the stack with ++${key}=${sent}`
  );
}

export interface Gathering {
  resources: string;
  implementation: string;
  size: number;
}

/** Agent -> its environment's gathered cohorts, for the agents (of `agents`) whose /verify gathers them. */
export function gatheringAgents(config: Mapping, instances: readonly InstanceInfo[], agents: readonly string[]): Map<string, Gathering> {
  const gathering = new Map<string, Gathering>();
  for (const agent of agents) {
    const resources = (first(first(config[agent]))?.resources_server as { name?: string } | undefined)?.name;
    const instance = instances.find((i) => i.name === resources && i.server_type === "resources_servers");
    const size = gatheredCohortSize(instance?.implementation, first(first(config[resources ?? ""])));
    if (instance && size > 1) gathering.set(agent, { resources: instance.name, implementation: instance.implementation, size });
  }
  return gathering;
}
