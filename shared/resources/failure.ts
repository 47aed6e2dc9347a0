// A verifier that cannot decide (its judge model is down, answers nonsense, runs out of time) must
// not score the row: it throws VerifierFailure, and /verify answers 200 with `_ng_failure_class`
// and no reward, so the collector routes the row to the failures file (SPEC "Verify contract").
import { HttpError } from "../server/errors.ts";

export class VerifierFailure extends Error {
  readonly failureClass: string;

  constructor(failureClass: string, message: string) {
    super(message);
    this.failureClass = failureClass;
  }
}

/**
 * Runs a handler the agent waits on (a tool call, an episode step). A VerifierFailure there means
 * the server could not do its job (its sandbox or database is down): not something for the model
 * to read and be scored on, so it is a 503 with the failure class, and the agent ends the rollout
 * as that infrastructure failure.
 */
export async function unavailableOnFailure<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof VerifierFailure) throw new HttpError(503, err.failureClass, err.message);
    throw err;
  }
}
