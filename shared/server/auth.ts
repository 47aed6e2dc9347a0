// Bearer auth for public Workers (agents, head). The deploy sets AUTH_MODE = "bearer", the secret
// AUTH_TOKENS and a Rate Limiting binding RATE_LIMITER on them; internal Workers are reached only
// through service bindings and run without AUTH_MODE. A local stack started with tokens sets them on
// every Worker, since each has a loopback port there: calls through a service binding (our own
// Workers') stay free of the token. Liveness (`GET /`) stays open. Bearer mode without tokens or
// without RATE_LIMITER fails closed: every route is a 500 "misconfigured", never open.
import type { Context, MiddlewareHandler } from "hono";
import { z } from "../zod.ts";
import { AuthTokensError, bearerToken, callerName, parseAuthTokens } from "./auth_tokens.ts";
import { digestsEqual, secretDigest } from "./constant_time.ts";
import { HttpError } from "./errors.ts";

export interface AuthBindings {
  AUTH_MODE?: string;
  AUTH_TOKENS?: string;
  RATE_LIMITER?: RateLimit;
}

export interface AuthVariables {
  /** The authenticated caller's token name, for logs; unset in open mode. */
  caller?: string;
}

const AuthMode = z.enum(["open", "bearer"]).default("open");

// The binding reports no reset time; its periods are 10 or 60 s, so 60 s is always long enough.
export const RETRY_AFTER_S = 60;

const REALM = 'Bearer realm="edge-gym"';

interface Credential {
  caller: string;
  digest: ArrayBuffer;
}

// Per isolate and per AUTH_TOKENS value: the digests are made once, not on every request.
const credentialsByValue = new Map<string, Promise<Credential[]>>();

// Contexts of requests that came in through a Worker's Rpc entrypoint (entrypoint.ts). Only a service
// binding reaches that entrypoint, and only our own Workers hold one: the deployment's own calls.
const ownWorkerContexts = new WeakSet<object>();

/** Marks a request context as one a service binding opened (the Rpc entrypoint's): bearer auth lets it through. */
export function fromOwnWorker(ctx: object): void {
  ownWorkerContexts.add(ctx);
}

function isFromOwnWorker(c: Context): boolean {
  try {
    return ownWorkerContexts.has(c.executionCtx);
  } catch {
    // No execution context (an app called directly): not a service binding's request.
    return false;
  }
}

function misconfigured(message: string): HttpError {
  return new HttpError(500, "misconfigured", `bearer auth is misconfigured on this server: ${message}`);
}

function credentials(value = ""): Promise<Credential[]> {
  const cached = credentialsByValue.get(value);
  if (cached) return cached;
  let entries;
  try {
    entries = parseAuthTokens(value);
  } catch (err) {
    if (err instanceof AuthTokensError) throw misconfigured(err.message);
    throw err;
  }
  const made = Promise.all(entries.map(async (e) => ({ caller: await callerName(e), digest: await secretDigest(e.token) })));
  credentialsByValue.set(value, made);
  return made;
}

/** The caller a bearer header authenticates, or null. Every credential is compared: no early exit. */
async function authenticate(header: string | undefined, known: Credential[]): Promise<string | null> {
  const token = bearerToken(header);
  if (token === undefined) return null;
  const given = await secretDigest(token);
  let caller: string | null = null;
  for (const credential of known) {
    if (digestsEqual(given, credential.digest)) caller ??= credential.caller;
  }
  return caller;
}

function refuse(c: Context, status: 401 | 429, error: HttpError, headers: Record<string, string>): Response {
  return c.json(error.toJSON(), status, headers);
}

/**
 * `ownCredential`: path prefixes (e.g. "/admin": the path itself and everything below it) whose
 * routes check a credential of their own in the Authorization header (the gateway's admin key),
 * which a caller cannot send beside a bearer token. Every such route must refuse a caller without it.
 * `openPages`: exact paths served to anyone on GET: static pages and assets that hold no data (the
 * dashboard's shell, which then asks for a token to read /ui/api).
 */
export function bearerAuth(ownCredential: readonly string[] = [], openPages: readonly string[] = []): MiddlewareHandler<{ Bindings: AuthBindings; Variables: AuthVariables }> {
  const underOwnCredential = (path: string) => ownCredential.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  const open = new Set(["/", ...openPages]);
  return async (c, next) => {
    if (open.has(c.req.path) && (c.req.method === "GET" || c.req.method === "HEAD")) return next();
    // Internal Workers (and a local stack without tokens) run without AUTH_MODE: nothing to check per request.
    if (c.env?.AUTH_MODE === undefined) return next();
    if (isFromOwnWorker(c) || underOwnCredential(c.req.path)) return next();
    const mode = AuthMode.safeParse(c.env.AUTH_MODE);
    if (!mode.success) throw misconfigured(`AUTH_MODE must be "open" or "bearer", got ${JSON.stringify(c.env.AUTH_MODE)}`);
    if (mode.data === "open") return next();

    const known = await credentials(c.env.AUTH_TOKENS);
    const limiter = c.env.RATE_LIMITER;
    if (!limiter) throw misconfigured("no RATE_LIMITER binding");
    const header = c.req.header("authorization");
    const caller = await authenticate(header, known);
    if (caller === null) {
      const message = header === undefined ? 'this server needs "Authorization: Bearer <token>"' : "the bearer token is not one this server accepts";
      return refuse(c, 401, new HttpError(401, "unauthorized", message), {
        "WWW-Authenticate": header === undefined ? REALM : `${REALM}, error="invalid_token"`,
      });
    }
    c.set("caller", caller);
    const { success } = await limiter.limit({ key: caller });
    if (!success) {
      console.warn(`rate limited caller "${caller}" on ${c.req.method} ${c.req.path}`);
      const error = new HttpError(429, "rate_limited", `caller "${caller}" is over its request rate; retry after ${RETRY_AFTER_S} s`, { retry_after_s: RETRY_AFTER_S });
      return refuse(c, 429, error, { "Retry-After": String(RETRY_AFTER_S) });
    }
    await next();
  };
}
