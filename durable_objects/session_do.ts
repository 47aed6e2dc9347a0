// Per-rollout session state of one resources server instance (SPEC "Sessions"): a SQLite-backed
// Durable Object addressed by the session id. Every access slides the expiry alarm forward (by
// whole tenths of the TTL, below); the alarm, or an explicit release, deletes everything and
// writes nothing after, so a released session holds no storage and no alarm. Besides its key/value
// pairs, a session may hold a stateful server's own tables (a tool world, shared/resources/world/),
// run through `sql`.
import { DurableObject } from "cloudflare:workers";
import type { SessionStore } from "../shared/session/session.ts";
import type { SqlRow, SqlStatement } from "../shared/session/sql.ts";
import { LazyTables } from "./lazy_tables.ts";

const SCHEMA = ["CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)"];
// Setting the alarm is a durable write, which a read would otherwise pay on every call: the deadline
// moves only once it would move by more than this share of the TTL, so a session expires between
// 0.9 and 1 TTL after its last use.
const ALARM_SLACK = 0.1;

export class SessionDO extends DurableObject implements SessionStore {
  /** The alarm this instance last set (unknown again after the object is evicted). */
  #deadline: number | undefined;
  readonly #tables = new LazyTables(this.ctx.storage.sql, SCHEMA, "state");

  async read(keys: string[], ttlMs: number): Promise<Record<string, unknown>> {
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
    await this.touch(ttlMs);
    this.#tables.create();
    for (const [key, value] of Object.entries(entries)) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)", key, JSON.stringify(value));
    }
  }

  async sql(statements: readonly SqlStatement[], ttlMs: number): Promise<SqlRow[][]> {
    await this.touch(ttlMs);
    // One transaction: a tool's writes land together or not at all.
    return this.ctx.storage.transactionSync(() => statements.map(({ sql, params = [] }) => this.ctx.storage.sql.exec<SqlRow>(sql, ...params).toArray()));
  }

  /** The bytes this session's SQLite takes on disk (what a world costs, and what release gives back). */
  databaseSize(): number {
    return this.ctx.storage.sql.databaseSize;
  }

  async release(): Promise<void> {
    await this.wipe();
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
