// Resolving the session of a request to a resources server. A request without a valid cookie gets
// a fresh session id (and a cookie for it); state lives in the instance's own SessionDO and is
// touched only when a handler reads or writes it. A server that keeps nothing per session signs
// no cookie at all (passingSession).
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { HttpError } from "../server/errors.ts";
import { SESSION_COOKIE, cookieScope, newSessionId, signSession, verifySession } from "./cookie.ts";
import type { SqlRow, SqlStatement, SqlValue } from "./sql.ts";

export const DEFAULT_SESSION_TTL_S = 3600;

/** What a session's Durable Object answers (durable_objects/session_do.ts implements it). */
export interface SessionStore {
  read(keys: string[], ttlMs: number): Promise<Record<string, unknown>>;
  write(entries: Record<string, unknown>, ttlMs: number): Promise<void>;
  /** Runs the statements in order, in one transaction of the session's SQLite; each one's rows. */
  sql(statements: readonly SqlStatement[], ttlMs: number): Promise<SqlRow[][]>;
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

  /** Statements run together in this session's own SQLite (a tool world's tables): each one's rows. */
  async sql(statements: readonly SqlStatement[]): Promise<SqlRow[][]> {
    return this.#stub().sql(statements, this.#ttlMs);
  }

  /** One statement's rows. */
  async query(sql: string, ...params: SqlValue[]): Promise<SqlRow[]> {
    const [rows] = await this.sql([{ sql, params }]);
    return rows ?? [];
  }

  async release(): Promise<void> {
    await this.#stub().release();
  }
}

export interface Session {
  id: string;
  /** The signed session id, as the cookie carries it (and MCP's Mcp-Session-Id: shared/resources/mcp.ts). */
  token: string;
  /** True when the request carried no valid cookie: the session starts empty. */
  fresh: boolean;
  state: SessionState;
}

function required(env: SessionBindings, name: "SESSION_SECRET" | "INSTANCE_NAME"): string {
  const value = env[name];
  if (!value) throw new HttpError(500, "misconfigured", `${name} is not set for this server`);
  return value;
}

function signing(env: SessionBindings) {
  return { secret: required(env, "SESSION_SECRET"), scope: cookieScope(required(env, "INSTANCE_NAME"), env.DEPLOYMENT_ID) };
}

/** `id` is asked for only when used: a passing session's is made then, if ever. */
function open(env: SessionBindings, id: () => string, token: string, fresh: boolean): Session {
  const ttlMs = Number(env.SESSION_TTL_S ?? DEFAULT_SESSION_TTL_S) * 1000;
  const stub = () => {
    if (!env.SESSIONS) throw new HttpError(500, "misconfigured", "this server stores session state but has no SESSIONS binding");
    return env.SESSIONS.get(env.SESSIONS.idFromName(id())) as unknown as SessionStore;
  };
  return {
    get id() {
      return id();
    },
    token,
    fresh,
    state: new SessionState(stub, ttlMs),
  };
}

const known = (id: string) => () => id;

/** The session a signed token names, or null when it does not verify for this server instance. */
export async function sessionFromToken(c: Context, token: string | undefined): Promise<Session | null> {
  const env = c.env as SessionBindings;
  const { secret, scope } = signing(env);
  const id = await verifySession(secret, scope, token);
  return id === null ? null : open(env, known(id), token!, false);
}

/**
 * The session of a request to a server that keeps nothing between requests: always fresh, and no
 * cookie is signed or set, so its client has nothing to replay and no session to close.
 */
export function passingSession(env: SessionBindings): Session {
  let id: string | undefined;
  return open(env, () => (id ??= newSessionId()), "", true);
}

const SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * The session an RPC call names (server/rpc.ts), or a new one (`forceNew`, or none named). Over RPC
 * the id goes bare: only our own Workers hold a binding to call with, and a server's SessionDO
 * namespace is its own, so there is nothing to sign.
 */
export function rpcSession(env: SessionBindings, id: string | undefined, forceNew = false): Session {
  if (id !== undefined && !forceNew && SESSION_ID.test(id)) return open(env, known(id), "", false);
  return open(env, known(newSessionId()), "", true);
}

/** `forceNew` starts a new session whatever the request carries (used by /seed_session). */
export async function resolveSession(c: Context, forceNew = false): Promise<Session> {
  const existing = forceNew ? null : await sessionFromToken(c, getCookie(c, SESSION_COOKIE));
  if (existing) return existing;
  const env = c.env as SessionBindings;
  const { secret, scope } = signing(env);
  const id = newSessionId();
  const token = await signSession(secret, scope, id);
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Lax", path: "/" });
  return open(env, known(id), token, true);
}
