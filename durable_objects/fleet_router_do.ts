// The fleet's routing state, in one Durable Object per gateway (or per openai_model instance):
// shared/fleet/router.ts holds the logic; this adds what only a Durable Object gives.
//
// Why a Durable Object rather than hashing: stickiness alone could be stateless (rendezvous
// hashing), but the other promises cannot. Round-robin for new sessions (an exactly even
// spread, where hashing 1000 sessions over 4 endpoints drifts by ~±5% from chance alone),
// bounded load and per-endpoint in-flight limits with queueing, pause/resume and fleet-wide stats
// all need one shared, consistent view of the fleet, across every Worker isolate and instance.
// One object is that view. It sits off the data path: a Worker asks it for an endpoint (one RPC),
// streams the request itself, and reports back (a second RPC, off the response's critical path);
// at GPU request rates (hundreds per second per fleet) one object is far from its limits.
//
// Session -> endpoint lives in SQLite, so stickiness survives the object being evicted or
// restarted; in-flight counts, queues and stats are in memory and start over with it (leases of
// a previous life are simply unknown, and their releases ignored). The pause switch is stored,
// so a refit in progress is never ended by an eviction.
import { DurableObject } from "cloudflare:workers";
import { LEASE_RENEW_MS, Router } from "../shared/fleet/router.ts";
import type { AcquireRequest, EndpointStatus, FleetStatus, FleetView, Grant, IsolateReport, ProbeConfig, Report, RouterConfig, SessionStore } from "../shared/fleet/router.ts";

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, endpoint TEXT NOT NULL, seen_at INTEGER NOT NULL)",
  "CREATE INDEX IF NOT EXISTS sessions_by_age ON sessions (seen_at)",
  "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
];

/** Probing stops this long after the last request, so an unused fleet costs nothing. */
const IDLE_MS = 60_000;

export interface FleetReport extends FleetStatus {
  endpoints: Array<EndpointStatus & { sessions: number }>;
}

class SqlSessions implements SessionStore {
  readonly #sql: SqlStorage;
  readonly #ttlMs: () => number;

  constructor(sql: SqlStorage, ttlMs: () => number) {
    this.#sql = sql;
    this.#ttlMs = ttlMs;
  }

