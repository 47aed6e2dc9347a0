// Resolving the session of a request to a resources server. A request without a valid cookie gets
// a fresh session id (and a cookie for it); state lives in the instance's own SessionDO, exists
// from /seed_session on (SessionState.seed) and is touched only when a handler reads or writes it.
// A server that keeps nothing per session signs no cookie at all (passingSession).
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { HttpError } from "../server/errors.ts";
import { SESSION_COOKIE, cookieScope, newSessionId, signSession, verifySession } from "./cookie.ts";
import type { SqlRow, SqlStatement, SqlValue } from "./sql.ts";
import { NOT_SEEDED } from "./store.ts";
import type { NotSeeded, SessionStore } from "./store.ts";

export const DEFAULT_SESSION_TTL_S = 3600;

export interface SessionBindings {
  INSTANCE_NAME?: string;
  /** "<project>[-<env>]", set on every deployed Worker: cookies never cross deployments. */
  DEPLOYMENT_ID?: string;
  SESSION_SECRET?: string;
  SESSIONS?: DurableObjectNamespace;
  SESSION_TTL_S?: string;
}

/** What a tool (or a verify) gets in a session that was never seeded, was closed or has expired (the reference's words). */
const notSeeded = () => new HttpError(400, "session_not_seeded", "Session not initialized. Please call seed_session first.");

/**
 * What a request knows of its session's state: "seeding", a session it started (/seed_session,
 * /reset), whose first write creates it; "seeded", the same once created; "named", one a cookie or
 * an RPC id names, which exists only if its object says so; "absent", a fresh session, never seeded,
 * so its object is never asked (that would only start one).
 */
type Standing = "seeding" | "seeded" | "named" | "absent";

/**
 * A session's values and tables. Every change is atomic: `update` reads, changes and writes a value
 * within one call into the session's object, which runs the updates of a session one at a time,
 * so concurrent tool calls (an MCP batch, parallel requests) never lose one another's writes. The
 * only blind write is the seed's. A call in a session that does not exist is a 400
 * session_not_seeded and stores nothing.
 */
export class SessionState {
  readonly #stub: () => SessionStore;
  readonly #ttlMs: number;
  #standing: Standing;

  constructor(stub: () => SessionStore, ttlMs: number, standing: Standing) {
    this.#stub = stub;
    this.#ttlMs = ttlMs;
    this.#standing = standing;
  }

  /**
   * Creates the state of a session this request started, holding `entries`. /seed_session calls it
   * (after the server's seedSession hook, if that wrote nothing) so a seeded session exists even
   * when it holds nothing.
   */
  async seed(entries: Record<string, unknown> = {}): Promise<void> {
    if (this.#standing !== "seeding") throw new Error(`seed() in a session this request did not start (${this.#standing})`);
    const texts = Object.fromEntries(Object.entries(entries).flatMap(([key, value]) => (value === undefined ? [] : [[key, JSON.stringify(value)]])));
    await this.#stub().seed(texts, this.#ttlMs);
    this.#standing = "seeded";
  }

  /** Seeds the session unless this request's calls already created it. */
  async ensureSeeded(): Promise<void> {
    if (this.#standing === "seeding") await this.seed();
  }

  /** Refuses a session that was never seeded, is closed or has expired (400 session_not_seeded); keeps a live one alive. */
  async requireSeeded(): Promise<void> {
    exists(await this.#existing().read([], this.#ttlMs));
  }

  async get<T>(key: string): Promise<T | undefined> {
    const values = exists(await this.#existing().read([key], this.#ttlMs));
    const text = values[key];
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /**
   * Changes `key` atomically: `change` gets its value (undefined: none) and answers the new one
   * (undefined removes it), which `update` returns. Other updates of the session wait meanwhile, so
   * `change` stays short and never calls the session itself; a throw from it stores nothing and is
   * rethrown here.
   */
  async update<T>(key: string, change: (current: T | undefined) => T | undefined | Promise<T | undefined>): Promise<T | undefined> {
    let failed: { error: unknown } | undefined;
    let next: T | undefined;
    // Runs here, in this request, when the session's object calls it back.
    const changeText = async (current: string | null) => {
      try {
        next = await change(current === null ? undefined : (JSON.parse(current) as T));
        return next === undefined ? null : JSON.stringify(next);
      } catch (error) {
        failed = { error };
        return undefined;
      }
    };
    const outcome = await this.#existing().update(key, changeText, this.#ttlMs);
    if (failed) throw failed.error;
    if (outcome === "timed_out") throw new HttpError(503, "session_unavailable", "the session's state was not updated: the change did not answer within its deadline");
    exists(outcome);
    return next;
  }

  /** Statements run together in this session's own SQLite (a tool world's tables): each one's rows. */
  async sql(statements: readonly SqlStatement[]): Promise<SqlRow[][]> {
    const rows = exists(await this.#existing().sql(statements, this.#ttlMs, this.#standing === "seeding"));
    if (this.#standing === "seeding") this.#standing = "seeded";
    return rows;
  }

  /** One statement's rows. */
  async query(sql: string, ...params: SqlValue[]): Promise<SqlRow[]> {
    const [rows] = await this.sql([{ sql, params }]);
    return rows ?? [];
  }

  async release(): Promise<void> {
    await this.#stub().release();
    this.#standing = "absent";
  }

  #existing(): SessionStore {
    if (this.#standing === "absent") throw notSeeded();
    return this.#stub();
  }
}

function exists<T>(answer: T | NotSeeded): T {
  if (answer === NOT_SEEDED) throw notSeeded();
  return answer;
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
function open(env: SessionBindings, id: () => string, token: string, standing: Standing): Session {
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
    fresh: standing !== "named",
    state: new SessionState(stub, ttlMs, standing),
  };
}

const known = (id: string) => () => id;
/** A new session: one this request seeds (`starting`), or a fresh one it only passes through, never seeded. */
const fresh = (starting: boolean): Standing => (starting ? "seeding" : "absent");

/** The session a signed token names, or null when it does not verify for this server instance. */
export async function sessionFromToken(c: Context, token: string | undefined): Promise<Session | null> {
  const env = c.env as SessionBindings;
  const { secret, scope } = signing(env);
  const id = await verifySession(secret, scope, token);
  return id === null ? null : open(env, known(id), token!, "named");
}

/**
 * The session of a request to a server that keeps nothing between requests: always fresh, and no
 * cookie is signed or set, so its client has nothing to replay and no session to close.
 */
export function passingSession(env: SessionBindings): Session {
  let id: string | undefined;
  return open(env, () => (id ??= newSessionId()), "", "absent");
}

/** A session of this request alone, never handed out: scratch state it seeds, uses and releases. */
export function scratchSession(env: SessionBindings): Session {
  return open(env, known(newSessionId()), "", "seeding");
}

const SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * The session an RPC call names (server/rpc.ts), or a new one (`forceNew`, or none named). Over RPC
 * the id goes bare: only our own Workers hold a binding to call with, and a server's SessionDO
 * namespace is its own, so there is nothing to sign.
 */
export function rpcSession(env: SessionBindings, id: string | undefined, forceNew = false): Session {
  if (id !== undefined && !forceNew && SESSION_ID.test(id)) return open(env, known(id), "", "named");
  return open(env, known(newSessionId()), "", fresh(forceNew));
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
  return open(env, known(id), token, fresh(forceNew));
}
