// Per-rollout session state of one resources server instance (SPEC "Sessions"): a SQLite-backed
// Durable Object addressed by the session id. Every access slides the expiry alarm forward (by
// whole tenths of the TTL, below); the alarm, or an explicit release, deletes everything and
// writes nothing after, so a released session holds no storage and no alarm (and, locally, a
// release ends the instance). Besides its key/value pairs, a session may hold a stateful server's
// own tables (a tool world, shared/resources/world/), run through `sql`.
import { DurableObject } from "cloudflare:workers";
import type { SessionStore } from "../shared/session/session.ts";
import type { SqlRow, SqlStatement } from "../shared/session/sql.ts";
import { LazyTables } from "./lazy_tables.ts";

const SCHEMA = ["CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)"];
// Setting the alarm is a durable write, which a read would otherwise pay on every call: the deadline
// moves only once it would move by more than this share of the TTL, so a session expires between
// 0.9 and 1 TTL after its last use.
const ALARM_SLACK = 0.1;

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

  async read(keys: string[], ttlMs: number): Promise<Record<string, unknown>> {
    this.#ending = false;
    // Nothing stored: nothing to keep alive, so no alarm is left on an empty object.
    if (!this.#tables.exist()) return {};
    await this.touch(ttlMs);
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const row = this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM state WHERE key = ?", key).toArray()[0];
      if (row) out[key] = JSON.parse(row.value);
    }
    return out;
  }

  async write(entries: Record<string, unknown>, ttlMs: number): Promise<void> {
    this.#ending = false;
    await this.touch(ttlMs);
    this.#tables.create();
    for (const [key, value] of Object.entries(entries)) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)", key, JSON.stringify(value));
    }
  }

  async sql(statements: readonly SqlStatement[], ttlMs: number): Promise<SqlRow[][]> {
    this.#ending = false;
    await this.touch(ttlMs);
    // One transaction: a tool's writes land together or not at all.
    return this.ctx.storage.transactionSync(() => statements.map(({ sql, params = [] }) => this.ctx.storage.sql.exec<SqlRow>(sql, ...params).toArray()));
  }

  /** The bytes this session's SQLite takes on disk (what a world costs, and what release gives back). */
  databaseSize(): number {
    this.#ending = false;
    return this.ctx.storage.sql.databaseSize;
  }

  async release(): Promise<void> {
    await this.wipe();
    if (this.env.END_RELEASED_SESSIONS !== "1") return;
    // After this call's reply, and not if a call came in meanwhile; a later call finds a fresh instance.
    this.#ending = true;
    setTimeout(() => {
      if (this.#ending) this.ctx.abort("session released");
    }, 0);
  }

  override async alarm(): Promise<void> {
    await this.wipe();
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
