// Bringing a whole local stack up from config: resolve, plan, start the vLLM emulator and the code
// sandbox when the config points at them, run the Workers, and take everything down again in
// reverse order. Each distinct `emulator://<name>` among the gateways' endpoints is one emulator
// process, so `policy_base_url: [emulator://a, emulator://b]` is a local fleet of two; each
// distinct `sandbox://<name>` is one sandbox process.
import { randomBytes } from "node:crypto";
import { loadConfig, resolveUserPath } from "../plan/config.ts";
import { foldersArgs, foldersOf } from "../sandbox/databases.ts";
import { withDependencies } from "../../shared/config/instances.ts";
import { EMULATOR_SCHEME } from "../../shared/fleet/emulator.ts";
import { ConfigError } from "../../shared/config/errors.ts";
import { SANDBOX_SCHEME } from "../../shared/sandbox/client.ts";
import { CLOUDFLARE_SANDBOX_URL, SANDBOX_TOKEN_BINDING } from "../../shared/sandbox/target.ts";
import { mapStrings, placeholders } from "../plan/placeholders.ts";
import { startEmulator, startSandbox } from "./local_process.ts";
import { bundleWorkers } from "../plan/build.ts";
import type { LocalProcess, StartingProcess } from "./local_process.ts";
import { checkPorts, startLocalStack } from "./local.ts";
import type { LocalStack } from "./local.ts";
import { HEAD_NAME, planWorkers } from "../plan/plan.ts";
import type { Implementation } from "../plan/registry.ts";
import type { WorkerSpec } from "../plan/plan.ts";

export interface UpOptions {
  configPaths?: string[];
  overrides?: string[];
  headPort?: number;
  emulatorArgs?: string[];
  /** Run only these instances and what they reference (all when absent): one environment starts in a fraction of the time. */
  only?: string[];
  /** The implementations to plan with (default: this project's, discovered from disk). */
  implementations?: readonly Implementation[];
  /** AUTH_TOKENS required on every Worker's loopback port (bearer auth, as the public ones have deployed). Without it the routes are open. */
  authTokens?: string;
  /** Durable Object storage kept in this directory across runs (see LocalStackOptions.persistPath). */
  persistPath?: string;
  /** See LocalStackOptions.pruneIntervalMs. */
  pruneIntervalMs?: number;
  /** false: agents do not report rollouts to the head's monitor (the dashboard stays empty); for `npm run bench rollouts`'s comparison. */
  monitor?: boolean;
  /** Signs session cookies; one made at random when absent. A persisted stack needs the same one again. */
  sessionSecret?: string;
  log?: (line: string) => void;
}

export interface RunningStack {
  stack: LocalStack;
  /** The first emulator started, when any was. */
  emulator?: LocalProcess;
  /** Every emulator started, by its placeholder (`emulator://local`). */
  emulators: Map<string, LocalProcess>;
  /** Every code sandbox started, by its placeholder (`sandbox://local`). */
  sandboxes: Map<string, LocalProcess>;
  specs: WorkerSpec[];
  stop(): Promise<void>;
}

// A gateway's `emulator://<name>` endpoints get the URLs of the emulators started for them. Other
// configs keep the placeholder: it tells vllm_model its fleet is the emulator.
function pointAtEmulators(specs: WorkerSpec[], emulators: Map<string, LocalProcess>): void {
  for (const spec of specs.filter((s) => s.role === "gpu_gateway")) {
    spec.vars.INSTANCE_CONFIG = mapStrings(spec.vars.INSTANCE_CONFIG, (s) => (emulators.has(s) ? `${emulators.get(s)!.url}/v1` : s));
  }
}

/**
 * Starts a local sandbox for each distinct `sandbox://<name>` in the instance configs and puts its
 * URL in their place; the caller stops them. `sandbox://cloudflare` is refused before any starts.
 * Resolves once their addresses are known, with `ready`, a promise that they all serve.
 *
 * A sandbox runs code for whoever reaches its port, and any user of this machine can reach
 * loopback: so it requires a bearer token made at random for this run, which only the Workers
 * that name it get (their secret SANDBOX_TOKEN), whether or not the stack runs with --auth-token.
 */
export async function startSandboxes(specs: WorkerSpec[], sandboxes: Map<string, LocalProcess>, log: (line: string) => void = () => {}): Promise<{ ready: Promise<void> }> {
  // The Cloudflare provider is a deployment's Worker on Cloudflare Containers: no container runtime runs here.
  const deployedOnly = specs.filter((s) => placeholders([s.vars.INSTANCE_CONFIG], SANDBOX_SCHEME).includes(CLOUDFLARE_SANDBOX_URL)).map((s) => s.instance);
  if (deployedOnly.length > 0) {
    throw new ConfigError([`${deployedOnly.join(", ")}: sandbox_url ${CLOUDFLARE_SANDBOX_URL} runs code in Cloudflare Containers, deployed only; locally use sandbox_url: sandbox://local`]);
  }
  const token = randomBytes(32).toString("hex");
  // The folders of real databases the configs name (bird_sql_dir, ...), which runs may mount read-only.
  const databases = foldersArgs(foldersOf(specs.map((s) => s.vars.INSTANCE_CONFIG), (path) => resolveUserPath(path)));
  const started = await startEach(specs, SANDBOX_SCHEME, () => startSandbox(token, databases), sandboxes, (placeholder, sandbox) =>
    log(`${placeholder}: the local code sandbox (real CPython, no network, its own namespaces) at ${sandbox.url}`),
  );
  for (const spec of specs.filter((s) => placeholders([s.vars.INSTANCE_CONFIG], SANDBOX_SCHEME).some((p) => sandboxes.has(p)))) {
    spec.vars.INSTANCE_CONFIG = mapStrings(spec.vars.INSTANCE_CONFIG, (s) => sandboxes.get(s)?.url ?? s);
    spec.secrets = { ...spec.secrets, [SANDBOX_TOKEN_BINDING]: token };
  }
  return started;
}

