// Rollouts' first attempts, many per request: POST /run_batch, its NDJSON lines read as each
// rollout ends. One exchange carries a batch instead of one per rollout: at concurrency 50 that is
// about 0.2 CPU-ms less per rollout in workerd and 0.06 in the collector (an incoming request is a
// runtime event of its own, and an HTTP exchange each side). Each line becomes the attempt the same
// row's /run answer would have been (rollout.ts), so retries, failures and resume are /run's.
import { request } from "undici";
import type { Dispatcher } from "undici";
import { FAILURE_CLASS_KEY } from "../../shared/schemas/run.ts";
import type { Target } from "../../shared/client/call.ts";
import { parseExact } from "../../shared/json/exact.ts";
import { dispatcher } from "./http_transport.ts";
import { batchLineAttempt } from "./rollout.ts";
import type { Attempt } from "./rollout.ts";

/**
 * What became of a batch: `started` false when the agent ran none of it (any answer but a 200 with
 * lines: a refusal, bad input, an agent without /run_batch; or no connection at all); else each
 * row's attempt, through `onLine` as it came, and for rows that got no line the failure /run would
 * have met (the answer cut off, or silent for `idleMs`), so their rollouts go on as after it.
 */
export type BatchEnd = { started: false; status: number | null } | { started: true };

const isTimeout = (err: unknown) => ["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"].includes((err as { code?: string }).code ?? "");

export async function postBatch(agent: Target, bodies: readonly unknown[], options: { idleMs: number; headers?: Record<string, string> }, onLine: (index: number, attempt: Attempt) => void): Promise<BatchEnd> {
  const hop = `${agent.name}/run_batch`;
  // As call() reports a /run that met the same end.
  const failed = (type: string, message: string): Attempt => ({ failure: { [FAILURE_CLASS_KEY]: type, error: { type, message: `${hop}: ${message}`, hop } } });
  const answered = new Set<number>();
  const give = (index: number, attempt: Attempt) => {
    if (!Number.isInteger(index) || index < 0 || index >= bodies.length || answered.has(index)) return;
    answered.add(index);
    onLine(index, attempt);
  };
  const rest = (attempt: Attempt) => {
    for (let i = 0; i < bodies.length; i++) give(i, attempt);
  };
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(`${agent.url}/run_batch`, {
      method: "POST",
      headers: { "content-type": "application/json", ...options.headers },
      body: JSON.stringify({ rows: bodies }),
      dispatcher,
      // Lines come as rollouts end: a batch may rightly take longer than one rollout, but never
      // stays silent longer than one may take.
      headersTimeout: options.idleMs,
      bodyTimeout: options.idleMs,
    });
  } catch (err) {
    if (isTimeout(err)) {
      rest(failed("deadline_exceeded", `no response within ${options.idleMs} ms`));
      return { started: true };
    }
    // No answer at all (refused, reset): /run's calls try again, and say so if the agent is gone.
    return { started: false, status: null };
  }
  if (answer.statusCode !== 200) {
    await answer.body.dump().catch(() => {});
    return { started: false, status: answer.statusCode };
  }
  try {
    let pending = "";
    for await (const chunk of answer.body.setEncoding("utf8")) {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf("\n")) >= 0) {
        const text = pending.slice(0, end);
        pending = pending.slice(end + 1);
        // Exact: a result echoes its row, and goes to X.jsonl as it came.
        let line: unknown;
        try {
          line = parseExact(text);
        } catch {
          continue;
        }
        const attempt = line && typeof line === "object" ? batchLineAttempt(line as Record<string, unknown>) : undefined;
        if (attempt) give(Number((line as { index?: unknown }).index), attempt);
      }
    }
  } catch (err) {
    rest(isTimeout(err) ? failed("deadline_exceeded", `no line within ${options.idleMs} ms`) : failed("bad_upstream_response", `response body failed: ${(err as Error).message}`));
    return { started: true };
  }
  // A 200 without one line of ours is not an agent of ours: nothing it said was a rollout.
  if (answered.size === 0) return { started: false, status: 200 };
  rest(failed("bad_upstream_response", "the answer ended without this row's line"));
  return { started: true };
}
