// Reading a generator's config: each field by the library's name, its default when absent, and a
// RangeError naming the field when it has the wrong type or breaks a bound.
export type Config = Record<string, unknown>;

export function configInt(config: Config, field: string, fallback: number, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  const value = config[field] ?? fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new RangeError(`${field} must be an integer, got ${JSON.stringify(value)}`);
  if (value < min || value > max) throw new RangeError(`${field} must be from ${min} to ${max}, got ${value}`);
  return value;
}

export function configNumber(config: Config, field: string, fallback: number, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): number {
  const value = config[field] ?? fallback;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${field} must be a number, got ${JSON.stringify(value)}`);
  if (value < min || value > max) throw new RangeError(`${field} must be from ${min} to ${max}, got ${value}`);
  return value;
}

export function configBool(config: Config, field: string, fallback: boolean): boolean {
  const value = config[field] ?? fallback;
  if (typeof value !== "boolean") throw new RangeError(`${field} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

/** A (min, max) pair of config fields, min <= max (or min < max when `strict`). */
export function configRange(config: Config, field: string, fallbacks: [number, number], bounds: [number, number], strict = false): [number, number] {
  const lo = configInt(config, `min_${field}`, fallbacks[0], bounds[0], bounds[1]);
  const hi = configInt(config, `max_${field}`, fallbacks[1], bounds[0], bounds[1]);
  if (strict ? hi <= lo : hi < lo) throw new RangeError(`max_${field} must be ${strict ? "greater than" : "at least"} min_${field}, got ${lo} and ${hi}`);
  return [lo, hi];
}
