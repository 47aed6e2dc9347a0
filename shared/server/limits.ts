// The limits every request body meets where it enters, each overridable by a binding of the
// same name. NeMo Gym bodies stay far inside the defaults: rows nest about a dozen levels (tool
// parameter schemas are the deepest), and verify bodies with token ids run to a few MB.
import { HttpError } from "./errors.ts";

export interface LimitBindings {
  MAX_BODY_BYTES?: string;
  MAX_JSON_DEPTH?: string;
  BODY_READ_TIMEOUT_MS?: string;
}

export const LIMIT_DEFAULTS: Readonly<Record<keyof LimitBindings, number>> = {
  MAX_BODY_BYTES: 32 * 1024 * 1024,
  MAX_JSON_DEPTH: 128,
  BODY_READ_TIMEOUT_MS: 30_000,
};

// A setting that does not parse must not turn into "no limit" (NaN compares false): it fails closed.
export function limitOf(env: LimitBindings | undefined, name: keyof LimitBindings): number {
  const value = env?.[name];
  if (value === undefined) return LIMIT_DEFAULTS[name];
  const limit = Number(value);
  if (!Number.isSafeInteger(limit) || limit <= 0) throw new HttpError(500, "misconfigured", `${name} must be a positive integer, got ${JSON.stringify(value)}`);
  return limit;
}
