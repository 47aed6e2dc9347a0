// Where the implementation named in a config lives: one folder per implementation under the
// Worker kind's folder, discovered from disk so a new server needs no registration.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const ROOT = new URL("../../", import.meta.url).pathname;

export const KIND_DIRS = {
  responses_api_agents: "workers/agents",
  resources_servers: "workers/resources",
  responses_api_models: "workers/models",
} as const;
export type ServerType = keyof typeof KIND_DIRS;

export function implementations(type: ServerType): string[] {
  const dir = join(ROOT, KIND_DIRS[type]);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "index.ts")))
    .map((d) => d.name)
    .sort();
}

export function entryPoint(type: ServerType, implementation: string): string {
  const known = implementations(type);
  if (!known.includes(implementation)) {
    throw new Error(`no ${type} implementation "${implementation}" (available: ${known.join(", ")})`);
  }
  return join(ROOT, KIND_DIRS[type], implementation, "index.ts");
}

/** The config files of the bundled environments and the local model default. */
export function defaultConfigPaths(): string[] {
  return [
    "gpu_gateway/emulator/config.yaml",
    "workers/models/vllm_model/config.yaml",
    ...implementations("resources_servers").map((name) => `workers/resources/${name}/config.yaml`),
  ].filter((p) => existsSync(join(ROOT, p)));
}
