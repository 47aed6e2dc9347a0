// Command-line overrides with Hydra semantics:
//   a.b=v    replace: the key must already exist (a typo should not silently add a new key)
//   +a.b=v   add: the key must not exist yet
//   ++a.b=v  add or replace
// Values are YAML scalars or flow collections: `3`, `true`, `null`, `[1,2]`, `{a: 1}`, `'3'`.
import { parse } from "yaml";
import { ConfigError } from "./errors.ts";
import { formatPath, getKey, isMapping, setKey, type Mapping } from "./tree.ts";

export type OverrideOp = "replace" | "add" | "upsert";

export interface Override {
  arg: string;
  op: OverrideOp;
  path: string[];
  value: unknown;
}

export function parseOverride(arg: string): Override {
  const eq = arg.indexOf("=");
  if (eq === -1) throw new ConfigError([`override "${arg}": expected key=value`]);
  const lhs = arg.slice(0, eq);
  const op: OverrideOp = lhs.startsWith("++") ? "upsert" : lhs.startsWith("+") ? "add" : "replace";
  const key = lhs.slice(op === "upsert" ? 2 : op === "add" ? 1 : 0);
  const path = key.split(".");
  if (path.some((part) => part === "")) {
    throw new ConfigError([`override "${arg}": ${key === "" ? "empty key" : `malformed key "${key}"`}`]);
  }
  return { arg, op, path, value: parseValue(arg, arg.slice(eq + 1)) };
}

function parseValue(arg: string, text: string): unknown {
  // Hydra reads `key=` as the empty string; YAML would read it as null.
  if (text === "") return "";
  try {
    return parse(text);
  } catch (error) {
    throw new ConfigError([`override "${arg}": bad value: ${(error as Error).message.split("\n")[0]}`]);
  }
}

/** Parses every argument, reporting all malformed ones at once. */
export function parseOverrides(args: readonly string[]): Override[] {
  const problems: string[] = [];
  const parsed: Override[] = [];
  for (const arg of args) {
    try {
      parsed.push(parseOverride(arg));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed;
}

/** Returns a new mapping with the overrides applied in order; the input is not modified. */
export function applyOverrides(config: Mapping, overrides: readonly Override[]): Mapping {
  const problems: string[] = [];
  let out = config;
  for (const override of overrides) {
    try {
      out = setAt(out, override, 0);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out;
}

function setAt(node: Mapping, override: Override, depth: number): Mapping {
  const { arg, op, path } = override;
  const key = path[depth]!;
  const here = formatPath(path.slice(0, depth + 1));
  const exists = Object.hasOwn(node, key);
  // Both suggestions are the same one-character fix: one more "+".
  if (op === "replace" && !exists) fail(arg, `${here} does not exist (use +${arg} to add it)`);
  const copy = { ...node };
  if (depth === path.length - 1) {
    if (op === "add" && exists) fail(arg, `${here} already exists (use +${arg} to replace it)`);
    setKey(copy, key, override.value);
    return copy;
  }
  const child = exists ? getKey(node, key) : {};
  if (!isMapping(child)) fail(arg, `${here} is not a mapping`);
  setKey(copy, key, setAt(child, override, depth + 1));
  return copy;
}

function fail(arg: string, problem: string): never {
  throw new ConfigError([`override "${arg}": ${problem}`]);
}
