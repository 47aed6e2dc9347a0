// Calling another server: through a service binding for our own instances (over Workers RPC where
// the callee answers it: server/rpc.ts), by URL for things outside the deployment. Every call has a
// deadline that also covers reading the body, and is retried (bounded, exponential backoff with
// full jitter) only when it cannot have run (SPEC "Failures on the wire").
import { HttpError } from "../server/errors.ts";
import type { RpcAnswer, RpcRequest } from "../server/rpc.ts";
import type { CookieJar } from "./cookies.ts";
import type { Deadlines } from "./deadlines.ts";
import type { z } from "../zod.ts";
import { parseExact, safeParseExact } from "../json/exact.ts";

/** What a service binding offers; structural, so the client also runs outside workerd. */
export interface FetcherLike {
  fetch(request: Request): Promise<Response>;
}

/** A binding to a Worker's Rpc entrypoint (server/entrypoint.ts). */
interface RpcFetcher extends FetcherLike {
  post(request: RpcRequest): Promise<RpcAnswer>;
}

/** An HTTP answer as call() reads it: a Response, or what a transport gives instead. */
export type Answer = Pick<Response, "status" | "headers" | "text" | "body">;

/**
 * How a target reached by URL is called other than with fetch (the collector's keep-alive
 * node:http client, scripts/collect/http_transport.ts). It fails, as fetch does, with an error
 * before any answer when the connection was refused or reset, and aborts with `signal`.
 */
export interface HttpTransport {
  /** `stream`: the answer's body is wanted as it arrives (callStream), not read at once (call). */
  exchange(url: URL, init: { method: string; headers: Record<string, string>; body: string | undefined; signal: AbortSignal; stream: boolean }): Promise<Answer>;
}

export interface Target {
  /** The instance name, used in errors as the hop. */
  name: string;
  fetcher?: FetcherLike;
  url?: string;
  /** With `url`: what calls it, when not fetch. */
  transport?: HttpTransport;
  /**
   * With `url`: the fetch that reaches the network, when not the global one (locally, a network
   * service binding: scripts/stack/local.ts). It fails as the global fetch does, not as a service's.
   */
  network?: FetcherLike;
  /** Its Worker answers `call`s over RPC (our resources servers, model servers and gateways). */
  rpc?: boolean;
}

export interface CallOptions {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  /** A body already serialised as JSON, sent as is: relays need not parse and re-encode MBs. */
  bodyText?: string;
  /** A JSON body passed on as it arrives; it can be sent once, so such a call has `attempts: 1`. */
  bodyStream?: ReadableStream<Uint8Array>;
  deadlineMs: number;
  /** Total attempts, including the first. */
  attempts?: number;
  jar?: CookieJar;
  headers?: Record<string, string>;
  /** The caller's own request: when it is cancelled, this call is abandoned too. */
  signal?: AbortSignal;
  /** The timer the caller's calls share (a rollout's): `deadlineMs` is kept with it, not with a timer of this call's own. */
  deadlines?: Deadlines;
  /** Over RPC, the authenticated caller the call is for (RpcRequest.caller); an HTTP callee knows only whom it authenticates itself. */
  caller?: string;
}

export interface CallResult {
  status: number;
  text: string;
  headers: Headers;
  /** The answer already parsed (an RPC answer's value): what `jsonOf` gives without parsing `text`. */
  body?: unknown;
}

/** An answer whose body is still arriving; `done` settles once it has been read to the end. */
export interface StreamResult {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array>;
  /** Never rejects: `ok` is false when the body failed or the deadline cut it off. */
  done: Promise<{ ok: boolean; error?: string }>;
}

/** A 503 carrying this header promises the server did not start the request: safe to retry. */
export const UNPROCESSED_HEADER = "x-edge-gym-unprocessed";

const DEFAULT_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 2000;
/** How much of a failed answer's body an error message quotes. */
export const SNIPPET_CHARS = 300;

export function hopError(status: 502 | 503 | 504, hop: string, message: string): HttpError {
  const type = status === 504 ? "deadline_exceeded" : status === 503 ? "upstream_unavailable" : "bad_upstream_response";
  return new HttpError(status, type, message, { hop });
}

/** A call that failed without the target having started it: another target may take it. */
class UnprocessedError extends HttpError {
  /** The headers of the target's own refusal (a 503 marked unprocessed) when the last try got one. */
  refusal?: Headers;
}

export function isUnprocessed(err: unknown): err is HttpError {
  return err instanceof UnprocessedError;
}

/**
 * The headers (Retry-After...) of the refusal behind an unprocessed failure: set when the target
 * was up and refused the call itself, absent when no connection was made.
 */
export function refusalOf(err: unknown): Headers | undefined {
  return err instanceof UnprocessedError ? err.refusal : undefined;
}

