// Per-rollout session state of one resources server instance (SPEC "Sessions"): a SQLite-backed
// Durable Object addressed by the session id. Every access slides the expiry alarm forward; the
// alarm, or an explicit release, deletes everything.
import { DurableObject } from "cloudflare:workers";
import type { SessionStore } from "../shared/session/session.ts";

const SCHEMA = "CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)";

export class SessionDO extends DurableObject implements SessionStore {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    ctx.storage.sql.exec(SCHEMA);
  }

  async read(keys: string[], ttlMs: number): Promise<Record<string, unknown>> {
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
    for (const [key, value] of Object.entries(entries)) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)", key, JSON.stringify(value));
    }
  }

  async release(): Promise<void> {
    await this.wipe();
  }

  override async alarm(): Promise<void> {
    await this.wipe();
  }

  private async touch(ttlMs: number): Promise<void> {
    await this.ctx.storage.setAlarm(Date.now() + ttlMs);
  }

  private async wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // deleteAll drops the tables of a SQLite object; this instance may still serve requests.
    this.ctx.storage.sql.exec(SCHEMA);
  }
}
