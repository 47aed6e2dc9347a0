// Writes one directory per Worker: `<dir>/<worker>/wrangler.json` and the bundle it deploys
// (`index.js`, from scripts/stack/build.ts). The environment's directory is rebuilt from scratch so
// a Worker dropped from the config leaves nothing behind to deploy by mistake.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleWorkers } from "../plan/build.ts";
import { ROOT } from "../plan/registry.ts";
import { envLabel } from "./names.ts";
import type { WorkerSettings } from "./settings.ts";
import type { DeployedStack } from "./stack.ts";
import { wranglerConfig } from "./wrangler_config.ts";
import type { GeneratedWorker } from "./wrangler_config.ts";

export const DEPLOY_DIR = join(ROOT, ".edge-gym", "deploy");
const BUNDLE = "index.js";

export interface WrittenWorker extends GeneratedWorker {
  dir: string;
  configPath: string;
}

export async function writeWorkers(stack: DeployedStack, settings: Map<string, WorkerSettings>, kvNamespaceId: string, root = DEPLOY_DIR): Promise<{ dir: string; workers: WrittenWorker[] }> {
  const generated = stack.ordered.map((spec) =>
    wranglerConfig(spec, { deployment: stack.deployment, names: stack.names, settings: settings.get(spec.name), kvNamespaceId, main: BUNDLE }),
  );
  const bundles = await bundleWorkers(stack.ordered.map((s) => s.entry));
  const dir = join(root, envLabel(stack.deployment));
  rmSync(dir, { recursive: true, force: true });
  const workers = generated.map((worker) => {
    const workerDir = join(dir, worker.config.name);
    mkdirSync(workerDir, { recursive: true });
    copyFileSync(bundles.get(worker.spec.entry)!, join(workerDir, BUNDLE));
    const configPath = join(workerDir, "wrangler.json");
    writeFileSync(configPath, `${JSON.stringify(worker.config, null, 2)}\n`);
    return { ...worker, dir: workerDir, configPath };
  });
  return { dir, workers };
}
