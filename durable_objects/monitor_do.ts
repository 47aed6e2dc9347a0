// The rollout monitor: one SQLite-backed object per scope (the open local stack, or one deployed
// caller), living in the head Worker. Agents send it a record per rollout (shared/agents/monitor.ts);
// the head reads it for the dashboard (a snapshot) and the viewer (a list, one rollout). Bounded:
// at most MAX_ROLLOUTS summaries, anything older than RETENTION_MS goes. Whole lines are kept in
// memory for the newest RECENT_LINES rollouts, and in storage only for the failed and the slowest:
// writing every line was most of the monitor's cost (`npm run bench rollouts`), and at hundreds of
// rollouts a second the newest thousands turn over in seconds anyway. Its callers are only our own
// Workers, through bindings.
import { DurableObject } from "cloudflare:workers";
import type { MonitorEvent } from "../shared/agents/monitor.ts";
import { MAX_BODY_CHARS } from "../shared/agents/monitor.ts";
import type { RolloutSummary } from "../shared/rollouts/summary.ts";
import type { RolloutDetail, RolloutList, RolloutQuery } from "../shared/ui/api.ts";
import { snapshotOf } from "../shared/ui/snapshot.ts";
import type { Snapshot } from "../shared/ui/snapshot.ts";
import { LazyTables } from "./lazy_tables.ts";

export const MAX_ROLLOUTS = 20_000;
/** Lines of the newest rollouts kept in memory, and the characters they may hold at most. */
export const RECENT_LINES = 2_000;
const RECENT_CHARS = 32 * 1024 * 1024;
/** Stored lines (of failed and slow rollouts): the newest this many. */
export const MAX_BODIES = 2_000;
/** A rollout among the slowest this many so far keeps its line in storage. */
const SLOWEST_KEPT = 10;
export const RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Records taken per call at most (an agent sends 256). */
const MAX_EVENTS = 1024;

const COLUMNS = [
  "id", "agent", "environment", "caller", "task", "rollout_index", "status", "reward", "reward_components", "failure_class",
  "started_at", "ended_at", "duration_ms", "turns", "tool_calls", "input_tokens", "output_tokens", "prompt",
] as const;

