// One request to one container, under a deadline, and its answer sorted by who gave it: the
// sandbox server in the container (always JSON) passes through as it is; anything else (no
// container could be had, the container went away, the deadline passed) is the platform failing,
// answered 503 so the caller scores it `sandbox_failed`, never as the program's result.
import { UNPROCESSED_HEADER, call } from "../../../shared/client/call.ts";
import type { FetcherLike } from "../../../shared/client/call.ts";
import { HttpError } from "../../../shared/server/errors.ts";

/** What the Worker uses of a container's Durable Object stub (the library's Container methods). */
export interface ContainerStub extends FetcherLike {
  getState(): Promise<{ status: string }>;
  stop(): Promise<void>;
}

export interface ContainerNamespace {
  getByName(name: string): ContainerStub;
}

/**
 * Getting a container placed, booted and listening takes the library up to ~28 s (8 s to be given
 * an instance, 20 s in all for the port): a cold start must fit in every deadline.
 */
export const START_ALLOWANCE_S = 30;

// Asking a container's object for its state involves no container: a few seconds is plenty.
const STATE_DEADLINE_MS = 5000;

// The library proxies any URL to the container's port; only the path reaches the server.
const CONTAINER_ORIGIN = "http://container";

export interface Forward {
  method: "POST" | "DELETE";
  path: string;
  bodyText?: string;
  deadlineS: number;
  /** The caller's request: when it goes away, so does this one. */
  signal?: AbortSignal;
}

export function unavailable(type: string, message: string, unprocessed = false): Response {
  return Response.json(new HttpError(503, type, message).toJSON(), { status: 503, headers: unprocessed ? { [UNPROCESSED_HEADER]: "1" } : {} });
}

const fromSandbox = (answer: { headers: Headers }) => answer.headers.get("content-type")?.startsWith("application/json") ?? false;

/** A deadline passed: the work may still be going on, but nobody waits for it. */
class Late extends Error {}

/** `work`, or Late once `ms` pass: kept even when the callee ignores the abort it was sent. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let giveUp!: (err: Error) => void;
  const late = new Promise<never>((_, reject) => (giveUp = reject));
  const timer = setTimeout(() => giveUp(new Late(`${what}: no answer within ${ms} ms`)), ms);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function forward(container: string, stub: ContainerStub, request: Forward): Promise<Response> {
  const name = `container ${container}`;
  const deadlineMs = request.deadlineS * 1000;
  let answer;
  try {
    const sent = call({ name, url: CONTAINER_ORIGIN, fetcher: stub }, request.path, {
      method: request.method,
      bodyText: request.bodyText,
      deadlineMs,
      attempts: 1,
      signal: request.signal,
    });
    answer = await within(sent, deadlineMs, `${name}${request.path}`);
  } catch (err) {
    const late = err instanceof Late || (err as HttpError).status === 504;
    return unavailable(late ? "deadline_exceeded" : "container_unavailable", (err as Error).message);
  }
  if (!fromSandbox(answer)) {
    // The library's 503 (no container to be had: all busy, or still provisioning) and 429 (too
    // many starts) come before the request reaches any container: safe for the caller to retry.
    const unprocessed = answer.status === 503 || answer.status === 429;
    return unavailable("container_unavailable", `${name}${request.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`, unprocessed);
  }
  return new Response(answer.text, { status: answer.status, headers: { "content-type": "application/json" } });
}

/** The container's state as its object keeps it (`healthy`, `stopped`, ...): asking starts no container. */
export async function stateOf(container: string, stub: ContainerStub): Promise<string> {
  return (await within(stub.getState(), STATE_DEADLINE_MS, `container ${container}: its state`)).status;
}
