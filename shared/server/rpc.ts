// Calls between our own Workers as Workers RPC (a method of the callee's `Rpc` entrypoint over its
// service binding, entrypoint.ts) rather than HTTP: a route's work with its body as a value, and no
// Request, URL, headers, middleware or JSON text to build and parse on either side. Only our own
// Workers hold a service binding, so what arrives here was checked where it entered the deployment
// (a /run row, a model's tool arguments): a handler checks only what that entry could not (a row's
// task fields, which only the resources server knows). The HTTP routes stay, for every other caller.
import { HttpError } from "./errors.ts";

/** What every Worker exports its entrypoint for our own Workers as (entrypoint.ts), and every service binding names. */
export const RPC_ENTRYPOINT = "Rpc";

export interface RpcRequest {
  /** The HTTP route this call stands for, e.g. `/verify` or `/get_weather`. */
  path: string;
  body?: unknown;
  /** What the callee gave this caller to replay, as its cookie does over HTTP (a session id, an endpoint pin). */
  session?: string;
  /** The caller's cookies for a route answered over HTTP after all (no RPC route: `answerRpc`). */
  cookie?: string;
  /** The few headers the route reads (the environment a model call belongs to). */
  headers?: Record<string, string>;
  /** What is left of the caller's deadline: the callee's own calls are cancelled then. */
  timeoutMs?: number;
  /**
   * The authenticated caller (a token's name) the call is made for: set by our own Worker from the
   * request it authenticated, never from a body; absent when open (one caller).
   */
  caller?: string;
}

export interface RpcAnswer {
  status: number;
  /** The answer as a value... */
  body?: unknown;
  /** ...or as text: JSON the callee has as text already (a relayed upstream answer), or a plain-text tool's answer. */
  text?: string;
  /** From now on the caller replays this; null: the session ended. */
  session?: string | null;
  /** Set-Cookie lines of a route answered over HTTP after all. */
  setCookies?: string[];
  /** The headers the caller reads, as an HTTP answer would carry them. */
  headers?: Record<string, string>;
  /** Nothing was started: as a 503 marked unprocessed over HTTP, another try is safe. */
  unprocessed?: boolean;
}

/** One RPC call as its handler sees it. */
export interface RpcCall<E> {
  request: RpcRequest;
  env: E;
  waitUntil(promise: Promise<unknown>): void;
  /** Aborted once the caller's deadline has passed: nobody is left to read the answer. */
  signal: AbortSignal | undefined;
}

export type RpcHandler<E> = (call: RpcCall<E>) => Promise<RpcAnswer>;

interface RpcRoutes {
  exact: Map<string, RpcHandler<never>>;
  /** For paths that are names (a resources server's tools); undefined for a path that is no name. */
  named?: (path: string) => RpcHandler<never> | undefined;
}

const tables = new WeakMap<object, RpcRoutes>();

function routesOf(app: object): RpcRoutes {
  let routes = tables.get(app);
  if (!routes) tables.set(app, (routes = { exact: new Map() }));
  return routes;
}

/** Answers `path` over RPC as the app's HTTP route of that path does. */
export function rpcRoute<E>(app: object, path: string, handler: RpcHandler<E>): void {
  routesOf(app).exact.set(path, handler as RpcHandler<never>);
}

/** Answers the paths with no route of their own that are names (`/<name>`: a tool's). */
export function rpcNamedRoutes<E>(app: object, handler: (path: string) => RpcHandler<E> | undefined): void {
  routesOf(app).named = handler as (path: string) => RpcHandler<never> | undefined;
}

/** A 200 answer. */
export const ok = (body: unknown, session?: string | null): RpcAnswer => ({ status: 200, body, ...(session === undefined ? {} : { session }) });

/** An error as its HTTP route answers it. */
export function errorAnswer(err: unknown, where: string): RpcAnswer {
  if (err instanceof HttpError) return { status: err.status, body: err.toJSON() };
  // The stack goes to the log, never to the caller.
  console.error(`${where} failed:`, err);
  return { status: 500, body: new HttpError(500, "internal_error", `internal error in ${where}`).toJSON() };
}

/** What a Worker's request context offers here (workerd's ExecutionContext, structurally). */
interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** A Worker's HTTP app (Hono's), with the env and context of the Worker it runs in. */
interface HttpApp {
  fetch(request: Request, env: never, ctx: never): Response | Promise<Response>;
}

/**
 * A path with no RPC route (any route of a Worker that has none, as one written outside this
 * project may) is answered by its HTTP route, as the same call over HTTP would be.
 */
async function overHttp(app: HttpApp, request: RpcRequest, env: unknown, ctx: WaitUntil): Promise<RpcAnswer> {
  const headers: Record<string, string> = { ...request.headers, "content-type": "application/json", ...(request.cookie ? { cookie: request.cookie } : {}) };
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const response = await app.fetch(new Request(`https://rpc.internal${request.path}`, { method: "POST", headers, body }), env as never, ctx as never);
  const setCookies = response.headers.getSetCookie();
  return {
    status: response.status,
    text: await response.text(),
    headers: Object.fromEntries(response.headers),
    ...(setCookies.length > 0 ? { setCookies } : {}),
  };
}

/**
 * Runs the RPC route of `request.path`, or its HTTP route where it has none. A caller that stops
 * waiting (its deadline passed) ends its context, and with it, in workerd, the calls it made: so
 * the call runs under waitUntil, to its own end (the caller's deadline, `signal`), and whatever it
 * holds (an endpoint's slot) is given back as when it answers.
 */
export function answerRpc<E>(app: HttpApp, request: RpcRequest, env: E, ctx: WaitUntil): Promise<RpcAnswer> {
  const answered = answer(app, request, env, ctx);
  ctx.waitUntil(answered);
  return answered;
}

async function answer<E>(app: HttpApp, request: RpcRequest, env: E, ctx: WaitUntil): Promise<RpcAnswer> {
  const routes = routesOf(app);
  const where = `${(env as { INSTANCE_NAME?: string }).INSTANCE_NAME ?? "server"} ${request.path}`;
  try {
    const handler = (routes.exact.get(request.path) ?? routes.named?.(request.path)) as RpcHandler<E> | undefined;
    if (!handler) return await overHttp(app, request, env, ctx);
    // Made only for a handler that reads it (one with calls of its own to cancel).
    let signal: AbortSignal | undefined;
    const { timeoutMs } = request;
    return await handler({
      request,
      env,
      waitUntil: (promise) => ctx.waitUntil(promise),
      get signal() {
        return timeoutMs === undefined ? undefined : (signal ??= AbortSignal.timeout(Math.max(1, timeoutMs)));
      },
    });
  } catch (err) {
    return errorAnswer(err, where);
  }
}
