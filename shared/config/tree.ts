// Helpers over plain YAML data (mappings, lists, scalars) shared by the config modules.

export type Mapping = Record<string, unknown>;
export type Path = readonly (string | number)[];

export const isMapping = (value: unknown): value is Mapping =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// An own data property, so a key named "__proto__" (YAML keeps it as a key) stays a key
// instead of replacing the object's prototype.
export function setKey(target: Mapping, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const getKey = (mapping: Mapping, key: string): unknown =>
  Object.hasOwn(mapping, key) ? mapping[key] : undefined;

// `a.b[0].c`: dotted like override keys, list items by index.
export const formatPath = (path: Path): string =>
  path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");

/** The value with every null-valued key of its mappings left out: in NeMo Gym configs null means "unset". */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isMapping(value)) return value;
  const out: Mapping = {};
  for (const [key, child] of Object.entries(value)) if (child !== null) setKey(out, key, withoutNulls(child));
  return out;
}
