// Relaying one request to the fleet: the router names an endpoint, the request goes there and its
// answer streams back, status and body unchanged. It moves to another endpoint only when it cannot
// have been processed (refused or reset before any response byte, or a 503), at most once per
// endpoint, so retries are bounded by the fleet's size.
//
// A slot is held exactly as long as its request: released when the answer has been read, when the
// call fails, or when the caller goes away (its request's signal), whether it was in flight or
// still queued. A holder that dies without a word stops renewing its lease, and the router takes
// the slot back within LEASE_TTL_MS.
//
// A session's later turns, which carry their endpoint (a pin), skip the router: with a context
// that has `pinned` (the gateway's), they go straight to that endpoint while the isolate's fleet
// view allows it, and are counted there (pinned.ts).
import { SNIPPET_CHARS, UNPROCESSED_HEADER, call, callStream, cancelledError, hopError, isUnprocessed } from "../client/call.ts";
import type { CallResult, FetcherLike, StreamResult } from "../client/call.ts";
import { ENVIRONMENT_HEADER, SESSION_HEADER } from "./headers.ts";
import { PIN_HEADER, endpointKey } from "./pin.ts";
import type { PinnedRequests, SyncClient } from "./pinned.ts";
import { LEASE_RENEW_MS } from "./router.ts";
import type { AcquireRequest, Grant, Outcome, Report, RouterConfig } from "./router.ts";

/** The router Durable Object's stub, structurally. */
export interface RouterClient extends SyncClient {
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
  /** This isolate's pinned requests: with it, a pinned session's turn goes straight to its endpoint. */
  pinned?: PinnedRequests;
  /** How endpoints are reached, when not by the global fetch (Target.network). */
  network?: FetcherLike;
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
  /** The caller reads the whole answer at once: it is read here, not passed through a stream. */
  buffered?: boolean;
}

/**
 * A relay's fields from the headers of what it serves: the sticky session and the endpoint it
 * carries (pin.ts), the environment passed on to the endpoint; and the caller's cancellation.
 */
export function relayFields(header: (name: string) => string | undefined, signal: AbortSignal | undefined): Pick<RelayRequest, "session" | "pin" | "headers" | "signal"> {
  const environment = header(ENVIRONMENT_HEADER);
  return { session: header(SESSION_HEADER), pin: header(PIN_HEADER), headers: environment ? { [ENVIRONMENT_HEADER]: environment } : {}, signal };
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
    // A slot given back after a good answer can wait for the isolate's next report (within a
    // quarter of the view's lifetime); a failure or a cancelled wait is said at once.
    const { pinned } = this.#ctx;
    if (pinned && outcome === "ok") {
      pinned.released(lease, report);
      const followUp = pinned.followUp(this.#ctx.router, this.#ctx.config, false);
      if (followUp) this.#ctx.waitUntil(followUp);
      return;
    }
    this.#ctx.waitUntil(
      this.#ctx.router.release(lease, report).catch((err: unknown) => {
        console.warn(`${this.#hop}: reporting to the router failed (the lease lapses on its own): ${(err as Error).message}`);
      }),
    );
  }
}

/** The answer, naming the endpoint it came from as the caller's pin does (a caller without a pin gets none). */
function answered(body: string | ReadableStream<Uint8Array> | null, result: { status: number; headers: Headers }, request: RelayRequest, endpoint: string): Response {
  const headers = { "content-type": result.headers.get("content-type") ?? "application/json", ...(request.pin === undefined ? {} : { [PIN_HEADER]: endpointKey(endpoint) }) };
  return new Response(body, { status: result.status, headers });
}

const keys = new WeakMap<readonly string[], Map<string, string>>();

/** The endpoint a pin names, among the fleet's. */
function pinnedEndpoint(config: RouterConfig, pin: string | undefined): string | undefined {
  if (!pin) return undefined;
  let byKey = keys.get(config.endpoints);
  if (!byKey) keys.set(config.endpoints, (byKey = new Map(config.endpoints.map((url) => [endpointKey(url), url]))));
  return byKey.get(pin);
}

type Sent = { response: Response } | { unprocessed: string } | { cancelled: true };