class Retryable extends Error {
  /** As UnprocessedError's. */
  refusal?: Headers;
}

interface Sent {
  response: Answer;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

/** The caller's request was cancelled: nobody is left to read the answer. */
export function cancelledError(hop: string): HttpError {
  return new HttpError(499, "cancelled", `${hop}: the caller went away before the answer`, { hop });
}

async function send(target: Target, path: string, options: CallOptions, hop: string, stream = false): Promise<Sent> {
  if (options.signal?.aborted) throw cancelledError(hop);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.deadlineMs);
  options.signal?.addEventListener("abort", () => controller.abort(), { once: true });
  const headers: Record<string, string> = { ...options.headers };
  const body = options.bodyStream ?? options.bodyText ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["content-type"] = "application/json";
  const cookie = options.jar?.header();
  if (cookie) headers.cookie = cookie;
  const base = target.url ?? `https://${target.name}.internal`;
  const url = new URL(path, base.endsWith("/") ? base : `${base}/`);
  const method = options.method ?? "POST";
  try {
    if (target.transport && typeof body !== "object") {
      const response = await target.transport.exchange(url, { method, headers, body, signal: controller.signal, stream });
      // A transport may answer for the aborted call itself (the fleet relay's 499): the abort is the outcome.
      if (controller.signal.aborted) throw new Error("aborted");
      return { response, controller, timer };
    }
    const request = new Request(url, { method, headers, body, signal: controller.signal });
    const fetcher = target.fetcher ?? target.network;
    // Raced with the abort, so the deadline holds even against a callee that ignores the signal.
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
    return { response: await Promise.race([fetcher ? fetcher.fetch(request) : fetch(request), aborted]), controller, timer };
  } catch (err) {
    clearTimeout(timer);
    if (options.signal?.aborted) throw cancelledError(hop);
    if (controller.signal.aborted) throw hopError(504, hop, `${hop}: no response within ${options.deadlineMs} ms`);
    // Over the network, an error before any response byte means the connection was refused or
    // reset. Through a service binding, it is the callee's own exception: it may have run.
    if (!target.fetcher) throw new Retryable(`${hop}: connection failed: ${(err as Error).message}`);
    throw hopError(502, hop, `${hop}: ${(err as Error).message}`);
  }
}

const saysUnprocessed = (response: Answer) => response.status === 503 && response.headers.has(UNPROCESSED_HEADER);

// The body says why (paused, every endpoint down...): it goes into the final error.
const unprocessed = (hop: string, response: Answer, text: string) =>
  Object.assign(new Retryable(`${hop}: unavailable (503): ${text.slice(0, SNIPPET_CHARS)}`), { refusal: response.headers });

