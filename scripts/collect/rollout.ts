// One rollout through an agent's /run, retried a bounded number of times. A whole rollout may run
// again: it starts from a fresh session, so a repeat is a new sample, never a double side effect;
// but not after its judge failed, which would swap an answer the judge could not grade for another.
// What comes back without a reward is a failure with a class, never a reward of 0. An agent that
// refuses the rollout itself because it is busy (a 503 marked unprocessed: nothing started) is
// asked again later without that counting as an attempt, within bounds of its own.
import { call, refusalOf } from "../../shared/client/call.ts";
import type { Target } from "../../shared/client/call.ts";
import { JUDGE_FAILED } from "../../shared/judge/call.ts";
import { ATTEMPT_INDEX_KEY, FAILURE_CLASS_KEY, FAILURE_TERMINAL_KEY } from "../../shared/schemas/run.ts";
import { HttpError } from "../../shared/server/errors.ts";
import { asDouble, parseExact } from "../../shared/json/exact.ts";

/**
 * A result's wall time in milliseconds (its attempts included), on its line in X.jsonl for the
 * report's duration chart. NeMo Gym's readers keep keys they do not know; our own prefix says
 * whose it is. The reward profile describes it like any numeric field; /aggregate_metrics is not
 * sent it (aggregate.ts), so the environment's metrics stay what NeMo Gym's lines would give.
 */
export const DURATION_KEY = "_eg_duration_ms";

export interface Failure {
  [FAILURE_CLASS_KEY]: string;
  error: unknown;
  /** Set when asking again cannot help (bad input): NeMo Gym's resume skips these. */
  [FAILURE_TERMINAL_KEY]?: true;
}

/** `attemptIndex`: the `_ng_attempt_index` of the attempt that ended it. */
export type Outcome = { result: Record<string, unknown>; attemptIndex: number } | { failure: Failure; attempts: number; attemptIndex: number } | { abandoned: true };

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 30_000;
const RETRY_AFTER_CAP_S = 120;
/** Refusals by a busy agent waited out per rollout before one counts as a failed attempt. */
export const DEFAULT_MAX_REFUSALS = 20;

export interface Attempt {
  result?: Record<string, unknown>;
  failure?: Failure;
  /** Bad input gives the same answer every time: no point asking again. */
  final?: boolean;
  retryAfterMs?: number;
  /** The agent refused the rollout before starting it; what it asked to wait (Retry-After). */
  refusedForMs?: number;
}

function retryAfterMs(headers: Headers): number {
  const seconds = Number(headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, RETRY_AFTER_CAP_S) * 1000 : BACKOFF_BASE_MS;
}

// Exact: the result echoes the row, and goes to X.jsonl as it came.
const parse = (text: string): unknown => {
  try {
    return parseExact(text);
  } catch {
    return undefined;
  }
};

async function attempt(agent: Target, body: unknown, options: RolloutOptions): Promise<Attempt> {
  let status: number;
  let text: string;
  let headers: Headers;
  try {
    ({ status, text, headers } = await call(agent, "/run", { body, deadlineMs: options.deadlineMs, headers: options.headers }));
  } catch (err) {
    const refusal = refusalOf(err);
    if (err instanceof HttpError) {
      // A refusal was the agent's own answer (it is up): its status says so.
      const error = refusal ? { status: 503, ...err.toJSON().error } : err.toJSON().error;
      return { failure: { [FAILURE_CLASS_KEY]: err.type, error }, ...(refusal ? { refusedForMs: retryAfterMs(refusal) } : {}) };
    }
    return { failure: { [FAILURE_CLASS_KEY]: "transport", error: (err as Error).message } };
  }
  const parsed = parse(text) as Record<string, unknown> | undefined;
  if (status !== 200) {
    const error = parsed?.error && typeof parsed.error === "object" ? (parsed.error as Record<string, unknown>) : { message: text.slice(0, 1000) };
    return errorAnswer(status, error, () => retryAfterMs(headers));
  }
  if (!parsed || typeof parsed !== "object") return { failure: { [FAILURE_CLASS_KEY]: "bad_response", error: `/run answered 200 with a body that is not a JSON object: ${text.slice(0, 200)}` } };
  return verified(parsed);
}

/** A /run error answer (`status`, its body's `error`): what it means for asking again. */
function errorAnswer(status: number, error: Record<string, unknown>, retryAfter: () => number): Attempt {
  const type = typeof error.type === "string" ? error.type : `http_${status}`;
  // A rate limit refused the rollout before it ran: asking again later is safe.
  if (status === 429) return { failure: { [FAILURE_CLASS_KEY]: type, error: { status, ...error } }, retryAfterMs: retryAfter() };
  // Bad input is terminal (NeMo Gym's flag): no later run should ask again either. A judge that
  // gave up is final in this run only: a resumed one may find it back.
  if (status < 500) return { failure: { [FAILURE_CLASS_KEY]: type, error: { status, ...error }, [FAILURE_TERMINAL_KEY]: true }, final: true };
  return { failure: { [FAILURE_CLASS_KEY]: type, error: { status, ...error } } };
}

