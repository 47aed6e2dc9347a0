// Runs a planned stack locally in Miniflare (real workerd): every Worker on its own loopback
// port (port 0 = chosen by the OS, so no races), the head on 11000, the resolved config and the
// instance list published to the head's KV, and every server health-polled before returning.
// Miniflare's temporary files go in a directory of the stack's own (tmp_root.ts), and a persisted
// stack's storage keeps only objects that still store something (prune_objects.ts).
import { createServer } from "node:net";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { BUILD_DIR, bundleWorkers } from "../plan/build.ts";
import { RESOURCES_SERVER_SUFFIX, resolveInstance } from "../../shared/config/instances.ts";
import type { Instance } from "../../shared/config/instances.ts";
import type { WorkerSpec } from "../plan/plan.ts";
import { publishedConfig } from "../plan/published_config.ts";
import { HEAD_NAME } from "../plan/plan.ts";
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS, DEFAULT_RATE_LIMIT_PER_MINUTE, rateLimitNamespaceId } from "../plan/runtime.ts";
import { RPC_ENTRYPOINT } from "../../shared/server/rpc.ts";
import { GLOBAL_CONFIG_KEY, SERVER_INSTANCES_KEY } from "../../workers/head/keys.ts";
import { openFilesReadable, workerdOpenFiles } from "./open_files.ts";
import { pruneEmptyObjects } from "./prune_objects.ts";
import { shareIsolates } from "./shared_isolates.ts";
import type { Placement } from "./shared_isolates.ts";
import { claimTmpRoot, withTmpdir } from "./tmp_root.ts";

/** Every local Worker's DEPLOYMENT_ID (deployed ones carry `<project>[-<env>]`). */
export const LOCAL_DEPLOYMENT_ID = "local";
const WORKERD_V8_FLAGS = "--max-semi-space-size=2";
/**
 * The zone every local Worker runs on, as a deployment's Workers share one (the CF-Worker header
 * of what their global fetch sends). Workers of one zone share one outbound interceptor Worker
 * (Miniflare makes one per zone: patches/miniflare+…patch), not one isolate each.
 */
const LOCAL_ZONE = "edge-gym.localhost";
/** What the global fetch of a local Worker reaches (Miniflare's own "internet" service allows the same). */
const LOCAL_NETWORK = { network: { allow: ["public", "private"], deny: [] } };
// With authTokens, Workers get the Rate Limiting binding public ones get deployed (Miniflare emulates
// it), each its own namespace as deployed: a caller's requests to one Worker never spend its budget on another.
const localRateLimits = (worker: string) => ({ RATE_LIMITER: { namespace_id: rateLimitNamespaceId(worker), simple: { limit: DEFAULT_RATE_LIMIT_PER_MINUTE, period: 60 as const } } });

export interface ServerInstanceInfo {
  name: string;
  server_type: string;
  implementation: string;
  url: string;
  host: string;
  port: number;
  domain?: string;
}

export interface LocalStack {
  headUrl: string;
  instances: ServerInstanceInfo[];
  /** Worker name -> base URL, for every Worker including the head and gateways; an instance's old name too (resolveInstance). */
  urls: Map<string, string>;
  dispose(): Promise<void>;
}

export interface LocalStackOptions {
  specs: WorkerSpec[];
  instances: Instance[];
  config: Record<string, unknown>;
  sessionSecret: string;
  /** AUTH_TOKENS for every Worker's loopback port (bearer auth, as the public ones have deployed); open when absent. */
  authTokens?: string;
  host?: string;
  readyTimeoutMs?: number;
  /**
   * Keep Durable Object (and KV) storage in this directory, so a stack started again on it, with
   * the same sessionSecret, finds its sessions where they were; absent: storage dies with the stack.
   */
  persistPath?: string;
  /** How often a running persisted stack removes the files of objects that hold nothing (PRUNE_INTERVAL_MS). */
  pruneIntervalMs?: number;
  /** The specs' bundles (entry -> bundle path), when the caller made them already; made here otherwise. */
  bundles?: Promise<ReadonlyMap<string, string>>;
}

// Long enough that a scan of the storage directory costs nothing next to the rollouts that fill it.
const PRUNE_INTERVAL_MS = 30_000;

/** Every file a workerd on this machine has open (workerdOpenFiles: /proc, read where it exists). */
const openByWorkerd = (): ReadonlySet<string> => new Set([...(workerdOpenFiles() ?? new Map()).values()].flat());

