// Calling another server: through a service binding for our own instances, by URL for things
// outside the deployment. Every call has a deadline that also covers reading the body, and is
// retried (bounded, exponential backoff with full jitter) only when it cannot have run
// (SPEC "Failures on the wire").
import { HttpError } from "../server/errors.ts";
import type { CookieJar } from "./cookies.ts";

/** What a service binding offers; structural, so the client also runs outside workerd. */
export interface FetcherLike {
  fetch(request: Request): Promise<Response>;
}

export interface Target {
  /** The instance name, used in errors as the hop. */
  name: string;
  fetcher?: FetcherLike;
  url?: string;
}

export interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  deadlineMs: number;
  /** Total attempts, including the first. */
  attempts?: number;
  jar?: CookieJar;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  text: string;
  headers: Headers;
}

/** A 503 carrying this header promises the server did not start the request: safe to retry. */
export const UNPROCESSED_HEADER = "x-edge-gym-unprocessed";

const DEFAULT_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 2000;

export function hopError(status: 502 | 503 | 504, hop: string, message: string): HttpError {
  const type = status === 504 ? "deadline_exceeded" : status === 503 ? "upstream_unavailable" : "bad_upstream_response";
  return new HttpError(status, type, message, { hop });
}

class Retryable extends Error {}

async function attempt(target: Target, path: string, options: CallOptions, hop: string): Promise<CallResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.deadlineMs);
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const cookie = options.jar?.header();
  if (cookie) headers.cookie = cookie;
  const base = target.url ?? `https://${target.name}.internal`;
  const request = new Request(new URL(path, base.endsWith("/") ? base : `${base}/`), {
    method: options.method ?? "POST",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: controller.signal,
  });
  let response: Response;
  try {
    response = await (target.fetcher ? target.fetcher.fetch(request) : fetch(request));
  } catch (err) {
    clearTimeout(timer);
    if (controller.signal.aborted) throw hopError(504, hop, `${hop}: no response within ${options.deadlineMs} ms`);
    // Over the network, an error before any response byte means the connection was refused or
    // reset. Through a service binding, it is the callee's own exception: it may have run.
    if (!target.fetcher) throw new Retryable(`${hop}: connection failed: ${(err as Error).message}`);
    throw hopError(502, hop, `${hop}: ${(err as Error).message}`);
  }
  try {
    const text = await response.text();
    options.jar?.absorb(response.headers);
    if (response.status === 503 && response.headers.has(UNPROCESSED_HEADER)) throw new Retryable(`${hop}: unavailable (503)`);
    return { status: response.status, text, headers: response.headers };
  } catch (err) {
    if (err instanceof Retryable) throw err;
    if (controller.signal.aborted) throw hopError(504, hop, `${hop}: response body not complete within ${options.deadlineMs} ms`);
    throw hopError(502, hop, `${hop}: response body failed: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

export async function call(target: Target, path: string, options: CallOptions): Promise<CallResult> {
  const hop = `${target.name}${path}`;
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  let last = "";
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** i)));
    try {
      return await attempt(target, path, options, hop);
    } catch (err) {
      if (!(err instanceof Retryable)) throw err;
      last = err.message;
    }
  }
  throw hopError(503, hop, `${last} (after ${attempts} attempts)`);
}

/**
 * Parse a JSON answer from a hop. A 4xx is the caller's bad input, relayed as such; an upstream
 * 503/504 keeps its status; any other failure is a bad upstream answer (502).
 */
export function jsonOf(result: CallResult, hop: string): unknown {
  const { status, text } = result;
  if (status >= 400 && status < 500) {
    throw new HttpError(status === 413 ? 413 : 400, "invalid_request", `${hop} rejected the request (${status}): ${text.slice(0, 1000)}`, { hop });
  }
  if (status < 200 || status >= 300) {
    throw hopError(status === 503 || status === 504 ? status : 502, hop, `${hop} answered ${status}: ${text.slice(0, 1000)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw hopError(502, hop, `${hop} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}
