// Every implementation and what it declares: one folder each (its Worker's index.ts beside its
// declaration.ts), discovered from disk, so a new server, agent or model is one new folder.
import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Declaration, WorkerKind } from "../../shared/declaration.ts";
import type { ServerType } from "../../shared/schemas/config.ts";

// A path, not a URL's pathname: a folder with a space in its name would be %20 there.
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where each kind with several implementations keeps them, one folder each, named after its folder. */
const KIND_DIRS: Record<ServerType | "sandbox", string> = {
  responses_api_agents: "workers/agents",
  resources_servers: "workers/resources",
  responses_api_models: "workers/models",
  sandbox: "workers/sandboxes",
};
/** Workers that no config names: one implementation each, named after their kind. */
const SINGLE_DIRS = ["workers/head", "gpu_gateway/worker"];

export interface Implementation {
  name: string;
  kind: WorkerKind;
  dir: string;
  /** The Worker's entry point. */
  entry: string;
  declaration: Declaration;
  /** Fields an alias fixes over the instance's own (see Declaration.aliases). */
  fixed?: Readonly<Record<string, unknown>>;
}

async function load(dir: string, expected?: WorkerKind): Promise<Implementation[]> {
  const file = join(dir, "declaration.ts");
  if (!existsSync(file)) throw new Error(`${dir} has an index.ts but no declaration.ts: every implementation declares itself`);
  const declaration = (await import(file)).default as Declaration;
  if (expected !== undefined && declaration.kind !== expected) throw new Error(`${file} declares kind ${declaration.kind}, but its folder is for ${expected}`);
  const name = expected !== undefined ? basename(dir) : declaration.kind;
  const implementation = { name, kind: declaration.kind, dir, entry: join(dir, "index.ts"), declaration };
  return [implementation, ...Object.entries(declaration.aliases ?? {}).map(([alias, fixed]) => ({ ...implementation, name: alias, fixed }))];
}

/** Every implementation under `root`. */
export async function discoverImplementations(root = ROOT): Promise<Implementation[]> {
  const folders = Object.entries(KIND_DIRS).flatMap(([kind, dir]) =>
    readdirSync(join(root, dir))
      .filter((name) => existsSync(join(root, dir, name, "index.ts")))
      .map((name) => load(join(root, dir, name), kind as WorkerKind)),
  );
  const singles = SINGLE_DIRS.map((dir) => load(join(root, dir)));
  return (await Promise.all([...folders, ...singles])).flat().sort((a, b) => a.name.localeCompare(b.name));
}

/** This project's implementations. */
export const IMPLEMENTATIONS = await discoverImplementations();

/** The names of one kind's implementations. */
export function implementations(kind: WorkerKind, from: readonly Implementation[] = IMPLEMENTATIONS): string[] {
  return from.filter((i) => i.kind === kind).map((i) => i.name);
}

export function findImplementation(kind: WorkerKind, name: string, from: readonly Implementation[] = IMPLEMENTATIONS): Implementation {
  const found = from.find((i) => i.kind === kind && i.name === name);
  if (!found) throw new Error(`no ${kind} implementation "${name}" (available: ${implementations(kind, from).join(", ")})`);
  return found;
}

/**
 * The config files of the bundled environments and the local defaults they interpolate: the
 * emulator's (the policy model) and the sandboxes' (`sandbox_url`), then every implementation's config.yaml.
 */
export function defaultConfigPaths(root = ROOT, from: readonly Implementation[] = IMPLEMENTATIONS): string[] {
  return [join(root, "gpu_gateway/emulator/config.yaml"), join(root, KIND_DIRS.sandbox, "config.yaml"), ...from.map((i) => join(i.dir, "config.yaml"))].filter((p) => existsSync(p));
}
