// Relaying one request to the fleet: the router names an endpoint, the request goes there and its
// answer streams back, status and body unchanged. It moves to another endpoint only when it cannot
// have been processed (refused or reset before any response byte, or a 503), at most once per
// endpoint, so retries are bounded by the fleet's size.
import { SNIPPET_CHARS, UNPROCESSED_HEADER, callStream, hopError, isUnprocessed } from "../shared/client/call.ts";
import type { StreamResult } from "../shared/client/call.ts";
import type { AcquireRequest, Grant, Outcome, Report, RouterConfig } from "./router.ts";

/** The router Durable Object's stub, structurally. */
export interface RouterClient {
  acquire(config: RouterConfig, request: AcquireRequest): Promise<Grant>;
  release(lease: string, report: Report): Promise<void>;
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
}

function unavailable(hop: string, reasons: string[]): Response {
  const error = hopError(503, hop, `no endpoint took the request: ${reasons.join("; ")}`);
  // Nothing ran anywhere, so the caller may retry.
  return Response.json(error.toJSON(), { status: 503, headers: { [UNPROCESSED_HEADER]: "1" } });
}

export async function relay(ctx: RelayContext, request: RelayRequest): Promise<Response> {
  const deadline = Date.now() + ctx.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const hop = `${ctx.hop}/${request.path}`;
  const tried: string[] = [];
  const failures: string[] = [];
  for (;;) {
    const grant = await ctx.router.acquire(ctx.config, { session: request.session, exclude: tried, waitMs: remaining() });
    if (!grant.ok) return unavailable(hop, [...failures, grant.reason]);
    const started = Date.now();
    const release = (outcome: Outcome) =>
      ctx.router.release(grant.lease, { outcome, latencyMs: Date.now() - started }).catch((err: unknown) => {
        console.warn(`${hop}: reporting to the router failed (the lease expires on its own): ${(err as Error).message}`);
      });

    let result: StreamResult;
    try {
      // Named by its base URL, so errors carry the full URL of the endpoint as the hop.
      result = await callStream({ name: `${grant.endpoint}/`, url: `${grant.endpoint}/` }, request.path, {
        method: request.method,
        bodyText: request.bodyText,
        headers: ctx.headers,
        deadlineMs: remaining(),
        attempts: 1,
      });
    } catch (err) {
      const unprocessed = isUnprocessed(err);
      ctx.waitUntil(release(unprocessed ? "unprocessed" : "failed"));
      if (!unprocessed) throw err;
      tried.push(grant.endpoint);
      failures.push((err as Error).message);
      continue;
    }

    if (result.status === 503) {
      // vLLM answers 503 when it takes no work (starting, overloaded, shutting down): nothing ran.
      const text = await new Response(result.body).text().catch(() => "");
      ctx.waitUntil(release("unprocessed"));
      tried.push(grant.endpoint);
      failures.push(`${grant.endpoint}/${request.path} answered 503: ${text.slice(0, SNIPPET_CHARS)}`);
      continue;
    }

    const { status } = result;
    // The endpoint is busy until its answer has been read to the end, and healthy if it was.
    ctx.waitUntil(result.done.then((done) => release(done.ok && status < 500 ? "ok" : "failed")));
    return new Response(result.body, { status, headers: { "content-type": result.headers.get("content-type") ?? "application/json" } });
  }
}
