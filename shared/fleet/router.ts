// Which endpoint serves a request, and when. One Router holds the whole fleet's state: the session
// -> endpoint map, each endpoint's in-flight count and queue, health, the pause switch, and stats.
// It lives in one Durable Object (durable_objects/fleet_router_do.ts), so every Worker isolate and
// instance sees the same state; the logic here is plain code, testable without one.
//
// - A new session goes to the next endpoint in round-robin order that is healthy, not already
//   tried by this request, and below its in-flight limit; when none has room it waits for the
//   first slot to free. So sessions spread evenly, and load stays bounded per endpoint.
// - A known session goes back to its endpoint (its prefix cache), waiting there for a slot, unless
//   that endpoint is out of rotation or was tried: then it is placed as a new one and remembered there.
//   A session that carries its endpoint (a pin, pin.ts) is known by it, and never remembered here.
// - When every endpoint not yet tried is ejected, they are tried anyway: an ejection is a guess,
//   and refusing outright would turn a flapping fleet into certain failures.
// - A pinned session's later turns need none of this: the gateway isolate sends them straight to
//   their endpoint on the fleet view it last got (pinned.ts), and reports them in batches (`sync`).
//   Their in-flight counts join the endpoint's own for limits, drains and status, as fresh as the
//   isolate's last report; a pause is drained only once every isolate has seen it and reported
//   what it started before (drainWaitMs).
import { Health } from "./health.ts";
import { endpointKey } from "./pin.ts";
import { LatencyWindow } from "./latency.ts";

export interface ProbeConfig {
  /** Relative to an endpoint's base URL. */
  path: string;
  intervalMs: number;
  timeoutMs: number;
  headers: Record<string, string>;
}

export interface RouterConfig {
  endpoints: string[];
  maxInFlight: number;
  ejectAfterFailures: number;
  ejectMs: number;
  /**
   * A lease not renewed or released for this long is taken back: its holder died mid-request
   * without a word (a cancelled or crashed Worker). Holders renew every `LEASE_RENEW_MS`.
   */
  leaseMs: number;
  sessionTtlMs: number;
  probe: ProbeConfig | null;
  /**
   * The longest a gateway isolate acts on a fleet view (paused, which endpoints are in rotation)
   * before asking again: so a pause is drained only this long after it began, once every isolate
   * has seen it.
   */
  viewTtlMs: number;
  /** The longest a request may run: a silent isolate's reported requests stop counting after it. */
  requestTimeoutMs: number;
}

/** How soon a gateway isolate reports a change in its pinned requests (pinned.ts). */
export const reportWithinMs = (config: Pick<RouterConfig, "viewTtlMs">) => config.viewTtlMs / 4;

/**
 * How long after a pause began it may be drained: every isolate's view has expired by then (no
 * pinned request starts after), and what each started before is reported, with as long again for
 * the report to arrive.
 */
export const drainWaitMs = (config: Pick<RouterConfig, "viewTtlMs">) => config.viewTtlMs + 2 * reportWithinMs(config);

/** How long an unrenewed lease lives: the most a slot can outlive the request that took it. */
export const LEASE_TTL_MS = 15_000;
/** How often a holder renews its lease while its request runs (a third of the TTL: two may be lost). */
export const LEASE_RENEW_MS = 5_000;

export interface AcquireRequest {
  /**
   * The caller's name for the lease it waits for: it renews, releases or cancels by this id, even
   * while still queued. Absent, the router picks one.
   */
  id?: string;
  /** The sticky key; absent for requests outside any session. */
  session?: string;
  /**
   * The endpoint key (pin.ts) the session carries: its home, instead of a session-table lookup.
   * Present (empty on a session's first turn), the router stores nothing for the session.
   */
  pin?: string;
  /** Endpoints this request already tried and that could not take it. */
  exclude: string[];
  /** How long to wait for a slot (or for a pause to end) before giving up. */
  waitMs: number;
}

export type Grant = { ok: true; lease: string; endpoint: string } | { ok: false; reason: string };

/**
 * `unprocessed`: refused before starting (connection refused/reset, 503); `failed`: may have run;
 * `cancelled`: the caller went away, which says nothing about the endpoint's health.
 */
export type Outcome = "ok" | "unprocessed" | "failed" | "cancelled";

export interface Report {
  outcome: Outcome;
  latencyMs: number;
}

/** What a gateway isolate tells the router of the pinned requests it sends itself (pinned.ts). */
export interface IsolateReport {
  /** The isolate's own random id. */
  isolate: string;
  /** Its reports' order: one overtaken by a later one on the way brings its outcomes, not its counts. */
  seq: number;
  /** Its pinned requests in flight now, per endpoint URL (absent: none). */
  inFlight: Record<string, number>;
  /** Its pinned requests that ended since its last report, in the order they ended. */
  ended: Array<{ endpoint: string } & Report>;
  /** Leases whose requests ended well since its last report, given back (as `release` would). */
  released: Array<{ lease: string } & Report>;
}

