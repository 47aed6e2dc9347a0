// Reads and merges the config sources, later wins: the `config_paths` files in order (each after
// the files it includes), then env.yaml, then command-line overrides. File access is injected so
// the same code runs in Node and in a Worker.
import { parse } from "yaml";
import { ConfigError } from "./errors.ts";
import { deepMerge } from "./merge.ts";
import { applyOverrides, parseOverrides, type Override } from "./overrides.ts";
import { RESOURCES_SERVER_SUFFIX } from "./instances.ts";
import { isMapping, type Mapping } from "./tree.ts";

export interface LoadOptions {
  /** Used as given: the caller resolves them against its working directory. */
  configPaths: readonly string[];
  /** Optional globals and secrets file; a missing file is fine. */
  envYaml?: string;
  overrides: readonly string[];
  /** File text, or undefined when there is no such file. */
  readText: (path: string) => string | undefined;
  /** Resolves a path listed in `fromFile`'s `config_paths`. */
  resolvePath: (fromFile: string, path: string) => string;
}

const CONFIG_PATHS = "config_paths";

export function loadConfig(options: LoadOptions): Mapping {
  const overrides = parseOverrides(options.overrides);
  // NeMo Gym users pass the file list itself as an override (`+config_paths=[a.yaml]`), so those
  // overrides pick the files instead of landing in the config.
  const isPathsOverride = (o: Override) => o.path[0] === CONFIG_PATHS;
  const configPaths = pathList(
    applyOverrides(
      options.configPaths.length > 0 ? { [CONFIG_PATHS]: [...options.configPaths] } : {},
      overrides.filter(isPathsOverride),
    )[CONFIG_PATHS] ?? [],
    "the config_paths override",
  );

  const layers = configPaths.map((path) => loadFile(path, [], options));
  if (options.envYaml !== undefined) {
    const text = options.readText(options.envYaml);
    if (text !== undefined) layers.push(expand(options.envYaml, text, [], options));
  }
  const merged = deepMerge(...layers);
  return applyOverrides(
    merged,
    overrides.filter((o) => !isPathsOverride(o)).map((o) => underInstanceName(merged, o)),
  );
}

/**
 * `arc_agi.resources_servers.…=v` where no instance is named arc_agi but `arc_agi_resources_server`
 * is: that instance's, as the old name still means it (instances.ts resolveInstance). `+` adds, so
 * its name is taken as written.
 */
function underInstanceName(config: Mapping, override: Override): Override {
  const [name, serverType] = override.path;
  if (override.op === "add" || name === undefined || serverType !== "resources_servers" || Object.hasOwn(config, name)) return override;
  const aliased = `${name}${RESOURCES_SERVER_SUFFIX}`;
  return isMapping(config[aliased]) ? { ...override, path: [aliased, ...override.path.slice(1)] } : override;
}

// `chain` is the include path that led here, outermost first: it names cycles and includers.
function loadFile(path: string, chain: readonly string[], options: LoadOptions): Mapping {
  const includer = chain.at(-1);
  if (chain.includes(path)) {
    throw new ConfigError([`config_paths cycle: ${[...chain.slice(chain.indexOf(path)), path].join(" -> ")}`]);
  }
  const text = options.readText(path);
  if (text === undefined) {
    throw new ConfigError([
      `config file not found: ${path} (${includer === undefined ? "listed in config_paths" : `included by ${includer}`})`,
    ]);
  }
  return expand(path, text, chain, options);
}

// Parses one file and merges it over the files its own `config_paths` includes.
function expand(path: string, text: string, chain: readonly string[], options: LoadOptions): Mapping {
  const { [CONFIG_PATHS]: includes, ...own } = parseFile(path, text);
  const included = pathList(includes ?? [], path).map((p) =>
    loadFile(options.resolvePath(path, p), [...chain, path], options),
  );
  return deepMerge(...included, own);
}

function parseFile(path: string, text: string): Mapping {
  let doc: unknown;
  try {
    // Merge keys (`<<: *anchor`) as in OmegaConf's loader.
    doc = parse(text, { merge: true });
  } catch (error) {
    throw new ConfigError([`${path}: invalid YAML: ${(error as Error).message.split("\n")[0]}`]);
  }
  if (doc === null || doc === undefined) return {};
  if (!isMapping(doc)) throw new ConfigError([`${path}: the top level must be a mapping`]);
  return doc;
}

function pathList(value: unknown, source: string): string[] {
  if (!Array.isArray(value) || !value.every((p) => typeof p === "string")) {
    throw new ConfigError([`${source}: config_paths must be a list of file paths`]);
  }
  return value;
}
