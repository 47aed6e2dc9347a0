// YAML and TOML carry values JSON has not: timestamps, binary, sets, mapping keys that are not
// strings. The reference validates them as the Python objects they parse to, which no JSON Schema
// type accepts; here such a value fails grading at once, naming where it is. Big integers become
// numbers, as JSON numbers are.
export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string };

class NotJson extends Error {}

function describe(value: unknown): string {
  if (value instanceof Date) return "a date/time";
  if (value instanceof Uint8Array) return "binary data";
  if (value instanceof Set) return "a set";
  return `a ${typeof value}`;
}

function convert(value: unknown, path: string): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean" || typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map((item, i) => convert(item, `${path}/${i}`));
  const entries = value instanceof Map ? [...value.entries()] : isPlainObject(value) ? Object.entries(value) : undefined;
  if (!entries) throw new NotJson(`${path || "/"}: ${describe(value)} is not a JSON value`);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    if (typeof key !== "string") throw new NotJson(`${path || "/"}: the mapping key ${String(key)} is not a string`);
    // defineProperty keeps a "__proto__" key an ordinary property, as JSON.parse does.
    Object.defineProperty(out, key, { value: convert(item, `${path}/${key}`), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The value as JSON data, or where it holds something JSON cannot. */
export function jsonValue(value: unknown): JsonResult {
  try {
    return { ok: true, value: convert(value, "") };
  } catch (err) {
    if (err instanceof NotJson) return { ok: false, message: err.message };
    throw err;
  }
}
