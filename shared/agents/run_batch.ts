// POST /run_batch: the as-completed pattern of training loops. Rows run concurrently (at most
// `concurrency` at a time) and each outcome is written as one NDJSON line the moment it is known,
// tagged with the row's index; a rollout without a reward is a failure record, with what /run would
// have told of it (the status of its error, the verifier's echo).
import { failureOf, outcomeOf } from "./outcome.ts";
import { identityOf } from "./identity.ts";
import type { RolloutIdentity } from "./identity.ts";
import type { RunBatchLine, RunRequest, VerifyResponse } from "../schemas/run.ts";
import { HttpError } from "../server/errors.ts";

type Row = RunRequest & RolloutIdentity;

/** One rollout of a row, as /run runs it. */
export type RunRow = (row: Row) => Promise<VerifyResponse>;

async function outcome(index: number, row: Row, run: RunRow): Promise<RunBatchLine> {
  try {
    const result = await run(row);
    const line = outcomeOf(result);
    if ("result" in line) return { index, ...line };
    // What the verifier echoed stays on its failure (the model's response above all), as /run
    // answers it, so a judge that failed can be asked again; a reward it carried is dropped.
    const { reward: _reward, ...echoed } = result;
    return { index, failure: { ...echoed, ...line.failure } };
  } catch (err) {
    const failure = failureOf(err, `run_batch row ${index}`);
    // The status /run would have answered, where a caller of /run finds it: bad input (4xx) is
    // not worth asking again, an upstream's 5xx is.
    const status = err instanceof HttpError ? err.status : 500;
    return { index, failure: { ...failure, error: { status, ...(failure.error as object) }, ...identityOf(row) } };
  }
}

/**
 * Streams one line per row, with min(concurrency, rows) workers; `stopped` is called as each one
 * stops (no row left, or the caller gone), so a slot held per worker is given back.
 */
export function runBatch(rows: readonly Row[], run: RunRow, concurrency: number, stopped: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let next = 0;
  // A caller that hung up gets no more rollouts started on its behalf.
  let gone = false;
  const worker = async () => {
    while (next < rows.length && !gone) {
      const index = next++;
      const line = await outcome(index, rows[index]!, run);
      await writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {
        gone = true;
      });
    }
    stopped();
  };
  // `outcome` never throws, so every row has its line once the workers are done.
  void Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker)).then(() => writer.close().catch(() => {}));
  return readable;
}
