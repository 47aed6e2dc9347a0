// A model server's fleet for its tests: the gateway binding (only its RPC `/fleet` route: the
// settings the model server relays on), the gateway's router (the real Router behind a stand-in
// for its Durable Object, as in the gateway's tests), and endpoints intercepted at the model
// server's outbound fetch, answering from a script per path and recording what reached them.
import { vi } from "vitest";
import type { FleetSettings } from "../../../shared/fleet/context.ts";
import type { RpcRequest } from "../../../shared/server/rpc.ts";
import { routerNamespace } from "../../shared/fleet/router_stub.ts";

export type Answer = { status?: number; body?: unknown; sse?: string };

export interface Received {
  /** The endpoint, as its host name. */
  endpoint: string;
  path: string;
  body: any;
  authorization: string | null;
}

export const FLEET_KEY = "fleet-key";

/** `endpoints` are host names (http://<name>:8000); `refusing` ones fail as a refused connection does. */
export function fleetStub(answers: Record<string, Answer[]>, endpoints = ["gpu-a"], refusing: readonly string[] = []) {
  const requests: Received[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    requests.push({ endpoint: url.hostname, path: url.pathname, body: text === "" ? undefined : JSON.parse(text), authorization: request.headers.get("authorization") });
    if (refusing.includes(url.hostname)) throw new TypeError("Network connection lost: connection refused");
    const answer = answers[url.pathname]?.shift();
    if (!answer) return Response.json({ error: `unexpected ${url.pathname}` }, { status: 404 });
    if (answer.sse !== undefined) return new Response(answer.sse, { headers: { "content-type": "text/event-stream" } });
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  const settings: FleetSettings = {
    routing: {
      endpoints: endpoints.map((name) => `http://${name}:8000`),
      maxInFlight: 256,
      ejectAfterFailures: 3,
      ejectMs: 30_000,
      leaseMs: 15_000,
      sessionTtlMs: 3_600_000,
      probe: null,
      viewTtlMs: 1000,
      requestTimeoutMs: 600_000,
    },
    headers: { authorization: `Bearer ${FLEET_KEY}` },
    timeoutMs: 600_000,
  };
  const GATEWAY = {
    fetch: async () => Response.json({ error: "the model server calls its gateway over RPC only" }, { status: 500 }),
    post: async (request: RpcRequest) => (request.path === "/fleet" ? { status: 200, body: settings } : { status: 404, body: { error: { type: "not_found" } } }),
  };
  return { bindings: { GATEWAY, ROUTER: routerNamespace() }, requests };
}
