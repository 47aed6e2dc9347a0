// Every rollout an agent runs carries NeMo Gym's identity keys, so a trainer can match what comes
// back (a result, a failure, a late answer) to what it asked for: `_ng_rollout_id`, the same for
// every attempt at one logical rollout, and `_ng_attempt_index`, from 0. A row that names neither
// gets them here, as NeMo Gym derives them: "<task>-<rollout>" from the collector's indices, else
// the id the caller already gave the rollout (an async Idempotency-Key), else a fresh one; the
// attempt is 0 unless the caller says it is a retry.
import { ATTEMPT_INDEX_KEY, ROLLOUT_ID_KEY, ROLLOUT_ID_PATTERN, ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../schemas/run.ts";
import type { RunRequest } from "../schemas/run.ts";

export interface RolloutIdentity {
  [ROLLOUT_ID_KEY]: string;
  [ATTEMPT_INDEX_KEY]: number;
}

const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The row with its identity filled in; `knownId` is used when the row has no id nor indices and it fits the charset. */
export function identified<R extends RunRequest>(row: R, knownId?: string): R & RolloutIdentity {
  const task = row[TASK_INDEX_KEY];
  const rollout = row[ROLLOUT_INDEX_KEY];
  const derived = isIndex(task) && isIndex(rollout) ? `${task}-${rollout}` : undefined;
  const fallback = knownId !== undefined && ROLLOUT_ID_PATTERN.test(knownId) ? knownId : crypto.randomUUID();
  return { ...row, [ROLLOUT_ID_KEY]: row[ROLLOUT_ID_KEY] ?? derived ?? fallback, [ATTEMPT_INDEX_KEY]: row[ATTEMPT_INDEX_KEY] ?? 0 };
}

/** The identity keys of an identified row, to stamp on what its rollout ends with. */
export function identityOf(row: RolloutIdentity): RolloutIdentity {
  return { [ROLLOUT_ID_KEY]: row[ROLLOUT_ID_KEY], [ATTEMPT_INDEX_KEY]: row[ATTEMPT_INDEX_KEY] };
}
