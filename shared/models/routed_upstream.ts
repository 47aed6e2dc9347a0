// An API outside the deployment (OpenAI, Azure OpenAI, any compatible host), reached through the
// instance's router Durable Object: it holds the concurrency limit for every isolate of the server
// at once (a per-isolate counter would multiply with the isolates), queueing requests beyond it.
import { answerError, hopError, jsonOf } from "../client/call.ts";
import type { CallResult } from "../client/call.ts";
import { relay } from "../fleet/relay.ts";
import type { RelayContext, RouterClient } from "../fleet/relay.ts";
import { LEASE_TTL_MS } from "../fleet/router.ts";
import type { RouterConfig } from "../fleet/router.ts";
import type { Context } from "hono";
import type { AppEnv, BaseBindings } from "../server/app.ts";
import { HttpError } from "../server/errors.ts";
import type { z } from "../zod.ts";

export interface RouterBindings {
  /** A FleetRouterDO namespace (the Worker exports the class). */
  ROUTER?: DurableObjectNamespace;
  /** The way to the network, when not the global fetch (Target.network). */
  NETWORK?: Fetcher;
}

/** What a request to the upstream needs of the call it serves: an HTTP request's (`httpCall`), or an RPC call's (server/rpc.ts). */
export interface UpstreamCall<E> {
  env: E;
  waitUntil(promise: Promise<unknown>): void;
  /** The caller's cancellation: once it aborts, the upstream request is abandoned. */
  signal?: AbortSignal;
}

export function httpCall<E extends object>(c: Context<AppEnv<E & BaseBindings>>): UpstreamCall<E> {
  return { env: c.env, waitUntil: (promise) => c.executionCtx.waitUntil(promise), signal: c.req.raw.signal };
}

export interface UpstreamOptions {
  /** The API's base URL; request paths are relative to it. */
  base: string;
  /** Requests at once across every isolate; null or undefined: no limit. */
  maxConcurrent?: number | null;
  /** Sent with every request (credentials, default headers). */
  headers: Record<string, string>;
  timeoutS: number;
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function routedUpstream(options: UpstreamOptions, env: RouterBindings, ctx: Pick<ExecutionContext, "waitUntil">): RelayContext {
  if (!env.ROUTER) throw new HttpError(500, "misconfigured", "no Durable Object binding ROUTER (class FleetRouterDO) for the concurrency limit");
  const base = options.base.replace(/\/+$/, "");
  const routing: RouterConfig = {
    endpoints: [base],
    maxInFlight: options.maxConcurrent ?? UNLIMITED,
    ejectAfterFailures: 3,
    ejectMs: 30_000,
    leaseMs: LEASE_TTL_MS,
    sessionTtlMs: 3_600_000,
    probe: null,
    // No pinned requests here: every request takes a lease.
    viewTtlMs: 0,
    requestTimeoutMs: options.timeoutS * 1000,
  };
  return {
    router: env.ROUTER.get(env.ROUTER.idFromName("upstream")) as unknown as RouterClient,
    config: routing,
    headers: options.headers,
    timeoutMs: options.timeoutS * 1000,
    waitUntil: (promise) => ctx.waitUntil(promise),
    hop: base,
    network: env.NETWORK,
  };
}

/**
 * An upstream refusal as the error it is: 429 is "try later" (503), 401/403 are this server's
 * credentials (502), other 4xx the caller's request (400), 5xx the upstream's failure.
 */
export function upstreamFailure(result: CallResult, hop: string): HttpError {
  const snippet = result.text.slice(0, 1000);
  if (result.status === 429) return hopError(503, hop, `${hop} is rate limiting (429): ${snippet}`);
  if (result.status === 401 || result.status === 403) return hopError(502, hop, `${hop} refused this server's credentials (${result.status}): ${snippet}`);
  return answerError(result, hop);
}

/** POSTs `body` to `path`; the answer is streaming still, and a refusal is thrown as the error it is. */
export async function post(upstream: RelayContext, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const answer = await relay(upstream, { method: "POST", path, bodyText: JSON.stringify(body), signal });
  if (!answer.ok) throw upstreamFailure({ status: answer.status, text: await answer.text(), headers: answer.headers }, hopOf(upstream, path));
  return answer;
}

/** The hop named in errors: the endpoint's URL. */
export function hopOf(upstream: RelayContext, path: string): string {
  return `${upstream.hop}/${path}`;
}

/** A 200's body as `schema` says it must be; anything else is a bad upstream answer (502). */
export async function readAnswer<S extends z.ZodType>(answer: Response, schema: S, what: string, hop: string): Promise<z.infer<S>> {
  const parsed = schema.safeParse(jsonOf({ status: answer.status, text: await answer.text(), headers: answer.headers }, hop));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw hopError(502, hop, `${hop} answered a body that is not ${what}: ${issue?.path.join(".")}${issue?.path.length ? ": " : ""}${issue?.message}`);
  }
  return parsed.data;
}