async function attempt(target: Target, path: string, options: CallOptions, hop: string): Promise<CallResult> {
  const { response, controller, timer } = await send(target, path, options, hop);
  try {
    const text = await response.text();
    options.jar?.absorb(response.headers);
    if (saysUnprocessed(response)) throw unprocessed(hop, response, text);
    return { status: response.status, text, headers: response.headers };
  } catch (err) {
    if (err instanceof Retryable) throw err;
    if (controller.signal.aborted) throw hopError(504, hop, `${hop}: response body not complete within ${options.deadlineMs} ms`);
    throw hopError(502, hop, `${hop}: response body failed: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

// The deadline keeps running while the caller reads the body, and ends it when it passes.
async function attemptStream(target: Target, path: string, options: CallOptions, hop: string): Promise<StreamResult> {
  const { response, controller, timer } = await send(target, path, options, hop, true);
  options.jar?.absorb(response.headers);
  if (saysUnprocessed(response)) {
    const text = await response.text().catch(() => "");
    clearTimeout(timer);
    throw unprocessed(hop, response, text);
  }
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const source = response.body ?? new Response("").body!;
  const done = source.pipeTo(pipe.writable).then(
    () => ({ ok: true }),
    (err: unknown) => ({
      ok: false,
      error: options.signal?.aborted
        ? cancelledError(hop).message
        : controller.signal.aborted
          ? `${hop}: response body not complete within ${options.deadlineMs} ms`
          : `${hop}: response body failed: ${(err as Error)?.message ?? String(err)}`,
    }),
  );
  return { status: response.status, headers: response.headers, body: pipe.readable, done: done.finally(() => clearTimeout(timer)) };
}

async function withRetries<T>(target: Target, path: string, options: CallOptions, run: (hop: string) => Promise<T>): Promise<T> {
  const hop = `${target.name}${path}`;
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  let last: Retryable | undefined;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** i)));
    try {
      return await run(hop);
    } catch (err) {
      if (!(err instanceof Retryable)) throw err;
      last = err;
    }
  }
  const error = new UnprocessedError(503, "upstream_unavailable", `${last!.message} (after ${attempts} attempt${attempts === 1 ? "" : "s"})`, { hop });
  throw Object.assign(error, { refusal: last!.refusal });
}

/** An RPC answer as a CallResult; its text and headers are made only if asked for. */
class RpcResult implements CallResult {
  readonly status: number;
  readonly body: unknown;
  readonly #answer: RpcAnswer;
  #text?: string;
  #headers?: Headers;

  constructor(answer: RpcAnswer) {
    this.#answer = answer;
    this.status = answer.status;
    this.body = answer.text === undefined ? (answer.body ?? null) : undefined;
  }

  get text(): string {
    return (this.#text ??= this.#answer.text ?? JSON.stringify(this.body));
  }

  get headers(): Headers {
    return (this.#headers ??= new Headers(this.#answer.headers));
  }
}

/** Whether `call` reaches the target over RPC. */
export function isRpc(target: Target): target is Target & { fetcher: RpcFetcher } {
  return target.rpc === true && typeof (target.fetcher as Partial<RpcFetcher> | undefined)?.post === "function";
}

// The callee bounds its own work by what is left of the deadline (RpcRequest.timeoutMs); the caller
// stops waiting then, whatever the callee does.
async function rpcAttempt(target: Target & { fetcher: RpcFetcher }, path: string, options: CallOptions, hop: string): Promise<CallResult> {
  if (options.signal?.aborted) throw cancelledError(hop);
  const request: RpcRequest = { path, body: options.body, session: options.jar?.session, cookie: options.jar?.header(), headers: options.headers, timeoutMs: options.deadlineMs, caller: options.caller };
  const expired = () => hopError(504, hop, `${hop}: no response within ${options.deadlineMs} ms`);
  let answer: RpcAnswer;
  try {
    const sent = target.fetcher.post(request);
    answer = await (options.deadlines ? options.deadlines.race(sent, options.deadlineMs, expired) : raceOnce(sent, options.deadlineMs, expired));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The callee's own exception (or the binding's): it may have run.
    throw hopError(502, hop, `${hop}: ${(err as Error).message}`);
  }
  options.jar?.keep(answer.session);
  if (answer.setCookies) options.jar?.absorbLines(answer.setCookies);
  const result = new RpcResult(answer);
  if (answer.unprocessed) throw Object.assign(new Retryable(`${hop}: unavailable (${answer.status}): ${result.text.slice(0, SNIPPET_CHARS)}`), { refusal: result.headers });
  return result;
}

async function raceOnce<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
  let timer!: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expired()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function call(target: Target, path: string, options: CallOptions): Promise<CallResult> {
  if (isRpc(target)) return withRetries(target, path, options, (hop) => rpcAttempt(target, path, options, hop));
  return withRetries(target, path, options, (hop) => attempt(target, path, options, hop));
}

/** As `call`, but the body is handed over as it arrives (SSE relays). */
export function callStream(target: Target, path: string, options: CallOptions): Promise<StreamResult> {
  return withRetries(target, path, options, (hop) => attemptStream(target, path, options, hop));
}

/**
 * The error a non-2xx answer from a hop stands for. A 4xx is the caller's bad input, relayed as
 * such; an upstream 503/504 keeps its status; any other failure is a bad upstream answer (502).
 */
export function answerError(result: CallResult, hop: string): HttpError {
  const { status, text } = result;
  if (status >= 400 && status < 500) {
    return new HttpError(status === 413 ? 413 : 400, "invalid_request", `${hop} rejected the request (${status}): ${text.slice(0, 1000)}`, { hop });
  }
  return hopError(status === 503 || status === 504 ? status : 502, hop, `${hop} answered ${status}: ${text.slice(0, 1000)}`);
}

/** Parse a JSON answer from a hop (with `parse`); a non-2xx answer throws its `answerError`. */
export function jsonOf(result: CallResult, hop: string, parse: (text: string) => unknown = JSON.parse): unknown {
  const { status } = result;
  if (status < 200 || status >= 300) throw answerError(result, hop);
  if (result.body !== undefined) return result.body;
  const { text } = result;
  try {
    return parse(text);
  } catch {
    throw hopError(502, hop, `${hop} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * A hop's JSON answer as `schema` reads it; one it does not is a bad upstream answer (502) saying
 * `problem`. An RPC answer is our own Worker's value, made in that shape (server/rpc.ts): it is
 * taken as it is. Its numbers are read exactly, as a body's are: a verify answer echoes the row.
 */
export function checkedJson<S extends z.ZodType>(result: CallResult, hop: string, schema: S, problem: (error: z.ZodError) => string): z.infer<S> {
  const answer = jsonOf(result, hop, parseExact);
  if (result.body !== undefined) return answer as z.infer<S>;
  const parsed = safeParseExact(schema, answer);
  if (!parsed.success) throw hopError(502, hop, problem(parsed.error));
  return parsed.data;
}