/**
 * One try at one endpoint. `end` is told once how it ended: at once when it failed, when the
 * answer has been read to the end otherwise (the endpoint is busy until then). `unprocessed`: the
 * endpoint refused it, so another may take it; a failure after it may have run is thrown.
 */
async function send(ctx: RelayContext, request: RelayRequest, endpoint: string, deadlineMs: number, end: (outcome: Outcome) => void): Promise<Sent> {
  const { signal } = request;
  // Named by its base URL, so errors carry the full URL of the endpoint as the hop.
  const target = { name: `${endpoint}/`, url: `${endpoint}/`, network: ctx.network };
  const options = { method: request.method, bodyText: request.bodyText, headers: { ...request.headers, ...ctx.headers }, deadlineMs, attempts: 1, signal };
  let result: StreamResult | CallResult;
  try {
    result = await (request.buffered ? call(target, request.path, options) : callStream(target, request.path, options));
  } catch (err) {
    if (signal?.aborted) {
      end("cancelled");
      return { cancelled: true };
    }
    const unprocessed = isUnprocessed(err);
    end(unprocessed ? "unprocessed" : "failed");
    if (!unprocessed) throw err;
    return { unprocessed: (err as Error).message };
  }
  if (result.status === 503) {
    // vLLM answers 503 when it takes no work (starting, overloaded, shutting down): nothing ran.
    const text = "text" in result ? result.text : await new Response(result.body).text().catch(() => "");
    end("unprocessed");
    return { unprocessed: `${endpoint}/${request.path} answered 503: ${text.slice(0, SNIPPET_CHARS)}` };
  }
  const { status } = result;
  if ("text" in result) {
    end(status < 500 ? "ok" : "failed");
    return { response: answered(result.text, result, request, endpoint) };
  }
  ctx.waitUntil(result.done.then((done) => end(signal?.aborted ? "cancelled" : done.ok && status < 500 ? "ok" : "failed")));
  return { response: answered(result.body, result, request, endpoint) };
}

/** A pinned turn sent straight to its endpoint if the isolate's view allows it; undefined if not. */
async function sendPinned(ctx: RelayContext, pinned: PinnedRequests, request: RelayRequest, endpoint: string, deadlineMs: number): Promise<Sent | undefined> {
  const { config, router } = ctx;
  const view = pinned.view(config) ?? (await pinned.report(router, config).catch(() => undefined));
  if (!view || view.paused || !view.usable.includes(endpoint)) return undefined;
  const began = Date.now();
  pinned.started(endpoint);
  return send(ctx, request, endpoint, deadlineMs, (outcome) => {
    pinned.ended(endpoint, { outcome, latencyMs: Date.now() - began });
    const followUp = pinned.followUp(router, config, outcome === "failed" || outcome === "unprocessed");
    if (followUp) ctx.waitUntil(followUp);
  });
}

export async function relay(ctx: RelayContext, request: RelayRequest): Promise<Response> {
  const deadline = Date.now() + ctx.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const hop = `${ctx.hop}/${request.path}`;
  const tried: string[] = [];
  const failures: string[] = [];
  const endpoint = ctx.pinned && pinnedEndpoint(ctx.config, request.pin);
  if (ctx.pinned && endpoint) {
    const sent = await sendPinned(ctx, ctx.pinned, request, endpoint, remaining());
    if (sent && "response" in sent) return sent.response;
    if (sent && "cancelled" in sent) return gone(hop);
    if (sent) {
      tried.push(endpoint);
      failures.push(sent.unprocessed);
    }
  }
  const { signal } = request;
  const hold = new Hold(ctx, hop);
  const onCancel = () => hold.end("cancelled");
  signal?.addEventListener("abort", onCancel, { once: true });
  const id = crypto.randomUUID();
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

      const sent = await send(ctx, request, grant.endpoint, remaining(), (outcome) => hold.end(outcome));
      if ("cancelled" in sent) return gone(hop);
      if ("unprocessed" in sent) {
        tried.push(grant.endpoint);
        failures.push(sent.unprocessed);
        continue;
      }
      streaming = true;
      return sent.response;
    }
  } finally {
    if (!streaming) signal?.removeEventListener("abort", onCancel);
  }
}
