// Relaying one request to the fleet: the router names an endpoint, the request goes there and its
// answer streams back, status and body unchanged. It moves to another endpoint only when it cannot
// have been processed (refused or reset before any response byte, or a 503), at most once per
// endpoint, so retries are bounded by the fleet's size.
//
// A slot is held exactly as long as its request: released when the answer has been read, when the
// call fails, or when the caller goes away (its request's signal), whether it was in flight or
// still queued. A holder that dies without a word stops renewing its lease, and the router takes
// the slot back within LEASE_TTL_MS.
import { SNIPPET_CHARS, UNPROCESSED_HEADER, callStream, cancelledError, hopError, isUnprocessed } from "../client/call.ts";
import type { StreamResult } from "../client/call.ts";
import { PIN_HEADER, endpointKey } from "./pin.ts";
import { LEASE_RENEW_MS } from "./router.ts";
import type { AcquireRequest, Grant, Outcome, Report, RouterConfig } from "./router.ts";

/** The router Durable Object's stub, structurally. */
export interface RouterClient {
  acquire(config: RouterConfig, request: AcquireRequest): Promise<Grant>;
  release(lease: string, report: Report): Promise<void>;
  renew(leases: string[]): Promise<void>;
}

export interface RelayContext {
  router: RouterClient;
  config: RouterConfig;
  /** Sent to every endpoint (the fleet's bearer key). */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Keeps the report to the router alive after the response has gone. */
  waitUntil(promise: Promise<unknown>): void;
  /** Names the fleet in errors, e.g. `fleet`. */
  hop: string;
}

export interface RelayRequest {
  method: "GET" | "POST";
  /** Relative to an endpoint's base URL, e.g. `v1/chat/completions`. */
  path: string;
  bodyText?: string;
  /** The sticky key. */
  session?: string;
  /** The endpoint key the session carries (pin.ts); the answer names the one that served it. */
  pin?: string;
  /** Sent to the endpoint beside the context's headers. */
  headers?: Record<string, string>;
  /** The caller's request: once it is cancelled, nothing more is sent and the slot is freed. */
  signal?: AbortSignal;
}

function unavailable(hop: string, reasons: string[]): Response {
  const error = hopError(503, hop, `no endpoint took the request: ${reasons.join("; ")}`);
  // Nothing ran anywhere, so the caller may retry.
  return Response.json(error.toJSON(), { status: 503, headers: { [UNPROCESSED_HEADER]: "1" } });
}

// Nobody reads it: the caller has gone.
const gone = (hop: string) => Response.json(cancelledError(hop).toJSON(), { status: 499 });

/** The slot (or the wait for one) this relay holds right now, and how it ends, once. */
class Hold {
  readonly #ctx: RelayContext;
  readonly #hop: string;
  #lease?: string;
  #renewal?: ReturnType<typeof setInterval>;
  #started = 0;

  constructor(ctx: RelayContext, hop: string) {
    this.#ctx = ctx;
    this.#hop = hop;
  }

  waitFor(lease: string): void {
    this.#lease = lease;
  }

  /** The wait ended without a slot: the router has nothing to be told. */
  refused(): void {
    this.#lease = undefined;
  }

  granted(): void {
    this.#started = Date.now();
    this.#renewal = setInterval(() => {
      if (this.#lease) this.#ctx.router.renew([this.#lease]).catch(() => {});
    }, LEASE_RENEW_MS);
  }

  end(outcome: Outcome): void {
    const lease = this.#lease;
    if (lease === undefined) return;
    this.#lease = undefined;
    if (this.#renewal !== undefined) clearInterval(this.#renewal);
    const report = { outcome, latencyMs: Date.now() - this.#started };
    this.#ctx.waitUntil(
      this.#ctx.router.release(lease, report).catch((err: unknown) => {
        console.warn(`${this.#hop}: reporting to the router failed (the lease lapses on its own): ${(err as Error).message}`);
      }),
    );
  }
}

export async function relay(ctx: RelayContext, request: RelayRequest): Promise<Response> {
  const deadline = Date.now() + ctx.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const hop = `${ctx.hop}/${request.path}`;
  const { signal } = request;
  const hold = new Hold(ctx, hop);
  const onCancel = () => hold.end("cancelled");
  signal?.addEventListener("abort", onCancel, { once: true });
  const id = crypto.randomUUID();
  const tried: string[] = [];
  const failures: string[] = [];
  let streaming = false;
  try {
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) return gone(hop);
      const lease = `${id}:${attempt}`;
      hold.waitFor(lease);
      const grant = await ctx.router.acquire(ctx.config, { id: lease, session: request.session, pin: request.pin, exclude: tried, waitMs: remaining() });
      if (!grant.ok) {
        hold.refused();
        return unavailable(hop, [...failures, grant.reason]);
      }
      // A caller that left while queued: its request is never sent.
      if (signal?.aborted) {
        hold.end("cancelled");
        return gone(hop);
      }
      hold.granted();

      let result: StreamResult;
      try {
        // Named by its base URL, so errors carry the full URL of the endpoint as the hop.
        result = await callStream({ name: `${grant.endpoint}/`, url: `${grant.endpoint}/` }, request.path, {
          method: request.method,
          bodyText: request.bodyText,
          headers: { ...request.headers, ...ctx.headers },
          deadlineMs: remaining(),
          attempts: 1,
          signal,
        });
      } catch (err) {
        if (signal?.aborted) {
          hold.end("cancelled");
          return gone(hop);
        }
        const unprocessed = isUnprocessed(err);
        hold.end(unprocessed ? "unprocessed" : "failed");
        if (!unprocessed) throw err;
        tried.push(grant.endpoint);
        failures.push((err as Error).message);
        continue;
      }

      if (result.status === 503) {
        // vLLM answers 503 when it takes no work (starting, overloaded, shutting down): nothing ran.
        const text = await new Response(result.body).text().catch(() => "");
        hold.end("unprocessed");
        tried.push(grant.endpoint);
        failures.push(`${grant.endpoint}/${request.path} answered 503: ${text.slice(0, SNIPPET_CHARS)}`);
        continue;
      }

      const { status } = result;
      // The endpoint is busy until its answer has been read to the end, and healthy if it was.
      streaming = true;
      ctx.waitUntil(
        result.done.then((done) => {
          signal?.removeEventListener("abort", onCancel);
          hold.end(signal?.aborted ? "cancelled" : done.ok && status < 500 ? "ok" : "failed");
        }),
      );
      const headers = { "content-type": result.headers.get("content-type") ?? "application/json", ...(request.pin === undefined ? {} : { [PIN_HEADER]: endpointKey(grant.endpoint) }) };
      return new Response(result.body, { status, headers });
    }
  } finally {
    if (!streaming) signal?.removeEventListener("abort", onCancel);
  }
}
