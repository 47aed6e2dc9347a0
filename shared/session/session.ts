// Resolving the session of a request to a resources server. A request without a valid cookie gets
// a fresh session id (and a cookie for it); state lives in the instance's own SessionDO and is
// touched only when a handler reads or writes it, so stateless servers create no objects.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { HttpError } from "../server/errors.ts";
import { SESSION_COOKIE, cookieScope, newSessionId, signSession, verifySession } from "./cookie.ts";

export const DEFAULT_SESSION_TTL_S = 3600;

/** What a session's Durable Object answers (durable_objects/session_do.ts implements it). */
export interface SessionStore {
  read(keys: string[], ttlMs: number): Promise<Record<string, unknown>>;
  write(entries: Record<string, unknown>, ttlMs: number): Promise<void>;
  release(): Promise<void>;
}

export interface SessionBindings {
  INSTANCE_NAME?: string;
  /** "<project>[-<env>]", set on every deployed Worker: cookies never cross deployments. */
  DEPLOYMENT_ID?: string;
  SESSION_SECRET?: string;
  SESSIONS?: DurableObjectNamespace;
  SESSION_TTL_S?: string;
}

export class SessionState {
  readonly #stub: () => SessionStore;
  readonly #ttlMs: number;

  constructor(stub: () => SessionStore, ttlMs: number) {
    this.#stub = stub;
    this.#ttlMs = ttlMs;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const values = await this.#stub().read([key], this.#ttlMs);
    return values[key] as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.#stub().write({ [key]: value }, this.#ttlMs);
  }

  async release(): Promise<void> {
    await this.#stub().release();
  }
}

export interface Session {
  id: string;
  /** True when the request carried no valid cookie: the session starts empty. */
  fresh: boolean;
  state: SessionState;
}

function required(env: SessionBindings, name: "SESSION_SECRET" | "INSTANCE_NAME"): string {
  const value = env[name];
  if (!value) throw new HttpError(500, "misconfigured", `${name} is not set for this server`);
  return value;
}

/** `forceNew` starts a new session whatever the request carries (used by /seed_session). */
export async function resolveSession(c: Context, forceNew = false): Promise<Session> {
  const env = c.env as SessionBindings;
  const secret = required(env, "SESSION_SECRET");
  const scope = cookieScope(required(env, "INSTANCE_NAME"), env.DEPLOYMENT_ID);
  const existing = forceNew ? null : await verifySession(secret, scope, getCookie(c, SESSION_COOKIE));
  const id = existing ?? newSessionId();
  if (!existing) {
    setCookie(c, SESSION_COOKIE, await signSession(secret, scope, id), { httpOnly: true, sameSite: "Lax", path: "/" });
  }
  const ttlMs = Number(env.SESSION_TTL_S ?? DEFAULT_SESSION_TTL_S) * 1000;
  const stub = () => {
    if (!env.SESSIONS) throw new HttpError(500, "misconfigured", "this server stores session state but has no SESSIONS binding");
    return env.SESSIONS.get(env.SESSIONS.idFromName(id)) as unknown as SessionStore;
  };
  return { id, fresh: !existing, state: new SessionState(stub, ttlMs) };
}