/** What a gateway isolate needs to send a pinned request on its own. */
export interface FleetView {
  paused: boolean;
  /** The endpoints in rotation (healthy, or ejected but out of time). */
  usable: string[];
}

/** Where sessions are remembered; the Durable Object keeps them in SQLite. */
export interface SessionStore {
  get(session: string): string | undefined;
  set(session: string, endpoint: string): void;
}

interface Waiter {
  id: string;
  session?: string;
  pin?: string;
  exclude: ReadonlySet<string>;
  settle(grant: Grant): void;
}

class Endpoint {
  readonly url: string;
  readonly key: string;
  readonly health = new Health();
  readonly latency = new LatencyWindow();
  readonly queue: Waiter[] = [];
  /** Leases held. */
  leased = 0;
  /** Pinned requests in flight, as the isolates last reported them. */
  pinned = 0;
  requests = 0;
  errors = 0;
  unprocessed = 0;

  constructor(url: string) {
    this.url = url;
    this.key = endpointKey(url);
  }

  get inFlight(): number {
    return this.leased + this.pinned;
  }
}

interface IsolateRecord {
  seq: number;
  inFlight: Record<string, number>;
  /** A silent isolate's counts stop counting then: its requests have all passed their deadline. */
  expiresAt: number;
}

interface Lease {
  endpoint: Endpoint;
  expiresAt: number;
}

export interface EndpointStatus {
  url: string;
  healthy: boolean;
  consecutive_failures: number;
  in_flight: number;
  queued: number;
  requests: number;
  errors: number;
  unprocessed: number;
  latency_ms: { p50: number; p99: number } | null;
}

