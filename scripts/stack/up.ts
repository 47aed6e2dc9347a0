// Bringing a whole local stack up from config: resolve, plan, start the vLLM emulator when the
// config points at it, run the Workers, and take everything down again in reverse order.
import { randomBytes } from "node:crypto";
import { loadConfig } from "../cli/config.ts";
import { EMULATOR_PLACEHOLDER, spawnEmulator } from "./emulator.ts";
import type { EmulatorProcess } from "./emulator.ts";
import { startLocalStack } from "./local.ts";
import type { LocalStack } from "./local.ts";
import { planWorkers } from "./plan.ts";
import type { WorkerSpec } from "./plan.ts";

export interface UpOptions {
  configPaths?: string[];
  overrides?: string[];
  headPort?: number;
  emulatorArgs?: string[];
  log?: (line: string) => void;
}

export interface RunningStack {
  stack: LocalStack;
  emulator?: EmulatorProcess;
  specs: WorkerSpec[];
  stop(): Promise<void>;
}

function usesEmulator(specs: WorkerSpec[]): boolean {
  return specs.some((s) => s.role === "gpu_gateway" && (s.vars.GATEWAY_CONFIG as { endpoints: string[] }).endpoints.includes(EMULATOR_PLACEHOLDER));
}

function pointAtEmulator(specs: WorkerSpec[], url: string): void {
  for (const spec of specs) {
    if (spec.role !== "gpu_gateway") continue;
    const config = spec.vars.GATEWAY_CONFIG as { endpoints: string[] };
    config.endpoints = config.endpoints.map((e) => (e === EMULATOR_PLACEHOLDER ? url : e));
  }
}

export async function bringUp(options: UpOptions = {}): Promise<RunningStack> {
  const log = options.log ?? (() => {});
  const resolved = loadConfig(options.configPaths, options.overrides ?? []);
  const specs = planWorkers(resolved.instances, options.headPort);
  let emulator: EmulatorProcess | undefined;
  if (usesEmulator(specs)) {
    emulator = await spawnEmulator(options.emulatorArgs);
    log(`policy_base_url is ${EMULATOR_PLACEHOLDER}: using the vLLM emulator (a scripted stand-in, not a model) at ${emulator.url}`);
    pointAtEmulator(specs, `${emulator.url}/v1`);
  }
  try {
    const stack = await startLocalStack({
      specs,
      instances: resolved.instances,
      config: resolved.config,
      sessionSecret: randomBytes(32).toString("hex"),
    });
    return {
      stack,
      emulator,
      specs,
      async stop() {
        await stack.dispose();
        await emulator?.stop();
      },
    };
  } catch (err) {
    await emulator?.stop();
    throw err;
  }
}
