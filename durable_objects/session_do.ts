// Per-rollout session state of one resources server instance (SPEC "Sessions"): a SQLite-backed
// Durable Object addressed by the session id. Every access slides the expiry alarm forward (by
// whole tenths of the TTL, below); the alarm, or an explicit release, deletes everything and
// writes nothing after, so a released session holds no storage and no alarm (and, locally, a
// release ends the instance). Besides its key/value pairs, a session may hold a stateful server's
// own tables (a tool world, shared/resources/world/), run through `sql`.
// A session exists from its seed to its release or expiry (its `state` table is there): every other
// call on one that does not answers NOT_SEEDED and writes nothing, so a closed session stays closed
// and a never-seeded one never starts to exist.
import { DurableObject } from "cloudflare:workers";
import { NOT_SEEDED } from "../shared/session/store.ts";
import type { NotSeeded, SessionStore, TextChange, UpdateOutcome } from "../shared/session/store.ts";
import type { SqlRow, SqlStatement } from "../shared/session/sql.ts";
import { LazyTables } from "./lazy_tables.ts";
import { DEFAULT_SESSION_TTL_S } from "../shared/session/session.ts";
import type { SessionBindings } from "../shared/session/session.ts";
import { answerRpc } from "../shared/server/rpc.ts";
import type { LimitBindings } from "../shared/server/limits.ts";
import { CLOSE, endEpisode, handleFrame, newSocketState } from "../shared/openenv/socket.ts";
import type { Close, EpisodeIo, SocketState } from "../shared/openenv/socket.ts";

const SCHEMA = ["CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)"];
// Setting the alarm is a durable write, which a read would otherwise pay on every call: the deadline
// moves only once it would move by more than this share of the TTL, so a session expires between
// 0.9 and 1 TTL after its last use.
const ALARM_SLACK = 0.1;
// An update's change runs in the calling Worker while the session's other updates wait: one that
// has not answered by then is abandoned (nothing written) so it cannot hold the session forever.
const UPDATE_DEADLINE_MS = 30_000;

interface SessionObjectEnv {
  /**
   * Set by the local stack: end a released session's instance at once. Local workerd keeps an idle
   * object about 70 s, its SQLite file open, so memory and descriptors would follow sessions started
   * rather than live ones; deployed, the platform evicts idle objects itself, and ending one logs
   * an error, so it is not done there.
   */
  END_RELEASED_SESSIONS?: string;
}

export class SessionDO extends DurableObject<SessionObjectEnv> implements SessionStore {
  /** The alarm this instance last set (unknown again after the object is evicted). */
  #deadline: number | undefined;
  readonly #tables = new LazyTables(this.ctx.storage.sql, SCHEMA, "state");
  /** Released and not used since: the instance ends once the release's reply is out. */
  #ending = false;
  /** The last update queued: each one starts once the one before it has written. */
  #updates: Promise<unknown> = Promise.resolve();
  /** Updates queued or running: a released instance is not ended under them. */
  #pendingUpdates = 0;

  async seed(entries: Record<string, string>, ttlMs: number): Promise<void> {
    this.#ending = false;
    this.#tables.create();
    for (const [key, text] of Object.entries(entries)) this.#put(key, text);
    await this.touch(ttlMs);
  }

