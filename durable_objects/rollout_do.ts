// One asynchronous rollout (POST /run with `Prefer: respond-async`), in a SQLite-backed Durable
// Object addressed by the rollout id. The object runs the rollout itself, in its alarm handler:
// alarms are the documented way to finish work with no client connected (a request's waitUntil
// is cut 30 s after the response). The outcome is kept for a TTL after it is known, then the
// alarm deletes everything (writing nothing after, so an expired rollout holds no storage), and
// the id may be used again.
//
// A retry (the same row at a higher `_ng_attempt_index`) replaces the rollout and keeps its
// `_ng_rollout_id`; an older attempt still running finishes into nothing, and one submitted late
// gets the newer attempt's state: a late answer never replaces a newer one.
//
// A rollout runs at most once per attempt: an alarm that finds the rollout "running" while this instance is
// not running it (the instance was evicted, or the platform ended the handler at its wall-time
// limit and retried it) records a failure instead of running tool calls a second time.
import { DurableObject } from "cloudflare:workers";
import { ATTEMPT_INDEX_KEY, FAILURE_CLASS_KEY, ROLLOUT_ID_KEY } from "../shared/schemas/run.ts";
import type { RolloutFailure, RunRequest, VerifyResponse } from "../shared/schemas/run.ts";
import { failureOf, outcomeOf } from "../shared/agents/outcome.ts";
import type { ResourcesHop } from "../shared/agents/hops.ts";
import { identityOf } from "../shared/agents/identity.ts";
import type { RolloutIdentity } from "../shared/agents/identity.ts";
import type { MonitorBindings } from "../shared/agents/monitor.ts";
import { depsFor, monitoredRun } from "../shared/agents/run_routes.ts";
import type { RunRoutes } from "../shared/agents/run_routes.ts";
import type { Outcome } from "../shared/agents/outcome.ts";
import { LazyTables } from "./lazy_tables.ts";
import { parseExact } from "../shared/json/exact.ts";

export type RolloutStatus = "queued" | "running" | "completed" | "failed";

/** What GET /rollouts/:id answers: the /run body once completed, the failure once failed. */
export interface RolloutState {
  rollout_id: string;
  status: RolloutStatus;
  result?: VerifyResponse;
  failure?: RolloutFailure;
}

export type Submission = { conflict: false; state: RolloutState } | { conflict: true };

