// Each Worker receives its instance's implementation config as the JSON binding INSTANCE_CONFIG.
// Deployed, the secret leaves (api keys, tokens) are not in it: vars are shown in the dashboard,
// so the deploy moves them to the secret INSTANCE_CONFIG_SECRETS (JSON of the same shape), merged
// back here. Null means unset, as in NeMo Gym. The result is validated once per isolate against the Worker's own schema; a bad
// config is a 500 that names the field, never a crash deeper in a handler.
import { isMapping, withoutNulls } from "../config/tree.ts";
import type { z } from "../zod.ts";
import { HttpError, zodIssues } from "./errors.ts";

export interface InstanceConfigBindings {
  INSTANCE_CONFIG?: unknown;
  INSTANCE_CONFIG_SECRETS?: string;
  INSTANCE_NAME?: string;
}

const cache = new WeakMap<object, unknown>();

/** The config with the secret leaves put back where the deploy took them from. */
export function mergeSecrets(config: unknown, secrets: unknown): unknown {
  if (secrets === null || secrets === undefined) return config;
  if (Array.isArray(secrets)) {
    const items = Array.isArray(config) ? config : [];
    return items.map((item, i) => mergeSecrets(item, secrets[i]));
  }
  if (!isMapping(secrets)) return secrets;
  // Object.fromEntries makes own data properties, so a "__proto__" key stays a key.
  const base = isMapping(config) ? config : {};
  return Object.fromEntries([...Object.entries(base), ...Object.entries(secrets).map(([key, value]) => [key, mergeSecrets(Object.hasOwn(base, key) ? base[key] : undefined, value)])]);
}

function secretsOf(env: InstanceConfigBindings): unknown {
  if (env.INSTANCE_CONFIG_SECRETS === undefined) return undefined;
  try {
    return JSON.parse(env.INSTANCE_CONFIG_SECRETS);
  } catch {
    // The value is a secret: the message names it, never quotes it.
    throw new HttpError(500, "misconfigured", `instance ${env.INSTANCE_NAME ?? "?"}: the secret INSTANCE_CONFIG_SECRETS is not JSON`);
  }
}

export function instanceConfig<S extends z.ZodType>(env: InstanceConfigBindings, schema: S): z.infer<S> {
  const raw = (env.INSTANCE_CONFIG ?? {}) as object;
  if (cache.has(raw)) return cache.get(raw) as z.infer<S>;
  const result = schema.safeParse(withoutNulls(mergeSecrets(raw, secretsOf(env))));
  if (!result.success) {
    const issues = zodIssues(result.error).map((i) => `${i.path}: ${i.message}`);
    throw new HttpError(500, "misconfigured", `instance ${env.INSTANCE_NAME ?? "?"} has an invalid config: ${issues.join("; ")}`);
  }
  cache.set(raw, result.data);
  return result.data;
}
