// What became of one rollout, as /run_batch lines and async rollouts report it: a reward, or a
// failure with its class. A failure is never turned into a reward of 0.
import { ATTEMPT_INDEX_KEY, FAILURE_CLASS_KEY, ROLLOUT_ID_KEY } from "../schemas/run.ts";
import type { RolloutFailure, VerifyResponse } from "../schemas/run.ts";
import { HttpError } from "../server/errors.ts";

export type Outcome = { result: VerifyResponse } | { failure: RolloutFailure };

/** A verify response that carries a failure class is a failure, whatever else it says. */
export function outcomeOf(result: VerifyResponse): Outcome {
  const failureClass = result[FAILURE_CLASS_KEY];
  if (failureClass === undefined) return { result };
  const failure: RolloutFailure = { [FAILURE_CLASS_KEY]: failureClass, error: result.error ?? null };
  // Which rollout failed, when the result says (an agent's always does: identity.ts).
  for (const key of [ROLLOUT_ID_KEY, ATTEMPT_INDEX_KEY] as const) if (result[key] !== undefined) failure[key] = result[key];
  return { failure };
}

/** An HttpError keeps its type and message; anything else is reported without details. */
export function failureClassOf(err: unknown): RolloutFailure {
  if (err instanceof HttpError) return { [FAILURE_CLASS_KEY]: err.type, error: err.toJSON().error };
  return { [FAILURE_CLASS_KEY]: "internal_error", error: { type: "internal_error", message: "internal error" } };
}

/** As failureClassOf, logging what is not an HttpError (its details go to the log only). */
export function failureOf(err: unknown, what: string): RolloutFailure {
  if (!(err instanceof HttpError)) console.error(`${what} failed:`, err);
  return failureClassOf(err);
}