export interface FleetStatus {
  paused: boolean;
  in_flight: number;
  /** New sessions waiting for any endpoint, plus requests held by a pause. */
  queued: number;
  endpoints: EndpointStatus[];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export class Router {
  readonly #store: SessionStore;
  readonly #all = new Map<string, Endpoint>();
  readonly #leases = new Map<string, Lease>();
  #config: RouterConfig;
  #fleet: Endpoint[] = [];
  #cursor = 0;
  #nextLease = 0;
  #nextSweep = 0;
  #waiting: Waiter[] = [];
  #parked: Waiter[] = [];
  readonly #isolates = new Map<string, IsolateRecord>();
  #paused = false;
  /** When the current pause began: it is not drained before every isolate's view has expired. */
  #pausedAt = 0;
  #drained: Array<() => void> = [];

  constructor(store: SessionStore, config: RouterConfig) {
    this.#store = store;
    this.#config = config;
    this.configure(config);
  }

  get config(): RouterConfig {
    return this.#config;
  }

  configure(config: RouterConfig): void {
    const changed = !sameList(config.endpoints, this.#fleet.map((e) => e.url));
    this.#config = config;
    if (!changed) return;
    this.#fleet = config.endpoints.map((url) => this.#all.get(url) ?? this.#all.set(url, new Endpoint(url)).get(url)!);
    // Waiters queued on an endpoint that left the fleet are placed again.
    for (const endpoint of this.#all.values()) {
      if (!this.#fleet.includes(endpoint)) this.#replace(endpoint.queue.splice(0));
    }
  }

  acquire(request: AcquireRequest): Promise<Grant> {
    this.#sweep();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        id: request.id ?? `lease-${++this.#nextLease}`,
        session: request.session,
        pin: request.pin,
        exclude: new Set(request.exclude),
        settle: (grant) => {
          clearTimeout(timer);
          resolve(grant);
        },
      };
      const timer = setTimeout(() => this.#expire(waiter), request.waitMs);
      this.#place(waiter);
    });
  }

  /** Ends a lease, or a wait for one, by its id; unknown ids (already ended, or taken back) are ignored. */
  release(id: string, report: Report): void {
    const held = this.#leases.get(id);
    if (!held) {
      // A caller that went away while queued: its turn must not become a slot nobody uses.
      if (report.outcome === "cancelled") this.#drop(id, "cancelled by the caller");
      return;
    }
    this.#leases.delete(id);
    const { endpoint } = held;
    endpoint.leased--;
    this.#record(endpoint, report);
    this.#dispatch(endpoint);
    this.#checkDrained();
    this.#sweep();
  }

  /**
   * Takes a gateway isolate's report of its pinned requests (their outcomes count as a lease's
   * would, in order) and answers the view it acts on until its next report.
   */
  sync(report: IsolateReport, now = Date.now()): FleetView {
    for (const { lease, ...released } of report.released) this.release(lease, released);
    for (const { endpoint: url, ...ended } of report.ended) {
      const endpoint = this.#all.get(url);
      if (endpoint) this.#record(endpoint, ended);
    }
    const known = this.#isolates.get(report.isolate);
    if (!known || known.seq < report.seq) {
      this.#isolates.set(report.isolate, { seq: report.seq, inFlight: report.inFlight, expiresAt: now + this.#config.requestTimeoutMs });
      this.#countPinned();
    }
    this.#checkDrained(now);
    this.#sweep(now);
    return { paused: this.#paused, usable: this.#fleet.filter((e) => e.health.usable(now)).map((e) => e.url) };
  }

  #record(endpoint: Endpoint, report: Report): void {
    if (report.outcome === "cancelled") return;
    endpoint.requests++;
    if (report.outcome === "ok") {
      endpoint.latency.record(report.latencyMs);
      this.#succeeded(endpoint);
    } else {
      endpoint.errors++;
      if (report.outcome === "unprocessed") endpoint.unprocessed++;
      this.#failed(endpoint);
    }
  }

  /** Every endpoint's pinned count from the isolates' latest reports; freed room goes to waiters. */
  #countPinned(): void {
    const before = new Map([...this.#all.values()].map((e) => [e, e.pinned]));
    for (const endpoint of this.#all.values()) endpoint.pinned = 0;
    for (const { inFlight } of this.#isolates.values()) {
      for (const [url, n] of Object.entries(inFlight)) {
        const endpoint = this.#all.get(url);
        if (endpoint) endpoint.pinned += n;
      }
    }
    for (const [endpoint, pinned] of before) if (endpoint.pinned < pinned) this.#dispatch(endpoint);
  }

  /** Keeps leases whose requests are still running from being taken back. */
  renew(ids: readonly string[], now = Date.now()): void {
    for (const id of ids) {
      const lease = this.#leases.get(id);
      if (lease) lease.expiresAt = now + this.#config.leaseMs;
    }
  }

  probed(url: string, healthy: boolean): void {
    const endpoint = this.#all.get(url);
    if (!endpoint) return;
    if (healthy) this.#succeeded(endpoint);
    else this.#failed(endpoint);
  }

  /** Takes back leases whose holders vanished and serves waiters an expired ejection lets in. */
  tick(now = Date.now()): void {
    this.#nextSweep = now + this.#config.leaseMs / 4;
    for (const [id, lease] of this.#leases) {
      if (lease.expiresAt > now) continue;
      this.#leases.delete(id);
      lease.endpoint.leased--;
    }
    let lapsed = false;
    for (const [id, isolate] of this.#isolates) {
      if (isolate.expiresAt > now) continue;
      this.#isolates.delete(id);
      lapsed = true;
    }
    if (lapsed) this.#countPinned();
    for (const endpoint of this.#fleet) this.#dispatch(endpoint);
    this.#checkDrained(now);
  }

  // Traffic itself takes back lapsed leases, a few times per TTL, so no timer need be exact.
  #sweep(now = Date.now()): void {
    if (now >= this.#nextSweep) this.tick(now);
  }

  /** Holds new requests; resolves once nothing is in flight, or when `drainMs` runs out. */
  pause(drainMs: number): Promise<{ in_flight: number }> {
    if (!this.#paused) this.#pausedAt = Date.now();
    this.#paused = true;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearTimeout(seen);
        this.#drained = this.#drained.filter((d) => d !== done);
        resolve({ in_flight: this.#inFlight() });
      };
      const timer = setTimeout(done, drainMs);
      // Once every isolate's view has expired, nothing can start that the router does not know of.
      const seen = setTimeout(() => this.#checkDrained(), Math.max(0, this.#pausedAt + drainWaitMs(this.#config) - Date.now()));
      this.#drained.push(done);
      this.#checkDrained();
    });
  }

  resume(): void {
    this.#paused = false;
    this.#replace(this.#parked.splice(0));
    for (const endpoint of this.#fleet) this.#dispatch(endpoint);
  }

  status(now = Date.now()): FleetStatus {
    return {
      paused: this.#paused,
      in_flight: this.#inFlight(),
      queued: this.#waiting.length + this.#parked.length,
      endpoints: this.#fleet.map((e) => ({
        url: e.url,
        healthy: e.health.usable(now),
        consecutive_failures: e.health.consecutiveFailures,
        in_flight: e.inFlight,
        queued: e.queue.length,
        requests: e.requests,
        errors: e.errors,
        unprocessed: e.unprocessed,
        latency_ms: e.latency.percentiles(),
      })),
    };
  }

  #inFlight(): number {
    return this.#fleet.reduce((sum, e) => sum + e.inFlight, 0);
  }

  #checkDrained(now = Date.now()): void {
    if (this.#drained.length === 0 || now < this.#pausedAt + drainWaitMs(this.#config)) return;
    if (this.#inFlight() === 0) for (const done of [...this.#drained]) done();
  }

  // Endpoints this waiter may use: healthy and untried, or, when there are none, any untried one.
  #pool(waiter: Waiter, now: number): Endpoint[] {
    const untried = this.#fleet.filter((e) => !waiter.exclude.has(e.url));
    const healthy = untried.filter((e) => e.health.usable(now));
    return healthy.length > 0 ? healthy : untried;
  }

  #place(waiter: Waiter): void {
    if (this.#paused) {
      this.#parked.push(waiter);
      return;
    }
    const pool = this.#pool(waiter, Date.now());
    if (pool.length === 0) {
      waiter.settle({ ok: false, reason: "every endpoint was tried and none could take the request" });
      return;
    }
    const home = waiter.pin !== undefined ? pool.find((e) => e.key === waiter.pin) : this.#known(waiter.session, pool);
    if (home) {
      if (home.inFlight < this.#config.maxInFlight) this.#grant(waiter, home, false);
      else home.queue.push(waiter);
      return;
    }
    const free = this.#nextFree(pool);
    if (free) this.#grant(waiter, free, true);
    else this.#waiting.push(waiter);
  }

  #known(session: string | undefined, pool: readonly Endpoint[]): Endpoint | undefined {
    if (session === undefined) return undefined;
    const url = this.#store.get(session);
    return pool.find((e) => e.url === url);
  }

  #replace(waiters: Waiter[]): void {
    for (const waiter of waiters) this.#place(waiter);
  }

