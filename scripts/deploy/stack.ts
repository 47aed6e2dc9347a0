// The deployed stack of one config and environment: the plan's Workers in dependency order with
// their Worker names. Deploy and destroy both start here, so they always agree on the names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../plan/config.ts";
import { planWorkers } from "../plan/plan.ts";
import type { WorkerSpec } from "../plan/plan.ts";
import { ROOT } from "../plan/registry.ts";
import { deployment, workerNames } from "./names.ts";
import type { Deployment } from "./names.ts";
import { dependencyOrder } from "./order.ts";

export interface StackOptions {
  configPaths?: string[];
  overrides?: string[];
  /** Default: package.json's name. */
  project?: string;
  env?: string;
}

export interface DeployedStack {
  deployment: Deployment;
  resolved: ReturnType<typeof loadConfig>;
  /** Referenced Workers before their referrers. */
  ordered: WorkerSpec[];
  /** Plan name -> Worker name. */
  names: Map<string, string>;
}

export const packageName = () => (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string }).name;

export function deployedStack(options: StackOptions): DeployedStack {
  const d = deployment(options.project ?? packageName(), options.env);
  const resolved = loadConfig(options.configPaths, options.overrides ?? []);
  const ordered = dependencyOrder(planWorkers(resolved.instances));
  return { deployment: d, resolved, ordered, names: workerNames(d, ordered.map((s) => s.name)) };
}
