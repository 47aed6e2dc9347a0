// A resources server that could not do what the rollout needed (run a tool, step the episode:
// its sandbox or database down, a crash) ends the rollout as an infrastructure failure, with the
// server's error type as its failure class: a model that never got its answer must not be scored.
import { SNIPPET_CHARS } from "../client/call.ts";
import type { CallResult } from "../client/call.ts";
import { HttpError } from "../server/errors.ts";

/** `fallbackType` when the answer is not our error shape. */
export function serverFailure(hop: string, result: CallResult, fallbackType: string): HttpError {
  let type = fallbackType;
  try {
    const declared = (JSON.parse(result.text) as { error?: { type?: unknown } }).error?.type;
    if (typeof declared === "string" && declared !== "") type = declared;
  } catch {
    // Not our error shape: the generic class.
  }
  return new HttpError(502, type, `${hop} answered ${result.status}: ${result.text.slice(0, SNIPPET_CHARS)}`, { hop });
}