/** A /run result (a 200's body): a reward, or the failure its verifier reported. */
function verified(parsed: Record<string, unknown>): Attempt {
  if (typeof parsed[FAILURE_CLASS_KEY] === "string") {
    const failureClass = parsed[FAILURE_CLASS_KEY];
    // The judge was already asked again (shared/judge/call.ts); running the rollout again would only
    // draw a new answer, and keep the samples the judge could grade: the failure is reported instead.
    // Its line keeps what the verifier echoed (the model's `response` above all), as NeMo Gym's
    // failures sidecar does, so `eval reverify --judge-failed-only` can ask the judge again; a
    // reward it may carry is dropped: a failure is never scored.
    const echoed: Record<string, unknown> = { ...parsed };
    delete echoed.reward;
    return { failure: { ...echoed, [FAILURE_CLASS_KEY]: failureClass, error: parsed.error ?? null }, final: failureClass === JUDGE_FAILED };
  }
  // A reward is a double, whoever wrote it (a Python agent's 1.0 is read exactly, as a Number object).
  const reward = asDouble(parsed.reward);
  if (reward === undefined) return { failure: { [FAILURE_CLASS_KEY]: "no_reward", error: "the /run result has no numeric reward" } };
  return { result: { ...parsed, reward } };
}

/**
 * A /run_batch line's outcome as the same row's /run answer would have been: a result is a 200's
 * body; a failure whose `error` holds a status is that error answer; any other failure is a result
 * its verifier could not decide. Undefined for a line that is none of these.
 */
export function batchLineAttempt(line: Record<string, unknown>): Attempt | undefined {
  const { result, failure } = line;
  if (result && typeof result === "object") return verified(result as Record<string, unknown>);
  if (!failure || typeof failure !== "object" || typeof (failure as Record<string, unknown>)[FAILURE_CLASS_KEY] !== "string") return undefined;
  const { [FAILURE_CLASS_KEY]: type, error } = failure as Record<string, unknown>;
  if (error && typeof error === "object" && typeof (error as { status?: unknown }).status === "number") {
    const { status, ...rest } = error as Record<string, unknown> & { status: number };
    return errorAnswer(status, { type, ...rest }, () => BACKOFF_BASE_MS);
  }
  return verified(failure as Record<string, unknown>);
}

export interface RolloutOptions {
  deadlineMs: number;
  maxAttempts: number;
  headers?: Record<string, string>;
  /** Once true, no new attempt starts. */
  stopped: () => boolean;
  /** Refusals by a busy agent waited out (not counted as attempts) before one counts; DEFAULT_MAX_REFUSALS. */
  maxRefusals?: number;
  /** The `_ng_attempt_index` of the first attempt (a resumed run's attempts follow the earlier runs'); 0. */
  firstAttemptIndex?: number;
}

// Full jitter: rollouts that failed (or were refused) together do not all come back together.
const jitter = (retries: number) => Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retries);

/** `first`: the first attempt's outcome, when it was made elsewhere (a /run_batch line). */
export async function runRollout(agent: Target, body: unknown, options: RolloutOptions, first?: Attempt): Promise<Outcome> {
  // Refusals are waited out until the rollout's own deadline, counted from its first try.
  const giveUpAt = Date.now() + options.deadlineMs;
  let refusals = 0;
  for (let attempts = 1; ; ) {
    // Each attempt is numbered: the agent's answer says which one it is, so a trainer (or this
    // collector) never takes an older attempt's answer for a newer one's. A refusal started nothing: same number.
    const attemptIndex = (options.firstAttemptIndex ?? 0) + attempts - 1;
    const given = attempts === 1 && refusals === 0 ? first : undefined;
    const outcome = given ?? (await attempt(agent, { ...(body as object), [ATTEMPT_INDEX_KEY]: attemptIndex }, options));
    if (outcome.result) return { result: outcome.result, attemptIndex };
    let wait: number;
    const refusedWait = outcome.refusedForMs === undefined ? undefined : outcome.refusedForMs + jitter(refusals);
    if (refusedWait !== undefined && refusals < (options.maxRefusals ?? DEFAULT_MAX_REFUSALS) && Date.now() + refusedWait < giveUpAt) {
      refusals++;
      wait = refusedWait;
    } else {
      if (outcome.final || attempts >= options.maxAttempts) return { failure: outcome.failure!, attempts, attemptIndex };
      wait = outcome.retryAfterMs ?? jitter(attempts - 1);
      attempts++;
    }
    if (options.stopped()) return { abandoned: true };
    await new Promise((r) => setTimeout(r, wait));
    if (options.stopped()) return { abandoned: true };
  }
}