// The whole line (`body`) is the row's last column: reading the others never reads it.
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS rollouts (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
     agent TEXT, environment TEXT, caller TEXT, task TEXT, rollout_index INTEGER, status TEXT NOT NULL,
     reward REAL, reward_components TEXT, failure_class TEXT, started_at INTEGER, ended_at INTEGER, duration_ms INTEGER,
     turns INTEGER, tool_calls INTEGER, input_tokens INTEGER, output_tokens INTEGER, prompt TEXT, note TEXT, body TEXT)`,
  // The few rows that store their line, found without a scan.
  "CREATE INDEX IF NOT EXISTS kept ON rollouts (seq) WHERE body IS NOT NULL",
];

// A start and its end may arrive in either order (two sends overlap): a start never undoes an end,
// and a field is only ever filled in, never blanked. One statement per record: the monitor's cost
// is mostly its writes.
const WRITTEN = [...COLUMNS, "note", "body"];
const UPSERT = `INSERT INTO rollouts (${WRITTEN.join(", ")}) VALUES (${WRITTEN.map(() => "?").join(", ")})
  ON CONFLICT(id) DO UPDATE SET ${WRITTEN.slice(1)
    .map((c) => (c === "status" ? "status = CASE WHEN excluded.status = 'in_flight' THEN rollouts.status ELSE excluded.status END" : `${c} = coalesce(excluded.${c}, rollouts.${c})`))
    .join(", ")}`;

type Row = Record<string, SqlStorageValue>;

const text = (v: unknown, max = 1000): string | null => (typeof v === "string" ? v.slice(0, max) : null);
const number = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

// A record whose start never came (its send was lost) still lists, under "unknown".
function summaryOf(row: Row): RolloutSummary {
  const summary = Object.fromEntries(COLUMNS.map((c) => [c, row[c] ?? null])) as unknown as RolloutSummary;
  summary.agent ??= "unknown";
  summary.task ??= "unknown";
  summary.reward_components = row.reward_components ? (JSON.parse(row.reward_components as string) as Record<string, number>) : null;
  return summary;
}

export class MonitorDO extends DurableObject {
  readonly #tables = new LazyTables(this.ctx.storage.sql, SCHEMA, "rollouts");
  // Any change makes a new version; a restart starts from the clock, so versions never repeat.
  #version = Date.now();
  #cached: Snapshot | null = null;
  /** The newest rollouts' lines by id, oldest first; lost when the object restarts. */
  readonly #recent = new Map<string, string>();
  #recentChars = 0;
  /** The longest durations stored so far, longest first (loaded once per start). */
  #slowest: number[] | null = null;

  /** Records a batch of starts and ends (shared/agents/monitor.ts). */
  async record(events: MonitorEvent[]): Promise<void> {
    if (!Array.isArray(events)) return;
    this.#tables.create();
    const sql = this.ctx.storage.sql;
    for (const e of events.slice(0, MAX_EVENTS)) {
      if (typeof e?.id !== "string") continue;
      const components = e.reward_components && typeof e.reward_components === "object" ? JSON.stringify(e.reward_components).slice(0, 10_000) : null;
      const status = e.status === "done" || e.status === "failed" ? e.status : "in_flight";
      const id = e.id.slice(0, 64);
      const body = typeof e.body === "string" && e.body.length <= MAX_BODY_CHARS ? e.body : null;
      if (body !== null) this.#remember(id, body);
      const values = [
        id, text(e.agent, 200), text(e.environment, 200), text(e.caller, 200), text(e.task, 200), number(e.rollout_index), status,
        number(e.reward), components, text(e.failure_class, 200), number(e.started_at), number(e.ended_at), number(e.duration_ms), number(e.turns),
        number(e.tool_calls), number(e.input_tokens), number(e.output_tokens), text(e.prompt, 1000), text(e.note, 1000),
        body !== null && (status === "failed" || this.#amongSlowest(number(e.duration_ms))) ? body : null,
      ];
      sql.exec(UPSERT, ...values);
    }
    this.#prune();
    this.#version++;
  }

  /** The dashboard's numbers; null when nothing changed since `version`. */
  async snapshot(version?: number): Promise<Snapshot | null> {
    if (version === this.#version) return null;
    if (this.#cached?.version !== this.#version) {
      const rows = this.#tables.exist() ? this.ctx.storage.sql.exec<Row>(`SELECT ${COLUMNS.join(", ")} FROM rollouts`).toArray().map(summaryOf) : [];
      const stored = this.#tables.exist() ? this.ctx.storage.sql.exec<{ id: string }>("SELECT id FROM rollouts WHERE body IS NOT NULL").toArray() : [];
      const bodies = this.#recent.size + stored.filter((r) => !this.#recent.has(r.id)).length;
      this.#cached = snapshotOf(rows, Date.now(), this.#version, { rollouts: rows.length, bodies, max_rollouts: MAX_ROLLOUTS, max_bodies: MAX_BODIES, retention_hours: RETENTION_MS / 3600_000 });
    }
    return this.#cached;
  }

  /** Summaries, newest first, filtered as the query says; `next` is the seq to continue below. */
  async list(query: RolloutQuery): Promise<RolloutList> {
    const empty = { rollouts: [], next: null, facets: { environments: [], agents: [], failure_classes: [] } };
    if (!this.#tables.exist()) return empty;
    const where: string[] = [];
    const args: SqlStorageValue[] = [];
    const equal = (column: string, value: string | undefined) => value !== undefined && (where.push(`${column} = ?`), args.push(value));
    equal("environment", query.environment);
    equal("agent", query.agent);
    equal("status", query.status);
    equal("failure_class", query.failure_class);
    equal("task", query.task);
    if (query.min_reward !== undefined) where.push("reward >= ?"), args.push(query.min_reward);
    if (query.max_reward !== undefined) where.push("reward <= ?"), args.push(query.max_reward);
    if (query.cursor !== undefined) where.push("seq < ?"), args.push(Number(query.cursor) || 0);
    const sql = this.ctx.storage.sql;
    const rows = sql.exec<Row>(`SELECT seq, ${COLUMNS.join(", ")} FROM rollouts ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT ?`, ...args, query.limit + 1).toArray();
    const distinct = (column: string) => sql.exec<Row>(`SELECT DISTINCT ${column} AS v FROM rollouts WHERE ${column} IS NOT NULL ORDER BY v`).toArray().map((r) => String(r.v));
    return {
      rollouts: rows.slice(0, query.limit).map(summaryOf),
      next: rows.length > query.limit ? String(rows[query.limit - 1]!.seq) : null,
      facets: { environments: distinct("environment"), agents: distinct("agent"), failure_classes: distinct("failure_class") },
    };
  }

  /** One rollout; null when there is no such id (never recorded, or dropped). */
  async detail(id: string): Promise<RolloutDetail | null> {
    if (!this.#tables.exist()) return null;
    const row = this.ctx.storage.sql.exec<Row>(`SELECT note, body, ${COLUMNS.join(", ")} FROM rollouts WHERE id = ?`, id).toArray()[0];
    if (!row) return null;
    const summary = summaryOf(row);
    const body = this.#recent.get(id) ?? (row.body as string | null) ?? undefined;
    const kept = `the monitor keeps the whole line of the newest ${RECENT_LINES.toLocaleString("en")} rollouts, the failed and the slowest: read this one in the rollouts file`;
    const note = body !== undefined ? null : summary.status === "in_flight" ? "still in flight" : ((row.note as string | null) ?? kept);
    return { summary, rollout: body === undefined ? null : (JSON.parse(body) as Record<string, unknown>), note };
  }

  // Past the caps, the oldest go: summaries beyond MAX_ROLLOUTS or RETENTION_MS, stored lines beyond MAX_BODIES.
  #prune(): void {
    const sql = this.ctx.storage.sql;
    const cutoff = (limit: number) => sql.exec<{ seq: number }>("SELECT seq FROM rollouts ORDER BY seq DESC LIMIT 1 OFFSET ?", limit).toArray()[0]?.seq;
    const keepFrom = cutoff(MAX_ROLLOUTS);
    if (keepFrom !== undefined) sql.exec("DELETE FROM rollouts WHERE seq <= ?", keepFrom);
    sql.exec("DELETE FROM rollouts WHERE seq IN (SELECT seq FROM rollouts ORDER BY seq LIMIT 256) AND coalesce(ended_at, started_at, 0) < ?", Date.now() - RETENTION_MS);
    const keptFrom = sql.exec<{ seq: number }>("SELECT seq FROM rollouts WHERE body IS NOT NULL ORDER BY seq DESC LIMIT 1 OFFSET ?", MAX_BODIES).toArray()[0]?.seq;
    if (keptFrom !== undefined) sql.exec("UPDATE rollouts SET body = NULL WHERE body IS NOT NULL AND seq <= ?", keptFrom);
  }

  // Newest last: past the bounds, the oldest go.
  #remember(id: string, body: string): void {
    this.#recentChars -= this.#recent.get(id)?.length ?? 0;
    this.#recent.delete(id);
    this.#recent.set(id, body);
    this.#recentChars += body.length;
    for (const [oldest, line] of this.#recent) {
      if (this.#recent.size <= RECENT_LINES && this.#recentChars <= RECENT_CHARS) break;
      this.#recent.delete(oldest);
      this.#recentChars -= line.length;
    }
  }

  /** Whether a duration is among the SLOWEST_KEPT longest so far (and notes it if so). */
  #amongSlowest(duration: number | null): boolean {
    if (duration === null) return false;
    this.#slowest ??= this.ctx.storage.sql.exec<{ d: number }>("SELECT duration_ms AS d FROM rollouts WHERE duration_ms IS NOT NULL ORDER BY duration_ms DESC LIMIT ?", SLOWEST_KEPT).toArray().map((r) => r.d);
    if (this.#slowest.length >= SLOWEST_KEPT && duration <= this.#slowest.at(-1)!) return false;
    this.#slowest = [...this.#slowest, duration].sort((a, b) => b - a).slice(0, SLOWEST_KEPT);
    return true;
  }
}
