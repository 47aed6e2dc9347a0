// `edge-gym view`'s HTTP server: the viewer page at /ui/viewer and its API (shared/ui/api.ts)
// over a rollouts file, on loopback unless told otherwise. node:http is enough: three GET routes.
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { invalidRequest, zodIssues } from "../../shared/server/errors.ts";
import { RolloutQuery, UI_BASE } from "../../shared/ui/api.ts";
import { UnknownCursor } from "../../shared/ui/rollout_list.ts";
import { viewerPage } from "../../shared/ui/viewer_page.ts";
import type { RolloutFile } from "./file_store.ts";

export class ServeError extends Error {}

export interface Served {
  url: string;
  close(): Promise<void>;
}

const VIEWER = `${UI_BASE}/viewer`;
const ROLLOUTS = `${UI_BASE}/api/rollouts`;

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, "application/json; charset=utf-8", JSON.stringify(body));
const error = (res: ServerResponse, status: number, type: string, message: string) => json(res, status, { error: { type, message } });

async function route(store: RolloutFile, page: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method !== "GET" && req.method !== "HEAD") return error(res, 405, "method_not_allowed", `${req.method} is not served here: the viewer is read-only`);
  if (url.pathname === "/" || url.pathname === UI_BASE || url.pathname === `${VIEWER}/`) return send(res, 302, "text/plain", "", { location: VIEWER });
  if (url.pathname === VIEWER) return send(res, 200, "text/html; charset=utf-8", page);
  if (url.pathname === ROLLOUTS) {
    const query = RolloutQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return json(res, 400, invalidRequest(zodIssues(query.error)).toJSON());
    try {
      return json(res, 200, store.list(query.data));
    } catch (err) {
      if (err instanceof UnknownCursor) return error(res, 400, "invalid_request", err.message);
      throw err;
    }
  }
  if (url.pathname.startsWith(`${ROLLOUTS}/`)) {
    let id: string;
    try {
      id = decodeURIComponent(url.pathname.slice(ROLLOUTS.length + 1));
    } catch {
      return error(res, 400, "invalid_request", "id: not a percent-encoded rollout id");
    }
    const detail = await store.detail(id);
    if (detail === undefined) return error(res, 404, "not_found", `no rollout "${id}" in this file`);
    return json(res, 200, detail);
  }
  return error(res, 404, "not_found", `nothing at ${url.pathname}: the viewer is at ${VIEWER}`);
}

/** Serves the store until closed; a port in use is a one-line ServeError. */
export async function serveRollouts(store: RolloutFile, options: { host: string; port: number }): Promise<Served> {
  const page = viewerPage({ dashboard: false });
  const server = createServer((req, res) => {
    route(store, page, req, res).catch((err: Error) => {
      if (!res.headersSent) error(res, 500, "internal_error", err.message);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EADDRINUSE") reject(new ServeError(`port ${options.port} on ${options.host} is in use: pick another with --port (0 = any free port)`));
      else if (err.code === "EADDRNOTAVAIL") reject(new ServeError(`cannot listen on ${options.host}: not an address of this machine`));
      else reject(err);
    });
    server.listen(options.port, options.host, resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}${VIEWER}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