/**
 * Starts one process per distinct placeholder of `scheme` in the instance configs; resolves once
 * their addresses are known, with `ready`, a promise that they all serve (wrapped: a promise an
 * async function returned would be waited for).
 */
async function startEach(specs: WorkerSpec[], scheme: string, start: () => Promise<StartingProcess>, into: Map<string, LocalProcess>, log: (placeholder: string, p: LocalProcess) => void): Promise<{ ready: Promise<void> }> {
  const started = await Promise.allSettled(placeholders(specs.map((s) => s.vars.INSTANCE_CONFIG), scheme).map(async (placeholder) => {
    const process = await start();
    into.set(placeholder, process);
    log(placeholder, process);
    return { ready: process.ready };
  }));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  const ready = Promise.all(started.map((s) => (s as PromiseFulfilledResult<{ ready: Promise<void> }>).value.ready)).then(() => {});
  // Awaited with the stack's start; until then a failure must not go unhandled.
  ready.catch(() => {});
  return { ready };
}

export async function stopAll(...groups: Map<string, LocalProcess>[]): Promise<void> {
  await Promise.all(groups.flatMap((g) => [...g.values()]).map((p) => p.stop()));
}

export async function bringUp(options: UpOptions = {}): Promise<RunningStack> {
  const log = options.log ?? (() => {});
  const resolved = loadConfig(options.configPaths, options.overrides ?? [], { local: true, log });
  const instances = options.only ? withDependencies(resolved.instances, options.only) : resolved.instances;
  const specs = planWorkers(instances, options.headPort, options.implementations);
  if (options.monitor === false) for (const spec of specs) for (const [binding, object] of Object.entries(spec.foreignObjects)) if (object.worker === HEAD_NAME) delete spec.foreignObjects[binding];
  const emulators = new Map<string, LocalProcess>();
  const sandboxes = new Map<string, LocalProcess>();
  // A port in use is refused before any process starts.
  await checkPorts(specs);
  // Bundling runs while the stand-ins start, and workerd starts while they still load (their
  // addresses are known at once: local_process.ts): none needs another, and each is a large part of
  // a start. A bundling failure is reported where the stack awaits it (or not at all if a stand-in failed first).
  const bundles = bundleWorkers(specs.map((s) => s.entry));
  bundles.catch(() => {});
  try {
    // Sandboxes first: a config naming one this machine cannot run is refused before anything starts.
    const sandboxesStarted = await startSandboxes(specs, sandboxes, log);
    const emulatorsStarted = await startEach(specs, EMULATOR_SCHEME, () => startEmulator(options.emulatorArgs), emulators, (placeholder, emulator) =>
      log(`policy_base_url has ${placeholder}: using the vLLM emulator (a scripted stand-in, not a model) at ${emulator.url}`),
    );
    pointAtEmulators(specs, emulators);
    const starting = startLocalStack({
      specs,
      bundles,
      instances,
      config: resolved.config,
      sessionSecret: options.sessionSecret ?? randomBytes(32).toString("hex"),
      authTokens: options.authTokens,
      persistPath: options.persistPath,
      pruneIntervalMs: options.pruneIntervalMs,
    });
    // A stand-in that fails to come up fails the start, and takes down the Workers started meanwhile.
    const [stack] = await Promise.all([starting, sandboxesStarted.ready, emulatorsStarted.ready]).catch(async (err: unknown) => {
      await starting.then((s) => s.dispose(), () => {});
      throw err;
    });
    log(options.authTokens === undefined
      ? "Routes are open: any user of this machine can call every Worker's port, run code through the environments' tools and spend the model servers' keys (--auth-token closes them; deployed, the head and agents require a bearer token)"
      : "Bearer auth is on for every Worker's port (AUTH_TOKENS from --auth-token); the Workers call each other through service bindings, without it");
    for (const spec of specs.filter((s) => s.role === "gpu_gateway")) log(`gpu_gateway of ${spec.instance}: ${stack.urls.get(spec.name)} (operator routes under /admin)`);
    return {
      stack,
      emulator: emulators.values().next().value,
      emulators,
      sandboxes,
      specs,
      async stop() {
        await stack.dispose();
        await stopAll(emulators, sandboxes);
      },
    };
  } catch (err) {
    await stopAll(emulators, sandboxes);
    throw err;
  }
}
