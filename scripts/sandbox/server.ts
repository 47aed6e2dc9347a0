// The local sandbox provider: an HTTP server on loopback that runs code in isolation.
//   GET /health                -> { status: "ok", python, sessions, runs: { running, waiting }, memory_cap, cpu_share } (cgroup.ts)
//   POST /run                  -> RunResult
//   POST /sessions/:id         -> { session, created } (opens it, with its limits and idle TTL)
//   POST /sessions/:id/cells   -> CellResult (opens the session if it is not open)
//   DELETE /sessions/:id       -> { closed }
// 400 with field paths on a bad request; 404 when a run names a database the sandbox does not have
// (databases.ts: nothing ran); 401 without the token it was given (auth.ts); 500 if the
// sandbox failed; 503 when it is full (no slot within a minute, or every session taken: nothing
// ran, so marked unprocessed for the caller to retry), or when the machine starved a program
// (deadline.ts: it ran, so it is not marked).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Server } from "node:net";
import { CellRequestSchema, OpenSessionSchema, RunRequestSchema, SessionIdSchema } from "../../shared/sandbox/schema.ts";
import type { z } from "../../shared/zod.ts";
import { UNPROCESSED_HEADER } from "../../shared/client/call.ts";
import { bearerCheck } from "./auth.ts";
import { DatabaseMissing } from "./databases.ts";
import type { DatabaseFolders } from "./databases.ts";
import { RunGroups } from "./cgroup.ts";
import { patienceFor } from "./deadline.ts";
import { findPython, type Python } from "./python.ts";
import { runIsolated, SandboxBusy, SandboxError, SandboxStarved } from "./run.ts";
import { Sessions, SessionsFull } from "./sessions.ts";
import { UID_BASE, UidPool } from "./uid_pool.ts";

export interface SandboxOptions {
  port: number;
  /** A socket already listening (handed over by the launcher, main.ts): taken instead of `port`. */
  listener?: Server;
  host: string;
  /** Runs at once; more wait for a free uid. */
  parallel: number;
  /** Sessions open at once; one more is refused. */
  maxSessions: number;
  /** How long a run may wait for a free slot before it is refused (503, never started). */
  queueTimeoutMs: number;
  /** Every route but /health requires `Authorization: Bearer <token>` (auth.ts); open without one. */
  token?: string;
  /** The folders of databases a run may name (databases.ts). */
  databases?: DatabaseFolders;
}

export const DEFAULTS: SandboxOptions = { port: 0, host: "127.0.0.1", parallel: 16, maxSessions: 256, queueTimeoutMs: 60_000 };
export const MAX_PARALLEL = 1000;

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface SandboxServer {
  url: string;
  python: Python;
  close(): Promise<void>;
}

class HttpError extends Error {
  readonly status: number;
  readonly details: object;

  constructor(status: number, message: string, details: object = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Aborts when the caller goes away before its answer is sent. */
function callerGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) gone.abort(new Error("the caller went away"));
  });
  return gone.signal;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch (err) {
    throw new HttpError(400, `invalid JSON: ${(err as Error).message}`);
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown, at: string[] = []): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: [...at, ...i.path.map(String)].join("."), message: i.message }));
  throw new HttpError(400, issues.map((i) => `${i.path || "(body)"}: ${i.message}`).join("; "), { issues });
}

// Everything here needs host root: mounting, and running each program as its own uid.
function checkPrivileges(): void {
  if (process.getuid?.() !== 0) throw new Error("the sandbox must run as root (it mounts namespaces and switches to per-run uids)");
}

export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<SandboxServer> {
  const { port, host, parallel, maxSessions, queueTimeoutMs } = { ...DEFAULTS, ...options };
  checkPrivileges();
  const authorized = bearerCheck(options.token);
  const python = findPython();
  const uids = new UidPool(parallel);
  const patience = patienceFor(parallel);
  const slots = { uids, queueTimeoutMs, patience, databases: options.databases ?? new Map() };
  const groups = RunGroups.probe();
  // Session uids follow every run uid, so the two never share a process limit.
  const sessions = new Sessions(python, new UidPool(maxSessions, UID_BASE + MAX_PARALLEL), maxSessions, groups, patience);

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (err instanceof HttpError) send(res, err.status, { error: err.message, ...err.details });
      // Nothing was started: the caller may retry.
      else if (err instanceof SessionsFull || err instanceof SandboxBusy) send(res, 503, { error: err.message }, { [UNPROCESSED_HEADER]: "1" });
      else if (err instanceof SandboxStarved) send(res, 503, { error: err.message });
      else if (err instanceof DatabaseMissing) send(res, 404, { error: err.message });
      else send(res, 500, { error: err instanceof SandboxError ? err.message : `internal error: ${err.message}` });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/health" && req.method === "GET") return send(res, 200, { status: "ok", python: python.version, sessions: sessions.size, runs: uids.load, ...groups.holds });
    // Before any body is read or any route looked at.
    if (!authorized(req.headers.authorization)) throw new HttpError(401, 'this sandbox needs "Authorization: Bearer <token>" with the token its stack gave it');
    if (path === "/run" && req.method === "POST") return send(res, 200, await runIsolated(python, slots, parse(RunRequestSchema, await readJson(req)), groups, callerGone(res)));
    const session = /^\/sessions\/([^/]*)(\/cells)?$/.exec(path);
    if (!session) throw new HttpError(path === "/health" || path === "/run" ? 405 : 404, `no route ${req.method} ${path}`);
    const id = parse(SessionIdSchema, session[1], ["session"]);
    const cells = session[2] !== undefined;
    if (cells && req.method === "POST") return send(res, 200, await sessions.cell(id, parse(CellRequestSchema, await readJson(req))));
    if (!cells && req.method === "POST") return send(res, 200, { session: id, ...(await sessions.ensure(id, parse(OpenSessionSchema, await readJson(req)))) });
    if (!cells && req.method === "DELETE") return send(res, 200, { closed: sessions.close(id) });
    throw new HttpError(405, `no route ${req.method} ${path}`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (options.listener) server.listen(options.listener, resolve);
    else server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    python,
    close: () => {
      sessions.closeAll();
      return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
