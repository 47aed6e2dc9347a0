// Relaying one request to the fleet: the first endpoint that takes it answers, status and body
// unchanged. An endpoint is skipped only when it cannot have started the request, and each is
// tried at most once.
import { UNPROCESSED_HEADER, call, hopError } from "../shared/client/call.ts";
import { HttpError } from "../shared/server/errors.ts";
import type { GatewayConfig } from "./config.ts";
import { pickEndpoints } from "./pick_endpoint.ts";

export interface RelayRequest {
  method: "GET" | "POST";
  /** Relative to an endpoint's base URL, e.g. `v1/chat/completions`. */
  path: string;
  body?: unknown;
}

export async function relay(config: GatewayConfig, request: RelayRequest): Promise<Response> {
  const deadline = Date.now() + config.timeout_s * 1000;
  const headers: Record<string, string> = config.api_key ? { authorization: `Bearer ${config.api_key}` } : {};
  const failures: string[] = [];
  for (const base of pickEndpoints(config.endpoints)) {
    try {
      // Named by its base URL, so errors carry the full URL of the endpoint as the hop.
      const result = await call({ name: `${base}/`, url: `${base}/` }, request.path, {
        method: request.method,
        body: request.body,
        headers,
        deadlineMs: Math.max(1, deadline - Date.now()),
        attempts: 1,
      });
      return new Response(result.text, {
        status: result.status,
        headers: { "content-type": result.headers.get("content-type") ?? "application/json" },
      });
    } catch (err) {
      // call() fails with 503 only when the request cannot have run; anything else may have.
      if (!(err instanceof HttpError) || err.status !== 503) throw err;
      failures.push(err.message);
    }
  }
  const error = hopError(503, `fleet/${request.path}`, `no vLLM endpoint took the request: ${failures.join("; ")}`);
  // Nothing ran anywhere, so the caller may retry.
  return Response.json(error.toJSON(), { status: 503, headers: { [UNPROCESSED_HEADER]: "1" } });
}