  async read(keys: string[], ttlMs: number): Promise<Record<string, string> | NotSeeded> {
    this.#ending = false;
    // Nothing stored: nothing to keep alive, so no alarm is left on an empty object.
    if (!this.#tables.exist()) return NOT_SEEDED;
    const out: Record<string, string> = {};
    for (const key of keys) {
      const text = this.#get(key);
      if (text !== null) out[key] = text;
    }
    await this.touch(ttlMs);
    return out;
  }

  update(key: string, change: TextChange, ttlMs: number): Promise<UpdateOutcome> {
    this.#ending = false;
    this.#pendingUpdates++;
    const turn = this.#updates.then(() => this.#update(key, change, ttlMs)).finally(() => this.#pendingUpdates--);
    this.#updates = turn.catch(() => {});
    return turn;
  }

  async sql(statements: readonly SqlStatement[], ttlMs: number, create: boolean): Promise<SqlRow[][] | NotSeeded> {
    this.#ending = false;
    if (!this.#tables.exist()) {
      if (!create) return NOT_SEEDED;
      this.#tables.create();
    }
    // One transaction: a tool's writes land together or not at all.
    const rows = this.ctx.storage.transactionSync(() => statements.map(({ sql, params = [] }) => this.ctx.storage.sql.exec<SqlRow>(sql, ...params).toArray()));
    await this.touch(ttlMs);
    return rows;
  }

  /** The bytes this session's SQLite takes on disk (what a world costs, and what release gives back). */
  databaseSize(): number {
    this.#ending = false;
    return this.ctx.storage.sql.databaseSize;
  }

  async release(): Promise<void> {
    await this.wipe();
    if (this.env.END_RELEASED_SESSIONS !== "1") return;
    // After this call's reply, and not if a call came in meanwhile (or an update still waits on its
    // change, which will find the session gone); a later call finds a fresh instance.
    this.#ending = true;
    setTimeout(() => {
      if (this.#ending && this.#pendingUpdates === 0) this.ctx.abort("session released");
    }, 0);
  }

  override async alarm(): Promise<void> {
    await this.wipe();
  }

  async #update(key: string, change: TextChange, ttlMs: number): Promise<UpdateOutcome> {
    if (!this.#tables.exist()) return NOT_SEEDED;
    let timer: number | null = null;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), UPDATE_DEADLINE_MS)));
    const next = await Promise.race([change(this.#get(key)), late]).finally(() => clearTimeout(timer));
    if (next === "late") return "timed_out";
    // Released while the change ran: the session is gone, and its change is not written into a new one.
    if (!this.#tables.exist()) return NOT_SEEDED;
    if (next === null) this.ctx.storage.sql.exec("DELETE FROM state WHERE key = ?", key);
    else if (next !== undefined) this.#put(key, next);
    await this.touch(ttlMs);
    return "updated";
  }

  #get(key: string): string | null {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM state WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  #put(key: string, text: string): void {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)", key, text);
  }

  private async touch(ttlMs: number): Promise<void> {
    const deadline = Date.now() + ttlMs;
    if (this.#deadline !== undefined && deadline - this.#deadline <= ttlMs * ALARM_SLACK) return;
    await this.ctx.storage.setAlarm(deadline);
    this.#deadline = deadline;
  }

  private async wipe(): Promise<void> {
    this.#deadline = undefined;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.#tables.dropped();
  }
}

const ROW_KEY = "openenv_row";

/**
 * An episode server's SessionDO, which also serves OpenEnv's socket (shared/openenv/): the Worker's
 * GET /ws hands each upgrade to an object of its own, which accepts it with the hibernatable API,
 * so between frames nothing runs and the object may be evicted (the socket's facts live in its
 * attachment, its row in storage). Each frame is played through the server's own routes, called
 * in-process; the episode itself lives in the session /reset issues, as over HTTP. A socket idle
 * for the session TTL is closed by the alarm; once closed, the object keeps nothing.
 */
export function episodeSessionDO(app: Parameters<typeof answerRpc>[0]) {
  return class EpisodeSessionDO extends SessionDO {
    /** The frame in play: frames (and the close) are handled one at a time, in order, as OpenEnv's server handles them. */
    #turn: Promise<void> = Promise.resolve();

    override async fetch(): Promise<Response> {
      const [client, server] = Object.values(new WebSocketPair());
      this.ctx.acceptWebSocket(server!);
      server!.serializeAttachment(newSocketState());
      await this.#idleAlarm();
      return new Response(null, { status: 101, webSocket: client });
    }

    override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
      return this.#inTurn(() => this.#play(ws, message));
    }

    async #play(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
      const state = ws.deserializeAttachment() as SocketState;
      const outcome = await handleFrame(message, state, this.#io());
      ws.serializeAttachment(state);
      if (outcome.reply) ws.send(JSON.stringify(outcome.reply));
      if (outcome.close) await this.#end(ws, outcome.close);
      else await this.#idleAlarm();
    }

    override webSocketClose(ws: WebSocket): Promise<void> {
      return this.#inTurn(() => this.#end(ws, CLOSE.byClient));
    }

    override webSocketError(ws: WebSocket): Promise<void> {
      return this.#inTurn(() => this.#end(ws, CLOSE.byClient));
    }

    override async alarm(): Promise<void> {
      await this.#inTurn(async () => {
        for (const ws of this.ctx.getWebSockets()) await this.#end(ws, CLOSE.idle);
      });
      await super.alarm();
    }

    #inTurn(work: () => Promise<void>): Promise<void> {
      const turn = this.#turn.then(work);
      this.#turn = turn.catch(() => {});
      return turn;
    }

    #env(): SessionBindings & LimitBindings {
      return this.env as SessionBindings & LimitBindings;
    }

    #io(): EpisodeIo {
      return {
        call: (request) => answerRpc(app, request, this.env, this.ctx),
        rows: {
          get: async () => this.ctx.storage.get<Record<string, unknown>>(ROW_KEY),
          put: async (row) => this.ctx.storage.put(ROW_KEY, row),
        },
        env: this.#env(),
        now: () => Date.now(),
      };
    }

    // Moved on with every frame: the alarm fires only once the socket has been idle a whole TTL.
    async #idleAlarm(): Promise<void> {
      await this.ctx.storage.setAlarm(Date.now() + Number(this.#env().SESSION_TTL_S ?? DEFAULT_SESSION_TTL_S) * 1000);
    }

    // Frees the socket's episode and everything the object stored; the close says why.
    async #end(ws: WebSocket, why: Close): Promise<void> {
      const state = ws.deserializeAttachment() as SocketState;
      await endEpisode(state, this.#io()).catch((err) => console.error("openenv: closing the episode failed:", err));
      ws.serializeAttachment(state);
      try {
        ws.close(why.code, why.reason);
      } catch {
        // Already closed by the other side.
      }
      // Nothing is kept once the socket is closed. Not release(): on a local stack it ends the
      // instance at once (END_RELEASED_SESSIONS), which could cut the close frame off unsent (1006).
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.deleteAll();
    }
  };
}
