// Splits the resolved config into globals and server instances, and checks that every server
// reference names a defined instance of the referenced type.
import {
  ImplementationConfig,
  ResourcesServerConfig,
  SERVER_TYPES,
  ServerRef,
  type ServerType,
} from "../schemas/config.ts";
import { ConfigError } from "./errors.ts";
import { formatPath, isMapping, setKey, type Mapping, type Path } from "./tree.ts";

export interface Instance {
  name: string;
  serverType: ServerType;
  implementation: string;
  /** The implementation's fields. */
  config: ImplementationConfig;
}

export interface SplitConfig {
  globals: Mapping;
  instances: Instance[];
}

const isServerType = (key: string): key is ServerType => (SERVER_TYPES as readonly string[]).includes(key);

/** Collects every shape and reference problem before throwing, so one run reports them all. */
export function splitInstances(config: Mapping): SplitConfig {
  const problems: string[] = [];
  const globals: Mapping = {};
  const instances: Instance[] = [];
  for (const [name, value] of Object.entries(config)) {
    // Any top-level mapping with a server-type key is meant as an instance, well formed or not.
    const serverType = isMapping(value) ? Object.keys(value).find(isServerType) : undefined;
    if (!isMapping(value) || serverType === undefined) {
      setKey(globals, name, value);
      continue;
    }
    const instance = readInstance(name, serverType, value, problems);
    if (instance) instances.push(instance);
  }
  problems.push(...checkReferences(instances));
  if (problems.length > 0) throw new ConfigError(problems);
  return { globals, instances };
}

function readInstance(name: string, serverType: ServerType, value: Mapping, problems: string[]): Instance | undefined {
  const keys = Object.keys(value);
  if (keys.length > 1) {
    problems.push(`${name}: an instance has exactly one server type key, found ${keys.join(", ")}`);
    return undefined;
  }
  const implementations = value[serverType];
  const implementationKeys = isMapping(implementations) ? Object.keys(implementations) : [];
  if (!isMapping(implementations) || implementationKeys.length !== 1) {
    const found = implementationKeys.length > 0 ? implementationKeys.join(", ") : "none";
    problems.push(`${name}.${serverType}: expected exactly one implementation key, found ${found}`);
    return undefined;
  }
  const implementation = implementationKeys[0]!;
  const schema = serverType === "resources_servers" ? ResourcesServerConfig : ImplementationConfig;
  const parsed = schema.safeParse(implementations[implementation]);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = [name, serverType, implementation, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))];
      problems.push(`${formatPath(at)}: ${issue.message}`);
    }
    return undefined;
  }
  return { name, serverType, implementation, config: parsed.data };
}

/**
 * The name an instance is known by as well: NeMo Gym names some resources servers `<env>_resources_server`
 * (`arc_agi_resources_server`), and the bundled configs take its names; `arc_agi`, the name they had, still means it.
 */
export const RESOURCES_SERVER_SUFFIX = "_resources_server";

/** The instance a name means: the instance of that name, else `<name>_resources_server` when no instance is called `name`. */
export function resolveInstance(instances: readonly Instance[], name: string, type?: string): Instance | undefined {
  const named = (n: string) => instances.find((i) => i.name === n && (type === undefined || i.serverType === type));
  if (instances.some((i) => i.name === name)) return named(name);
  const aliased = named(`${name}${RESOURCES_SERVER_SUFFIX}`);
  return aliased?.serverType === "resources_servers" ? aliased : undefined;
}

function checkReferences(instances: readonly Instance[]): string[] {
  const problems: string[] = [];
  for (const instance of instances) {
    const base = [instance.name, instance.serverType, instance.implementation];
    for (const { ref, path } of findReferences(instance.config, base)) {
      const candidates = instances.filter((i) => i.serverType === ref.type).map((i) => i.name);
      if (resolveInstance(instances, ref.name, ref.type)) continue;
      const hints: string[] = [];
      const sameName = instances.find((i) => i.name === ref.name);
      if (sameName) hints.push(`"${ref.name}" is a ${sameName.serverType} instance`);
      const closest = closestName(ref.name, candidates);
      // NeMo Gym's environment configs leave the policy model to a config file of its own.
      const modelFile = ref.type === "responses_api_models" ? `; add a config that defines it: NeMo Gym's responses_api_models/vllm_model/configs/vllm_model.yaml, or this project's workers/models/vllm_model/config.yaml` : "";
      hints.push(closest === undefined ? `no ${ref.type} instances are defined${modelFile}` : `did you mean "${closest}"?`);
      problems.push(`${formatPath(path)}: no ${ref.type} instance "${ref.name}" (${hints.join("; ")})`);
    }
  }
  return problems;
}

/** Every `{type: <server type>, name: <string>}` object at any depth, with its path. */
export function* findReferences(value: unknown, path: Path): Generator<{ ref: ServerRef; path: Path }> {
  const ref = ServerRef.safeParse(value);
  if (ref.success) {
    yield { ref: ref.data, path };
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* findReferences(item, [...path, i]);
  } else if (isMapping(value)) {
    for (const [key, child] of Object.entries(value)) yield* findReferences(child, [...path, key]);
  }
}

export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = levenshtein(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

// Edit distance with insertions, deletions and substitutions, one row at a time.
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The named instances (resolveInstance: a name or an implementation's) and every instance they reference, directly or not, in config order. */
export function withDependencies(instances: readonly Instance[], roots: readonly string[]): Instance[] {
  const needed = new Set<string>();
  const visit = (name: string, type?: string) => {
    const instance = resolveInstance(instances, name, type);
    if (!instance || needed.has(instance.name)) return;
    needed.add(instance.name);
    for (const { ref } of findReferences(instance.config, [])) visit(ref.name, ref.type);
  };
  for (const root of roots) visit(root);
  return instances.filter((i) => needed.has(i.name));
}
