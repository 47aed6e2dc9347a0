// The vLLM-compatible emulator as an in-process HTTP server: `startEmulator` is what the CLI, the
// tests and the bench call.
import { EMULATOR_MODEL } from "../../shared/fleet/emulator.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Server } from "node:net";
import { ApiError } from "./errors.ts";
import { readJson, send } from "./http.ts";
import { Metrics } from "./metrics.ts";
import { outcomeDrawer } from "./outcomes.ts";
import { PrefixCache } from "./prefix_cache.ts";
import { loadReplayPolicy } from "./replay.ts";

export interface EmulatorOptions {
  /** 0 (the default) lets the OS choose. */
  port?: number;
  /** A socket already listening (handed over by the launcher, main.ts): taken instead of `port`. */
  listener?: Server;
  host?: string;
  seed?: number;
  /** Probability that the policy plays a conversation right, drawn on its first turn. */
  pCorrect?: number;
  /** Fixed delay before each chat completion answers. */
  latencyMs?: number;
  model?: string;
  maxModelLen?: number;
  maxBodyBytes?: number;
  /** Report prefix-cache hits as usage.prompt_tokens_details.cached_tokens, as vLLM's flag does. */
  promptTokensDetails?: boolean;
  /** A NeMo Gym rollouts file (JSONL) whose recorded turns answer instead of the skills (replay.ts). */
  replay?: string;
}

export interface Emulator {
  /** Base URL without /v1, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export const DEFAULTS = {
  port: 0,
  host: "127.0.0.1",
  seed: 42,
  pCorrect: 0.7,
  latencyMs: 0,
  model: EMULATOR_MODEL,
  maxModelLen: 131_072,
  maxBodyBytes: 32 * 1024 * 1024,
  promptTokensDetails: false,
} satisfies Required<Omit<EmulatorOptions, "listener" | "replay">>;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const config = { ...DEFAULTS, ...options };
  // A replay file is read (and refused) before the socket listens.
  const replay = config.replay === undefined ? undefined : loadReplayPolicy(config.replay);
  const startedAt = Math.floor(Date.now() / 1000);
  // The routes load every environment's skill: two thirds of a start (~0.6 s of ~0.9 s). They are
  // loaded once the socket listens, and a request waits for them: a stack of one environment is
  // ready sooner, and no request is answered before they are there.
  let loadRoutes!: () => void;
  const listening = new Promise<void>((resolve) => (loadRoutes = resolve));
  const table = listening.then(() => import("./routes.ts")).then(({ routes }) =>
    routes({
      model: config.model,
      maxModelLen: config.maxModelLen,
      latencyMs: config.latencyMs,
      drawOutcome: outcomeDrawer(config.seed, config.pCorrect),
      startedAt,
      prefixCache: new PrefixCache(),
      promptTokensDetails: config.promptTokensDetails,
      metrics: new Metrics(),
      replay,
    }),
  );
  // A load that fails is each request's 500 (handle), not an unhandled rejection.
  table.catch(() => {});

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?", 1)[0] as string;
    const methods = (await table)[path];
    const handler = req.method === "GET" || req.method === "POST" ? methods?.[req.method] : undefined;
    if (!methods) throw new ApiError(404, `no route ${req.method} ${path}`, { type: "not_found_error" });
    if (!handler) throw new ApiError(405, `method ${req.method} not allowed on ${path}`, { type: "invalid_request_error" });
    const body = req.method === "POST" ? await readJson(req, config.maxBodyBytes) : undefined;
    send(res, await handler(body, req.headers));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const error =
        err instanceof ApiError ? err : new ApiError(500, `internal error: ${(err as Error)?.message ?? String(err)}`, { type: "server_error" });
      if (error.status === 500) console.error("vLLM emulator:", err);
      // An oversized body may still be arriving: answer, then drop the connection.
      if (error.status === 413) res.setHeader("connection", "close");
      if (!res.headersSent) send(res, { status: error.status, json: error.toJSON() });
    });
  });
  // Longer than clients' pooled-socket idle time, so a reused socket is never closed under a request.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (config.listener) server.listen(config.listener, () => resolve());
    else server.listen(config.port, config.host, () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  // After the caller has heard the address (main.ts prints it): loading takes the event loop a while.
  setImmediate(loadRoutes);

  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
