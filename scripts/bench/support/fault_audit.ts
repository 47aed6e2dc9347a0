// What `bench faults` checks in a collection's files once its last run is over: no reward that an
// infrastructure failure produced, and every (task, rollout) pair of the materialized inputs in
// exactly one place, the rollouts file or the failures file.
import { existsSync, readFileSync } from "node:fs";
import { FAILURE_CLASS_KEY, ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../../shared/schemas/run.ts";
import type { CollectSummary } from "../../collect/collect.ts";

export type Files = Pick<CollectSummary["files"], "rollouts" | "failures" | "materialized">;

export interface Expectation {
  /** Every rollout's upstream is broken: no row may carry a reward. */
  brokenUpstream: boolean;
  /** The reward a rollout that truly ran scores (the emulator at --p-correct 1 is always right). */
  reward?: number;
}

export interface Audit {
  pairs: number;
  rows: number;
  failures: number;
  failure_classes: Record<string, number>;
  /** Rows with a reward a true success would not have (or any reward, upstream broken). */
  suspect_rewards: number;
  /** Rows without a numeric reward, or carrying a failure class. */
  rows_not_results: number;
  /** Failures without a failure class, or with a reward. */
  failures_not_classified: number;
  unparseable_lines: number;
  lost: number;
  duplicated: number;
  in_both: number;
}

function lines(path: string): { values: Record<string, unknown>[]; unparseable: number } {
  const values: Record<string, unknown>[] = [];
  let unparseable = 0;
  if (!existsSync(path)) return { values, unparseable };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line) continue;
    try {
      values.push(JSON.parse(line));
    } catch {
      unparseable++;
    }
  }
  return { values, unparseable };
}

const pair = (row: Record<string, unknown>) => `${row[TASK_INDEX_KEY]}/${row[ROLLOUT_INDEX_KEY]}`;

function counts(rows: Record<string, unknown>[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(pair(row), (seen.get(pair(row)) ?? 0) + 1);
  return seen;
}

export function audit(files: Files, expect: Expectation): Audit {
  const materialized = lines(files.materialized);
  const rollouts = lines(files.rollouts);
  const failures = lines(files.failures);
  const wanted = new Set(materialized.values.map(pair));
  const done = counts(rollouts.values);
  const failed = counts(failures.values);
  const classes: Record<string, number> = {};
  for (const f of failures.values) {
    const c = String(f[FAILURE_CLASS_KEY]);
    classes[c] = (classes[c] ?? 0) + 1;
  }
  const isResult = (r: Record<string, unknown>) => typeof r.reward === "number" && r[FAILURE_CLASS_KEY] === undefined;
  return {
    pairs: wanted.size,
    rows: rollouts.values.length,
    failures: failures.values.length,
    failure_classes: classes,
    suspect_rewards: rollouts.values.filter((r) => "reward" in r && (expect.brokenUpstream || (expect.reward !== undefined && r.reward !== expect.reward))).length,
    rows_not_results: rollouts.values.filter((r) => !isResult(r)).length,
    failures_not_classified: failures.values.filter((f) => typeof f[FAILURE_CLASS_KEY] !== "string" || f[FAILURE_CLASS_KEY] === "" || "reward" in f).length,
    unparseable_lines: materialized.unparseable + rollouts.unparseable + failures.unparseable,
    lost: [...wanted].filter((p) => !done.has(p) && !failed.has(p)).length,
    duplicated: [...done.values(), ...failed.values()].filter((n) => n > 1).length,
    in_both: [...done.keys()].filter((p) => failed.has(p)).length,
  };
}

/** The two file properties, from an audit. */
export function fileProperties(a: Audit, expect: Expectation) {
  return {
    no_reward_from_failure: a.suspect_rewards === 0 && a.rows_not_results === 0 && a.failures_not_classified === 0 && (!expect.brokenUpstream || a.rows === 0),
    pairs_exactly_once: a.lost === 0 && a.duplicated === 0 && a.in_both === 0 && a.unparseable_lines === 0 && a.rows + a.failures === a.pairs,
  };
}
