// The CLI's side of config loading: files from disk, the bundled defaults when neither --config
// nor a `config_paths` override (NeMo Gym's `+config_paths=[a.yaml,b.yaml]`) names the files,
// env.yaml from the working directory (else the project's), and for a local run what
// local_defaults.ts fills in.
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { resolveConfig } from "../../shared/config/index.ts";
import { loadConfig as loadLayers } from "../../shared/config/load.ts";
import { parseOverrides } from "../../shared/config/overrides.ts";
import { withLocalDefaults } from "./local_defaults.ts";
import { ROOT, defaultConfigPaths } from "./registry.ts";

/** A path as the user wrote it: relative to the working directory, else to the project root (as NeMo Gym reads them). */
export function resolveUserPath(path: string, from?: string): string {
  if (isAbsolute(path)) return path;
  const candidates = [resolve(path), ...(from ? [resolve(dirname(from), path)] : []), join(ROOT, path)];
  return candidates.find((p) => existsSync(p)) ?? resolve(path);
}

const readText = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);

export interface LoadConfigOptions {
  /** Fill in what a local run defaults (local_defaults.ts): start and eval, never deploy. */
  local?: boolean;
  /** Gets the one line saying what the local defaults filled in. */
  log?: (line: string) => void;
}

export function loadConfig(configPaths: string[] | undefined, overrides: string[], options: LoadConfigOptions = {}) {
  const namesFiles = configPaths?.length || parseOverrides(overrides).some((o) => o.path[0] === "config_paths");
  const bundled = defaultConfigPaths();
  const complete = options.local && namesFiles
    ? (merged: Record<string, unknown>) => {
        const defaults = loadLayers({ configPaths: bundled, overrides: [], readText, resolvePath: (from, path) => resolveUserPath(path, from) });
        const { config, note } = withLocalDefaults(merged, defaults);
        if (note !== undefined) options.log?.(note);
        return config;
      }
    : undefined;
  return resolveConfig({
    configPaths: (namesFiles ? (configPaths ?? []) : bundled).map((p) => resolveUserPath(p)),
    envYaml: resolveUserPath("env.yaml"),
    overrides,
    readText,
    resolvePath: (from, path) => resolveUserPath(path, from),
    complete,
  });
}