  #nextFree(pool: readonly Endpoint[]): Endpoint | undefined {
    const n = this.#fleet.length;
    for (let step = 0; step < n; step++) {
      const index = (this.#cursor + step) % n;
      const endpoint = this.#fleet[index]!;
      if (endpoint.inFlight < this.#config.maxInFlight && pool.includes(endpoint)) {
        this.#cursor = (index + 1) % n;
        return endpoint;
      }
    }
    return undefined;
  }

  #grant(waiter: Waiter, endpoint: Endpoint, assign: boolean): void {
    endpoint.leased++;
    this.#leases.set(waiter.id, { endpoint, expiresAt: Date.now() + this.#config.leaseMs });
    // A pinned session carries its placement itself (pin.ts); only unpinned callers are remembered.
    if (assign && waiter.session !== undefined && waiter.pin === undefined) this.#store.set(waiter.session, endpoint.url);
    waiter.settle({ ok: true, lease: waiter.id, endpoint: endpoint.url });
  }

  // A freed slot goes to the endpoint's own sessions first, then to the oldest new session that
  // may use this endpoint.
  #dispatch(endpoint: Endpoint): void {
    if (!this.#fleet.includes(endpoint)) return;
    while (!this.#paused && endpoint.inFlight < this.#config.maxInFlight) {
      const own = endpoint.queue.shift();
      if (own) {
        this.#grant(own, endpoint, false);
        continue;
      }
      const now = Date.now();
      const index = this.#waiting.findIndex((w) => this.#pool(w, now).includes(endpoint));
      if (index === -1) return;
      this.#grant(this.#waiting.splice(index, 1)[0]!, endpoint, true);
    }
  }

  #succeeded(endpoint: Endpoint): void {
    const wasOut = !endpoint.health.usable(Date.now());
    endpoint.health.succeeded();
    if (wasOut) this.#dispatch(endpoint);
  }

  #failed(endpoint: Endpoint): void {
    // Sessions queued on an endpoint that just left rotation move to one that is in it.
    if (endpoint.health.failed(Date.now(), this.#config)) this.#replace(endpoint.queue.splice(0));
  }

  #expire(waiter: Waiter): void {
    const parked = this.#parked.includes(waiter);
    this.#unqueue(waiter);
    waiter.settle({
      ok: false,
      reason: parked
        ? "the gateway is paused (weight refit) and was not resumed within the request's deadline"
        : `no endpoint had a free slot (limit ${this.#config.maxInFlight} in flight each) within the request's deadline`,
    });
  }

  #drop(id: string, reason: string): void {
    const queues = [this.#parked, this.#waiting, ...[...this.#all.values()].map((e) => e.queue)];
    const waiter = queues.flat().find((w) => w.id === id);
    if (!waiter) return;
    this.#unqueue(waiter);
    waiter.settle({ ok: false, reason });
  }

  #unqueue(waiter: Waiter): void {
    const drop = (list: Waiter[]) => {
      const index = list.indexOf(waiter);
      if (index !== -1) list.splice(index, 1);
    };
    drop(this.#parked);
    drop(this.#waiting);
    for (const endpoint of this.#all.values()) drop(endpoint.queue);
  }
}
