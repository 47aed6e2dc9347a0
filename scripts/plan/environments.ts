// Environment manifests in NeMo Gym's shape: a config.yaml binding a resources server, an agent and
// its datasets. A bundled environment's manifest is its workers/resources/<name>/config.yaml, which
// already has that shape: copying it to environments/<name>/ would make two files to keep equal.
// environments/<name>/config.yaml (in the working directory, else the project) is where a manifest
// copied from NeMo Gym goes, and it wins over the bundled one of the same name, as NeMo's `--environment`
// takes the first root that has it.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { ConfigError } from "../../shared/config/errors.ts";
import { closestName } from "../../shared/config/instances.ts";
import { ROOT } from "./registry.ts";

export interface Manifest {
  name: string;
  path: string;
  /** `environments`: a manifest in NeMo's folder; `bundled`: a resources server's own config.yaml. */
  source: "environments" | "bundled";
}

export interface ManifestSummary {
  resourcesServers: string[];
  agents: string[];
  datasets: { name: string; type: string; jsonl_fpath?: string; license?: string }[];
  domain: string | null;
  description: string | null;
}

const folders = (dir: string) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : []);

/** Every manifest, by name: environments/ of the working directory, then of the project, then the bundled ones. */
export function manifests(root = ROOT, cwd = process.cwd()): Manifest[] {
  const found = new Map<string, Manifest>();
  for (const base of [...new Set([resolve(cwd), resolve(root)])]) {
    for (const name of folders(join(base, "environments"))) {
      const path = join(base, "environments", name, "config.yaml");
      if (!found.has(name) && existsSync(path)) found.set(name, { name, path, source: "environments" });
    }
  }
  for (const name of folders(join(root, "workers/resources"))) {
    const path = join(root, "workers/resources", name, "config.yaml");
    if (!found.has(name) && existsSync(path)) found.set(name, { name, path, source: "bundled" });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The config file `--environment VALUE` names: NAME is its manifest; NAME/FLAVOR is
 * environments/NAME/FLAVOR.yaml or environments/NAME/FLAVOR/config.yaml, as NeMo reads them.
 */
export function environmentConfigPath(value: string, root = ROOT, cwd = process.cwd()): string {
  const [name, ...flavor] = value.split("/");
  const all = manifests(root, cwd);
  if (flavor.length) {
    const candidates = [resolve(cwd), resolve(root)].flatMap((base) => [join(base, "environments", value, "config.yaml"), join(base, "environments", name!, `${flavor.join("/")}.yaml`)]);
    const path = candidates.find((p) => existsSync(p));
    if (path) return path;
  } else {
    const manifest = all.find((m) => m.name === name);
    if (manifest) return manifest.path;
  }
  const closest = closestName(name!, all.map((m) => m.name));
  throw new ConfigError([`--environment ${value}: no environments/${flavor.length ? value : `${name}/config.yaml`} here or bundled${closest ? ` (did you mean ${closest}?)` : ""}; edge-gym list environments lists them`]);
}

type Block = Record<string, unknown>;
const isBlock = (v: unknown): v is Block => typeof v === "object" && v !== null && !Array.isArray(v);

/** What a manifest binds, read from its YAML as written (no interpolation: listing must not need env.yaml). */
export function summarize(path: string): ManifestSummary {
  const doc = parse(readFileSync(path, "utf8")) as unknown;
  const out: ManifestSummary = { resourcesServers: [], agents: [], datasets: [], domain: null, description: null };
  if (!isBlock(doc)) return out;
  for (const [instance, body] of Object.entries(doc)) {
    if (!isBlock(body)) continue;
    for (const [serverType, implementations] of Object.entries(body)) {
      if (!isBlock(implementations)) continue;
      for (const config of Object.values(implementations).filter(isBlock)) {
        if (serverType === "resources_servers") {
          out.resourcesServers.push(instance);
          out.domain ??= typeof config.domain === "string" ? config.domain : null;
          out.description ??= typeof config.description === "string" ? config.description : null;
        } else if (serverType === "responses_api_agents") {
          out.agents.push(instance);
          for (const d of Array.isArray(config.datasets) ? config.datasets.filter(isBlock) : []) {
            out.datasets.push({ name: String(d.name ?? ""), type: String(d.type ?? ""), ...(typeof d.jsonl_fpath === "string" ? { jsonl_fpath: d.jsonl_fpath } : {}), ...(typeof d.license === "string" ? { license: d.license } : {}) });
          }
        }
      }
    }
  }
  return out;
}