async function waitHealthy(url: string, deadline: number): Promise<void> {
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not become healthy: ${last}`);
}

// Miniflare says "Address already in use (host:port) ... specify a different port with --port", a
// flag edge-gym does not have: say which of ours, or which instance's config, sets that port.
function portInUse(err: Error, specs: readonly WorkerSpec[]): Error | undefined {
  const taken = /Address already in use \(([^)]*):(\d+)\)/.exec(err.message);
  if (!taken) return undefined;
  const port = Number(taken[2]);
  const spec = specs.find((s) => s.port === port);
  const where = !spec || spec.name === HEAD_NAME ? "choose another with --head-port (0: any free port)" : `change ${spec.name}'s port in the config, or leave it out for a free one`;
  return new Error(`port ${port} on ${taken[1]} is in use (another edge-gym start?): ${where}`);
}

/**
 * The fixed ports the plan asks for, tried before anything is built or started: a port in use is
 * then a one-line error at once, not after every Worker has been bundled and loaded.
 */
export async function checkPorts(specs: readonly WorkerSpec[], host = "127.0.0.1"): Promise<void> {
  for (const spec of specs) {
    if (!spec.port) continue;
    const bindHost = spec.host ?? host;
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(spec.port, bindHost, () => probe.close(() => resolve()));
    }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "EADDRINUSE") throw err;
      throw portInUse(new Error(`Address already in use (${bindHost}:${spec.port})`), specs) ?? err;
    });
  }
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const host = options.host ?? "127.0.0.1";
  const bundles = await (options.bundles ?? bundleWorkers(options.specs.map((s) => s.entry)));
  const head = options.specs.find((s) => s.name === HEAD_NAME);
  if (!head) throw new Error("the plan has no head server");
  // Every Worker has a loopback port here, so with tokens every one requires them: deployed, only the
  // public ones are reachable, and calls through service bindings (our own Workers') need none.
  const authed = options.authTokens !== undefined;
  // Token-guarded stacks keep a Worker per instance: each has its own rate limit namespace, as deployed.
  const { alone, shared, placement } = authed ? { alone: options.specs, shared: [], placement: new Map<string, Placement>() } : shareIsolates(options.specs, bundles);
  // Each binding to the target's entrypoint for our own Workers: HTTP and RPC (shared/server/entrypoint.ts).
  const target = (name: string) => {
    const at = placement.get(name);
    return at ? { name: at.worker, entrypoint: at.rpc } : { name, entrypoint: RPC_ENTRYPOINT };
  };
  // A Durable Object class another Worker exports, wherever that Worker's instance runs.
  const objectsOf = (worker: string, className: string) => {
    const at = placement.get(worker);
    return at ? { scriptName: at.worker, className: `${className}__${at.id}` } : { scriptName: worker, className };
  };
  type Shape = Pick<WorkerSpec, "services" | "kv" | "durableObjects" | "foreignObjects" | "secrets">;
  // The shared Worker's modules are named: Miniflare follows no imports from a script's path.
  const worker = (name: string, modules: string[], spec: Shape, vars: Record<string, unknown>, sockets: { host: string; port: number; entrypoint?: string }[] | undefined) => ({
    name,
    ...(modules.length === 1 ? { modules: true, scriptPath: modules[0]! } : { modules: modules.map((path) => ({ type: "ESModule" as const, path })) }),
    // Module names are paths relative to this (the working directory by default), and workerd refuses a "..".
    modulesRoot: BUILD_DIR,
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    zone: LOCAL_ZONE,
    bindings: {
      ...(vars as Record<string, string>),
      SESSION_SECRET: options.sessionSecret,
      DEPLOYMENT_ID: LOCAL_DEPLOYMENT_ID,
      // A released session's instance ends at once (durable_objects/session_do.ts says why only
      // locally); Workers without its SessionDO never read it.
      END_RELEASED_SESSIONS: "1",
      ...spec.secrets,
      ...(authed ? { AUTH_MODE: "bearer", AUTH_TOKENS: options.authTokens! } : {}),
    },
    ratelimits: authed ? localRateLimits(name) : undefined,
    serviceBindings: {
      ...Object.fromEntries(Object.entries(spec.services).map(([binding, name]) => [binding, target(name)])),
      // Upstream calls (a fleet's endpoints) straight to the network: Miniflare's global fetch passes
      // every request through a Worker of its own first, a cost deployed Workers do not have.
      NETWORK: LOCAL_NETWORK,
    },
    kvNamespaces: spec.kv,
    durableObjects: {
      ...Object.fromEntries(Object.entries(spec.durableObjects).map(([binding, className]) => [binding, { className, useSQLite: true }])),
      ...Object.fromEntries(Object.entries(spec.foreignObjects).map(([binding, { className, worker }]) => [binding, { ...objectsOf(worker, className), useSQLite: true }])),
    },
    ...(sockets ? { unsafeDirectSockets: sockets } : {}),
  });
  const socketOf = (spec: WorkerSpec, entrypoint?: string) => ({ host: spec.host ?? host, port: spec.port ?? 0, ...(entrypoint ? { entrypoint } : {}) });
  const workers = [
    ...[head, ...alone.filter((s) => s !== head)].map((spec) => worker(spec.name, [bundles.get(spec.entry)!], spec, spec.vars, spec === head ? undefined : [socketOf(spec)])),
    ...shared.map((group) => worker(group.name, group.modules, group, group.vars, group.sockets.map(({ spec, entrypoint }) => socketOf(spec, entrypoint)))),
  ];
  const { persistPath } = options;
  // Before starting (once the runtimes a killed stack left are ended, by claimTmpRoot), while
  // running (sparing what a workerd holds open) and after stopping.
  const prune = (openFiles?: () => ReadonlySet<string>) => {
    if (persistPath !== undefined) pruneEmptyObjects(persistPath, openFiles);
  };
  const sweep = () => {
    try {
      prune(openByWorkerd);
    } catch {
      // A directory read failed (the stack stopping meanwhile): the next sweep, or the stop's, does it.
    }
  };
  const tmp = claimTmpRoot();
  prune();
  // V8 grows each busy isolate's young generation to its default cap (3 x 16 MiB) under a stream of
  // rollouts: workerd's RSS then climbed by a third over the first tens of thousands of rollouts
  // and stayed there. Capped at 2 MiB, it holds flat, at no measurable cost in CPU
  // (bench collect_100k, rollouts). Miniflare reads this variable as it assembles workerd's config,
  // after the constructor returns, so it is set for the process; one already set is kept.
  process.env.MINIFLARE_WORKERD_V8_FLAGS ??= WORKERD_V8_FLAGS;
  const mf = withTmpdir(tmp.path, () => new Miniflare(convertV4MiniflareOptions({ host, port: head.port, workers, resourcePersistencePath: persistPath })));
  const sweeping = persistPath !== undefined && openFilesReadable() ? setInterval(sweep, options.pruneIntervalMs ?? PRUNE_INTERVAL_MS).unref() : undefined;
  const dispose = async () => {
    clearInterval(sweeping);
    try {
      await mf.dispose();
    } finally {
      tmp.remove();
      prune();
    }
  };
  try {
    const headUrl = (await mf.ready.catch((err: Error) => Promise.reject(portInUse(err, options.specs) ?? err))).href.replace(/\/$/, "");
    const urls = new Map<string, string>([[HEAD_NAME, headUrl]]);
    for (const spec of options.specs) {
      const at = placement.get(spec.name);
      if (spec !== head) urls.set(spec.name, (await mf.unsafeGetDirectURL(at?.worker ?? spec.name, at?.http)).href.replace(/\/$/, ""));
    }
    for (const instance of options.instances) {
      const old = instance.name.slice(0, -RESOURCES_SERVER_SUFFIX.length);
      if (instance.name.endsWith(RESOURCES_SERVER_SUFFIX) && resolveInstance(options.instances, old) === instance && !urls.has(old)) urls.set(old, urls.get(instance.name)!);
    }
    const instances = options.instances.map((instance) => {
      const url = new URL(urls.get(instance.name)!);
      const domain = instance.config.domain;
      return {
        name: instance.name,
        server_type: instance.serverType,
        implementation: instance.implementation,
        url: url.href.replace(/\/$/, ""),
        host: url.hostname,
        port: Number(url.port),
        ...(typeof domain === "string" ? { domain } : {}),
      };
    });
    const kv = await mf.getKVNamespace("CONFIG", HEAD_NAME);
    const headAddress = new URL(headUrl);
    const published = publishedConfig(options.config, options.instances, (name) => instances.find((i) => i.name === name)!, { host: headAddress.hostname, port: Number(headAddress.port) });
    await kv.put(GLOBAL_CONFIG_KEY, JSON.stringify(published));
    await kv.put(SERVER_INSTANCES_KEY, JSON.stringify(instances));
    const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
    await Promise.all([...urls.values()].map((url) => waitHealthy(url, deadline)));
    return { headUrl, instances, urls, dispose };
  } catch (err) {
    // A Miniflare that never started rejects its dispose with the start's error: keep ours.
    await dispose().catch(() => {});
    throw err;
  }
}