  get(session: string): string | undefined {
    const row = this.#sql.exec<{ endpoint: string; seen_at: number }>("SELECT endpoint, seen_at FROM sessions WHERE id = ?", session).toArray()[0];
    if (!row) return undefined;
    const now = Date.now();
    const age = now - row.seen_at;
    if (age > this.#ttlMs()) return undefined;
    // Sliding expiry, written at most a few times per TTL: a write per turn would cost more than routing.
    if (age > this.#ttlMs() / 8) this.#sql.exec("UPDATE sessions SET seen_at = ? WHERE id = ?", now, session);
    return row.endpoint;
  }

  set(session: string, endpoint: string): void {
    this.#sql.exec("INSERT OR REPLACE INTO sessions (id, endpoint, seen_at) VALUES (?, ?, ?)", session, endpoint, Date.now());
  }
}

export class FleetRouterDO extends DurableObject {
  #router?: Router;
  #lastActive = 0;
  #alarmArmed = false;
  #storedTtlMs?: number;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    for (const statement of SCHEMA) ctx.storage.sql.exec(statement);
  }

  async acquire(config: RouterConfig, request: AcquireRequest): Promise<Grant> {
    const router = this.#use(config);
    await this.#armAlarm(config.probe);
    return router.acquire(request);
  }

  /** A gateway isolate's report of the pinned requests it sends itself; answers its fleet view. */
  async sync(config: RouterConfig, report: IsolateReport): Promise<FleetView> {
    const router = this.#use(config);
    await this.#armAlarm(config.probe);
    return router.sync(report);
  }

  async release(lease: string, report: Report): Promise<void> {
    this.#router?.release(lease, report);
  }

  async renew(leases: string[]): Promise<void> {
    this.#router?.renew(leases);
  }

  async pause(config: RouterConfig, drainMs: number): Promise<{ in_flight: number }> {
    const router = this.#use(config);
    this.#setSetting("paused", 1);
    return router.pause(drainMs);
  }

  async resume(config: RouterConfig): Promise<void> {
    const router = this.#use(config);
    this.#setSetting("paused", 0);
    router.resume();
  }

  async status(config: RouterConfig): Promise<FleetReport> {
    const status = this.#use(config).status();
    const counts = new Map(
      this.ctx.storage.sql
        .exec<{ endpoint: string; n: number }>("SELECT endpoint, COUNT(*) AS n FROM sessions WHERE seen_at >= ? GROUP BY endpoint", Date.now() - config.sessionTtlMs)
        .toArray()
        .map((row) => [row.endpoint, row.n]),
    );
    return { ...status, endpoints: status.endpoints.map((e) => ({ ...e, sessions: counts.get(e.url) ?? 0 })) };
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const ttlMs = this.#setting("session_ttl_ms");
    if (ttlMs !== undefined) this.ctx.storage.sql.exec("DELETE FROM sessions WHERE seen_at < ?", now - ttlMs);
    const router = this.#router;
    if (router) {
      router.tick(now);
      if (router.config.probe) await this.#probe(router, router.config.probe);
    }
    if (router && (now - this.#lastActive < IDLE_MS || router.status(now).in_flight > 0)) {
      await this.ctx.storage.setAlarm(now + this.#alarmInterval(router.config.probe));
      return;
    }
    // Idle: wake once more when the oldest remembered session expires, to forget it.
    this.#alarmArmed = false;
    const oldest = this.ctx.storage.sql.exec<{ t: number | null }>("SELECT MIN(seen_at) AS t FROM sessions").one().t;
    if (oldest !== null && ttlMs !== undefined) await this.ctx.storage.setAlarm(oldest + ttlMs + 1000);
  }

  #use(config: RouterConfig): Router {
    this.#lastActive = Date.now();
    if (this.#router) {
      this.#router.configure(config);
    } else {
      const router = new Router(new SqlSessions(this.ctx.storage.sql, () => router.config.sessionTtlMs), config);
      if (this.#setting("paused") === 1) void router.pause(0);
      this.#router = router;
    }
    // The idle sweep reads it when no config has arrived since a restart.
    if (this.#storedTtlMs !== config.sessionTtlMs) {
      this.#setSetting("session_ttl_ms", config.sessionTtlMs);
      this.#storedTtlMs = config.sessionTtlMs;
    }
    return this.#router;
  }

  async #armAlarm(probe: ProbeConfig | null): Promise<void> {
    if (this.#alarmArmed) return;
    this.#alarmArmed = true;
    await this.ctx.storage.setAlarm(Date.now() + this.#alarmInterval(probe));
  }

  // While traffic flows, wake often enough that a lapsed lease is taken back even if no request
  // comes to do it.
  #alarmInterval(probe: ProbeConfig | null): number {
    return Math.min(probe?.intervalMs ?? IDLE_MS, LEASE_RENEW_MS);
  }

  async #probe(router: Router, probe: ProbeConfig): Promise<void> {
    await Promise.all(
      router.config.endpoints.map(async (url) => {
        let healthy = false;
        try {
          const response = await fetch(`${url}/${probe.path}`, { headers: probe.headers, signal: AbortSignal.timeout(probe.timeoutMs) });
          healthy = response.ok;
          await response.body?.cancel();
        } catch {
          // refused, reset or timed out: unhealthy
        }
        router.probed(url, healthy);
      }),
    );
  }

  #setting(name: string): number | undefined {
    return this.ctx.storage.sql.exec<{ value: number }>("SELECT value FROM settings WHERE name = ?", name).toArray()[0]?.value;
  }

  #setSetting(name: string, value: number): void {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", name, value);
  }
}

/** The object's stub as its Workers call it. */
export type FleetRouterStub = DurableObjectStub<FleetRouterDO>;
