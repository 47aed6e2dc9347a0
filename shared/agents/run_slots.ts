// A cap on the rollouts one agent isolate runs at once (synchronous /run and /run_batch rows).
// Past it a request is refused at once rather than queued: each rollout held open costs memory and
// subrequests, and a queue would only move the wait where no deadline sees it. The refusal is a
// 503 marked unprocessed (SPEC "Failures on the wire"): nothing started, so a retry is safe.
import { UNPROCESSED_HEADER } from "../client/call.ts";
import { HttpError } from "../server/errors.ts";

/** What a refused caller is told to wait before trying again. */
export const OVERLOADED_RETRY_AFTER_S = 1;

export class RunSlots {
  #busy = 0;

  /** Takes up to `wanted` of the slots `cap` allows: at least one, or none (null) when all are busy. */
  take(wanted: number, cap: number): number | null {
    const free = cap - this.#busy;
    if (free <= 0) return null;
    const taken = Math.min(wanted, free);
    this.#busy += taken;
    return taken;
  }

  /** Gives one slot back. */
  give(): void {
    this.#busy--;
  }
}

/** The refusal past the cap. */
export function overloaded(cap: number): Response {
  const error = new HttpError(503, "overloaded", `this agent is running its maximum of ${cap} rollouts (max_concurrent_runs); nothing was started, retry after ${OVERLOADED_RETRY_AFTER_S} s`, {
    retry_after_s: OVERLOADED_RETRY_AFTER_S,
  });
  return Response.json(error.toJSON(), { status: 503, headers: { [UNPROCESSED_HEADER]: "1", "Retry-After": String(OVERLOADED_RETRY_AFTER_S) } });
}
