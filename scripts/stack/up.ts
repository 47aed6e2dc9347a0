// Bringing a whole local stack up from config: resolve, plan, start the vLLM emulator when the
// config points at it, run the Workers, and take everything down again in reverse order.
// Each distinct `emulator://<name>` among the gateways' endpoints is one emulator process, so
// `policy_base_url: [emulator://a, emulator://b]` is a local fleet of two.
import { randomBytes } from "node:crypto";
import { loadConfig } from "../plan/config.ts";
import { withDependencies } from "../../shared/config/instances.ts";
import { emulatorPlaceholders, mapStrings } from "../plan/emulator_endpoints.ts";
import { spawnEmulator } from "./emulator.ts";
import type { EmulatorProcess } from "./emulator.ts";
import { startLocalStack } from "./local.ts";
import type { LocalStack } from "./local.ts";
import { planWorkers } from "../plan/plan.ts";
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
  /** AUTH_TOKENS for the head and agents: bearer auth as deployed. Without it the routes are open. */
  authTokens?: string;
  log?: (line: string) => void;
}

export interface RunningStack {
  stack: LocalStack;
  /** The first emulator started, when any was. */
  emulator?: EmulatorProcess;
  /** Every emulator started, by its placeholder (`emulator://local`). */
  emulators: Map<string, EmulatorProcess>;
  specs: WorkerSpec[];
  stop(): Promise<void>;
}

// A gateway's `emulator://<name>` endpoints get the URLs of the emulators started for them. Other
// configs keep the placeholder: it tells vllm_model its fleet is the emulator.
function pointAtEmulators(specs: WorkerSpec[], emulators: Map<string, EmulatorProcess>): void {
  for (const spec of specs.filter((s) => s.role === "gpu_gateway")) {
    spec.vars.INSTANCE_CONFIG = mapStrings(spec.vars.INSTANCE_CONFIG, (s) => (emulators.has(s) ? `${emulators.get(s)!.url}/v1` : s));
  }
}

async function stopAll(emulators: Map<string, EmulatorProcess>): Promise<void> {
  await Promise.all([...emulators.values()].map((e) => e.stop()));
}

export async function bringUp(options: UpOptions = {}): Promise<RunningStack> {
  const log = options.log ?? (() => {});
  const resolved = loadConfig(options.configPaths, options.overrides ?? []);
  const instances = options.only ? withDependencies(resolved.instances, options.only) : resolved.instances;
  const specs = planWorkers(instances, options.headPort, options.implementations);
  const emulators = new Map<string, EmulatorProcess>();
  try {
    const started = await Promise.allSettled(emulatorPlaceholders(specs.map((s) => s.vars.INSTANCE_CONFIG)).map(async (placeholder) => {
      const emulator = await spawnEmulator(options.emulatorArgs);
      emulators.set(placeholder, emulator);
      log(`policy_base_url has ${placeholder}: using the vLLM emulator (a scripted stand-in, not a model) at ${emulator.url}`);
    }));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    pointAtEmulators(specs, emulators);
    const stack = await startLocalStack({
      specs,
      instances,
      config: resolved.config,
      sessionSecret: randomBytes(32).toString("hex"),
      authTokens: options.authTokens,
    });
    log(options.authTokens === undefined
      ? "Routes are open: local emulation runs without authentication (deployed, the head and agents require a bearer token)"
      : "Bearer auth is on for the head and agents (AUTH_TOKENS from --auth-token); other Workers are reached through service bindings");
    for (const spec of specs.filter((s) => s.role === "gpu_gateway")) log(`gpu_gateway of ${spec.instance}: ${stack.urls.get(spec.name)} (operator routes under /admin)`);
    return {
      stack,
      emulator: emulators.values().next().value,
      emulators,
      specs,
      async stop() {
        await stack.dispose();
        await stopAll(emulators);
      },
    };
  } catch (err) {
    await stopAll(emulators);
    throw err;
  }
}
