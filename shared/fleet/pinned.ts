// A gateway isolate's side of pinned sessions. A session that carries its endpoint (pin.ts) has
// its later turns sent straight there, with no router call, as long as the isolate's view of the
// fleet is fresh, not paused and has that endpoint in rotation. The isolate counts what it sends
// and reports it in batches (Router.sync): any change within a quarter of the view's lifetime, a
// failure at once. Each report answers a fresh view, so under traffic the view never goes stale;
// a turn that finds it stale reports first and acts on the answer.
import { reportWithinMs } from "./router.ts";
import type { FleetView, IsolateReport, Report, RouterConfig } from "./router.ts";

/** The router's side of a report, structurally (the FleetRouterDO stub). */
export interface SyncClient {
  sync(config: RouterConfig, report: IsolateReport): Promise<FleetView>;
}

export class PinnedRequests {
  // Made on first use: workerd allows no randomness at module scope.
  #id?: string;
  #seq = 0;
  #view?: FleetView;
  #viewAt = -Infinity;
  readonly #inFlight = new Map<string, number>();
  #ended: IsolateReport["ended"] = [];
  #released: IsolateReport["released"] = [];
  #changed = false;
  #lastReport = -Infinity;
  #scheduled = false;

  /** The view to act on now; undefined once older than the config allows. */
  view(config: RouterConfig, now = Date.now()): FleetView | undefined {
    return now - this.#viewAt < config.viewTtlMs ? this.#view : undefined;
  }

  started(endpoint: string): void {
    this.#inFlight.set(endpoint, (this.#inFlight.get(endpoint) ?? 0) + 1);
    this.#changed = true;
  }

  ended(endpoint: string, report: Report): void {
    const left = (this.#inFlight.get(endpoint) ?? 1) - 1;
    if (left > 0) this.#inFlight.set(endpoint, left);
    else this.#inFlight.delete(endpoint);
    this.#ended.push({ endpoint, ...report });
    this.#changed = true;
  }

  /** A leased slot whose request ended well, given back with the next report (relay.ts's Hold). */
  released(lease: string, report: Report): void {
    this.#released.push({ lease, ...report });
    this.#changed = true;
  }

  /** Sends everything not yet reported; answers (and keeps) the view the router gives back. */
  async report(router: SyncClient, config: RouterConfig): Promise<FleetView> {
    const ended = this.#ended;
    const released = this.#released;
    this.#ended = [];
    this.#released = [];
    this.#changed = false;
    this.#lastReport = Date.now();
    const report: IsolateReport = { isolate: (this.#id ??= crypto.randomUUID()), seq: ++this.#seq, inFlight: Object.fromEntries(this.#inFlight), ended, released };
    try {
      const view = await router.sync(config, report);
      this.#view = view;
      this.#viewAt = Date.now();
      return view;
    } catch (err) {
      // Not lost: the next report carries them.
      this.#ended = [...ended, ...this.#ended];
      this.#released = [...released, ...this.#released];
      this.#changed = true;
      throw err;
    }
  }

  /**
   * After a start or an end: the report that keeps the router's counts within the promised delay,
   * now for a failure, else once per interval. The promise is for the caller's waitUntil.
   */
  followUp(router: SyncClient, config: RouterConfig, urgent: boolean): Promise<void> | undefined {
    if (!this.#changed) return undefined;
    const quiet = () => {};
    if (urgent) return this.report(router, config).then(quiet, quiet);
    if (this.#scheduled) return undefined;
    this.#scheduled = true;
    const wait = Math.max(0, this.#lastReport + reportWithinMs(config) - Date.now());
    return new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
      this.#scheduled = false;
      return this.#changed ? this.report(router, config).then(quiet, quiet) : undefined;
    });
  }
}
