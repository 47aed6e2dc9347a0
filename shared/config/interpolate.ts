// `${a.b}` interpolation over the merged config, then the check that no `???` is left.
// `${oc.env:NAME}` and `${oc.env:NAME,default}` read the environment, as OmegaConf's resolver does
// in NeMo Gym's configs (a default of `null` is null; an unset variable without one is an error).
// A value that is exactly one `${...}` takes the referenced value as is (number, list, mapping);
// references embedded in longer text are stringified into it.
import { ConfigError } from "./errors.ts";
import { MISSING } from "./merge.ts";
import { formatPath, isMapping, setKey, type Mapping, type Path } from "./tree.ts";

const WHOLE = /^\$\{([^${}]*)\}$/;
const EMBEDDED = /\$\{([^${}]*)\}/g;

// A problem with one reference; reported against the string that holds the reference.
class Unresolvable extends Error {}

export function interpolate(config: Mapping): Mapping {
  const problems: string[] = [];
  // Strings resolve once, in whatever order references reach them; `active` is the chain being
  // resolved right now, so meeting one of its paths again is a cycle.
  const resolved = new Map<string, unknown>();
  const active: string[] = [];

  const resolve = (value: unknown, path: Path): unknown => {
    if (typeof value === "string") return resolveString(value, path);
    if (Array.isArray(value)) return value.map((item, i) => resolve(item, [...path, i]));
    if (!isMapping(value)) return value;
    const out: Mapping = {};
    for (const [key, child] of Object.entries(value)) setKey(out, key, resolve(child, [...path, key]));
    return out;
  };

  const resolveString = (text: string, path: Path): unknown => {
    if (!text.includes("${")) return text;
    const at = formatPath(path);
    if (resolved.has(at)) return resolved.get(at);
    if (active.includes(at)) {
      throw new Unresolvable(`interpolation cycle ${[...active.slice(active.indexOf(at)), at].join(" -> ")}`);
    }
    active.push(at);
    let value: unknown = text;
    try {
      const whole = WHOLE.exec(text);
      value = whole ? lookup(whole[1]!) : text.replace(EMBEDDED, (_, ref: string) => stringify(lookup(ref)));
    } catch (error) {
      if (!(error instanceof Unresolvable)) throw error;
      problems.push(`${at}: ${error.message}`);
    } finally {
      active.pop();
    }
    resolved.set(at, value);
    return value;
  };

  // Walks the raw tree so a reference into a sibling does not force the whole parent to resolve
  // first (which would report a false cycle); an interpolated node on the way is resolved and the
  // walk continues inside its (already resolved) value.
  const lookup = (ref: string): unknown => {
    const fromEnv = envValue(ref);
    if (fromEnv) return fromEnv.value;
    const segments = ref.trim().split(".");
    if (segments.some((s) => s === "")) throw new Unresolvable(`malformed interpolation \${${ref}}`);
    let node: unknown = config;
    const path: (string | number)[] = [];
    let done = false;
    for (const segment of segments) {
      if (!done && typeof node === "string") {
        node = resolveString(node, path);
        done = true;
      }
      if (Array.isArray(node) && /^\d+$/.test(segment) && Number(segment) < node.length) {
        node = node[Number(segment)];
        path.push(Number(segment));
      } else if (isMapping(node) && Object.hasOwn(node, segment)) {
        node = node[segment];
        path.push(segment);
      } else {
        throw new Unresolvable(`\${${ref}} refers to unknown key "${ref.trim()}"`);
      }
    }
    return done ? node : resolve(node, path);
  };

  const out = resolve(config, []) as Mapping;
  if (problems.length > 0) throw new ConfigError(problems);
  return out;
}

const ENV_RESOLVER = /^\s*oc\.env\s*:\s*([^,]+?)\s*(?:,\s*(.*?)\s*)?$/;

/** The value of an `oc.env:NAME[,default]` reference; undefined when `ref` is not one. */
export function envValue(ref: string, env: Record<string, string | undefined> = globalThis.process?.env ?? {}): { value: unknown } | undefined {
  const match = ENV_RESOLVER.exec(ref);
  if (!match) return undefined;
  const [, name, fallback] = match;
  const set = env[name!];
  if (set !== undefined) return { value: set };
  if (fallback === undefined) throw new Unresolvable(`\${${ref}}: environment variable ${name} is not set (and the reference gives no default)`);
  if (fallback === "null") return { value: null };
  const quoted = /^(['"])(.*)\1$/.exec(fallback);
  return { value: quoted ? quoted[2] : fallback };
}

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/** Every path whose value is still `???`, in document order. */
export function findMissing(value: unknown, path: Path = []): string[] {
  if (value === MISSING) return [formatPath(path)];
  if (Array.isArray(value)) return value.flatMap((item, i) => findMissing(item, [...path, i]));
  if (isMapping(value)) return Object.entries(value).flatMap(([key, child]) => findMissing(child, [...path, key]));
  return [];
}

export function assertNoMissing(config: Mapping): void {
  const missing = findMissing(config);
  if (missing.length > 0) throw new ConfigError([`missing values: ${missing.join(", ")}`]);
}
