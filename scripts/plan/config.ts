// The CLI's side of config loading: files from disk, the bundled defaults when neither --config
// nor a `config_paths` override (NeMo Gym's `+config_paths=[a.yaml,b.yaml]`) names the files,
// env.yaml from the working directory.
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { resolveConfig } from "../../shared/config/index.ts";
import { parseOverrides } from "../../shared/config/overrides.ts";
import { ROOT, defaultConfigPaths } from "./registry.ts";

/** A path as the user wrote it: relative to the working directory, else to the project root. */
export function resolveUserPath(path: string, from?: string): string {
  if (isAbsolute(path)) return path;
  const candidates = [resolve(path), ...(from ? [resolve(dirname(from), path)] : []), join(ROOT, path)];
  return candidates.find((p) => existsSync(p)) ?? resolve(path);
}

export function loadConfig(configPaths: string[] | undefined, overrides: string[]) {
  const namesFiles = configPaths?.length || parseOverrides(overrides).some((o) => o.path[0] === "config_paths");
  return resolveConfig({
    configPaths: (namesFiles ? (configPaths ?? []) : defaultConfigPaths()).map((p) => resolveUserPath(p)),
    envYaml: resolve("env.yaml"),
    overrides,
    readText: (path) => (existsSync(path) ? readFileSync(path, "utf8") : undefined),
    resolvePath: (from, path) => resolveUserPath(path, from),
  });
}
