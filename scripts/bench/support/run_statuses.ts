// Every answer an agent's /run gave this process, by status, while a collection runs in it: the
// collector calls the global fetch, so wrapping it sees each try, the retried refusals too, which
// the collector's summary folds away. A 503 marked unprocessed (x-edge-gym-unprocessed) is an
// agent past max_concurrent_runs refusing before it started anything; counted apart from other 503s.
import { UNPROCESSED_HEADER } from "../../../shared/client/call.ts";

export interface RunStatuses {
  /** "200", "503 unprocessed", "503", "error" (no answer: refused or reset connection), ... */
  counts: Record<string, number>;
  /** Puts the global fetch back. */
  restore(): void;
}

export function tallyRunStatuses(): RunStatuses {
  const original = globalThis.fetch;
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!new URL(url).pathname.endsWith("/run")) return original(input, init);
    try {
      const response = await original(input, init);
      count(response.status === 503 && response.headers.has(UNPROCESSED_HEADER) ? "503 unprocessed" : String(response.status));
      return response;
    } catch (err) {
      count("error");
      throw err;
    }
  };
  return { counts, restore: () => (globalThis.fetch = original) };
}

/** The statuses that are neither a success nor a marked refusal the collector may retry. */
export const unexpected = (counts: Record<string, number>) => Object.keys(counts).filter((k) => k !== "200" && k !== "503 unprocessed");