/** The object's tables, created on its first submission (lazy_tables.ts). */
export const ROLLOUT_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS rollout (
     id TEXT PRIMARY KEY, status TEXT NOT NULL, fingerprint TEXT NOT NULL, ttl_ms INTEGER NOT NULL,
     created_at INTEGER NOT NULL, expires_at INTEGER)`,
  // Rows and results can exceed SQLite's 2 MB per value (token ids of long episodes): chunked.
  "CREATE TABLE IF NOT EXISTS blobs (name TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, seq))",
];

/** Characters per chunk: at most 4 bytes each in UTF-8, so a chunk stays under 2 MB. */
const CHUNK_CHARS = 256 * 1024;

interface RolloutRow {
  id: string;
  status: RolloutStatus;
  fingerprint: string;
  ttl_ms: number;
  expires_at: number | null;
}

/** The storage and lifecycle of a rollout; an agent Worker supplies how a row is run. */
export abstract class RolloutObject<Env = Cloudflare.Env> extends DurableObject<Env> {
  #running = false;
  readonly #tables = new LazyTables(this.ctx.storage.sql, ROLLOUT_SCHEMA, "rollout");

  /** Runs one row as POST /run does, for the caller that submitted it; a thrown HttpError is an infrastructure failure. */
  protected abstract execute(row: RunRequest & RolloutIdentity, caller: string | undefined): Promise<VerifyResponse>;

  /**
   * Starts the rollout unless this id already has one: then its state, whatever it is, or a
   * conflict when the earlier submission carried a different row.
   */
  async submit(id: string, row: RunRequest & RolloutIdentity, fingerprint: string, ttlMs: number, caller?: string): Promise<Submission> {
    const existing = this.#live();
    if (existing && existing.fingerprint !== fingerprint) return { conflict: true };
    const identity = existing && this.#identity();
    // The same attempt again, or an older one arriving late: the rollout as it stands.
    if (existing && (!identity || row[ATTEMPT_INDEX_KEY] <= identity[ATTEMPT_INDEX_KEY])) return { conflict: false, state: this.#state(existing) };
    this.#tables.create();
    this.#wipeData();
    this.ctx.storage.sql.exec("INSERT INTO rollout (id, status, fingerprint, ttl_ms, created_at) VALUES (?, 'queued', ?, ?, ?)", id, fingerprint, ttlMs, Date.now());
    // A retry keeps the logical id the first attempt was given (a minted one is new each time).
    const attempt = identity ? { ...row, [ROLLOUT_ID_KEY]: identity[ROLLOUT_ID_KEY] } : row;
    this.#putBlob("row", JSON.stringify(attempt));
    this.#putBlob("identity", JSON.stringify(identityOf(attempt)));
    if (caller !== undefined) this.#putBlob("caller", caller);
    await this.ctx.storage.setAlarm(Date.now());
    return { conflict: false, state: { rollout_id: id, status: "queued" } };
  }

  /** The rollout's state; null when there is none or it has expired. */
  async state(): Promise<RolloutState | null> {
    const record = this.#live();
    return record ? this.#state(record) : null;
  }

  override async alarm(): Promise<void> {
    const record = this.#record();
    if (!record) return;
    if (record.status === "queued") return this.#run(record);
    // No alarm is set while a rollout runs, and handlers never overlap: this is the retry of a
    // handler that ended without finishing it.
    if (record.status === "running") return this.#finish(record, { failure: { ...interrupted(), ...this.#identity() } });
    if (record.expires_at !== null && Date.now() >= record.expires_at) await this.#wipe();
    else if (record.expires_at !== null) await this.ctx.storage.setAlarm(record.expires_at);
  }

  async #run(record: RolloutRow): Promise<void> {
    this.#running = true;
    this.ctx.storage.sql.exec("UPDATE rollout SET status = 'running' WHERE id = ?", record.id);
    const row = parseExact(this.#blob("row")!) as RunRequest & RolloutIdentity;
    let outcome: Outcome;
    try {
      outcome = outcomeOf(await this.execute(row, this.#blob("caller")));
    } catch (err) {
      outcome = { failure: { ...failureOf(err, "async rollout"), ...identityOf(row) } };
    } finally {
      this.#running = false;
    }
    await this.#finish(record, outcome, row[ATTEMPT_INDEX_KEY]);
  }

  async #finish(record: RolloutRow, outcome: Outcome, attempt?: number): Promise<void> {
    // A handler the platform gave up on may still finish after its retry recorded the failure;
    // an attempt a newer one replaced (a retry submitted meanwhile) finishes into nothing.
    if (this.#record()?.status !== "running") return;
    if (attempt !== undefined && attempt !== this.#identity()?.[ATTEMPT_INDEX_KEY]) return;
    const expiresAt = Date.now() + record.ttl_ms;
    const status: RolloutStatus = "result" in outcome ? "completed" : "failed";
    this.ctx.storage.sql.exec("UPDATE rollout SET status = ?, expires_at = ? WHERE id = ?", status, expiresAt, record.id);
    this.#deleteBlob("row");
    this.#putBlob("outcome", JSON.stringify(outcome));
    await this.ctx.storage.setAlarm(expiresAt);
  }

  #state(record: RolloutRow): RolloutState {
    const state: RolloutState = { rollout_id: record.id, status: record.status };
    if (record.status === "running" && !this.#running) {
      // Evicted mid-run: the alarm's retry records the failure; until then, say so already.
      return { ...state, status: "failed", failure: { ...interrupted(), ...this.#identity() } };
    }
    if (record.status === "completed" || record.status === "failed") Object.assign(state, parseExact(this.#blob("outcome")!));
    return state;
  }

  #record(): RolloutRow | undefined {
    // Asking about an id never submitted (or expired) creates nothing.
    if (!this.#tables.exist()) return undefined;
    return this.ctx.storage.sql.exec<RolloutRow & Record<string, SqlStorageValue>>("SELECT id, status, fingerprint, ttl_ms, expires_at FROM rollout").toArray()[0];
  }

  // The alarm may run a little after the expiry: an expired rollout is already gone to callers.
  #live(): RolloutRow | undefined {
    const record = this.#record();
    return record && (record.expires_at === null || Date.now() < record.expires_at) ? record : undefined;
  }

  /** The attempt stored; absent for a rollout submitted before identities were kept. */
  #identity(): RolloutIdentity | undefined {
    const text = this.#blob("identity");
    return text === undefined ? undefined : (JSON.parse(text) as RolloutIdentity);
  }

  #putBlob(name: string, text: string): void {
    this.#deleteBlob(name);
    for (let seq = 0; seq * CHUNK_CHARS < text.length || seq === 0; seq++) {
      this.ctx.storage.sql.exec("INSERT INTO blobs (name, seq, data) VALUES (?, ?, ?)", name, seq, text.slice(seq * CHUNK_CHARS, (seq + 1) * CHUNK_CHARS));
    }
  }

  #blob(name: string): string | undefined {
    const chunks = this.ctx.storage.sql.exec<{ data: string }>("SELECT data FROM blobs WHERE name = ? ORDER BY seq", name).toArray();
    return chunks.length === 0 ? undefined : chunks.map((c) => c.data).join("");
  }

  #deleteBlob(name: string): void {
    this.ctx.storage.sql.exec("DELETE FROM blobs WHERE name = ?", name);
  }

  #wipeData(): void {
    this.ctx.storage.sql.exec("DELETE FROM rollout");
    this.ctx.storage.sql.exec("DELETE FROM blobs");
  }

  async #wipe(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.#tables.dropped();
  }
}

function interrupted(): RolloutFailure {
  return {
    [FAILURE_CLASS_KEY]: "rollout_interrupted",
    error: { type: "rollout_interrupted", message: "the rollout stopped before it finished (its Durable Object was restarted or hit the alarm's wall-time limit); it is not run again because its tool calls may have run" },
  };
}

/** An agent's RolloutDO: each row run as the agent's /run runs it, and reported to the monitor as one. */
export function rolloutObjectOf<E extends MonitorBindings, D extends ResourcesHop>(routes: RunRoutes<E, D>) {
  return class RolloutDO extends RolloutObject<E> {
    protected execute(row: RunRequest & RolloutIdentity, caller: string | undefined): Promise<VerifyResponse> {
      return monitoredRun(routes, this.env, row, depsFor(routes, this.env, caller), (promise) => this.ctx.waitUntil(promise));
    }
  };
}
