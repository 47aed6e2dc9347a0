// Each Worker receives its instance's implementation config as the JSON binding INSTANCE_CONFIG.
// It is validated once per isolate against the Worker's own schema; a bad config is a 500 that
// names the field, never a crash deeper in a handler.
import type { z } from "../zod.ts";
import { HttpError, zodIssues } from "./errors.ts";

const cache = new WeakMap<object, unknown>();

export function instanceConfig<S extends z.ZodType>(env: { INSTANCE_CONFIG?: unknown; INSTANCE_NAME?: string }, schema: S): z.infer<S> {
  const raw = (env.INSTANCE_CONFIG ?? {}) as object;
  if (cache.has(raw)) return cache.get(raw) as z.infer<S>;
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = zodIssues(result.error).map((i) => `${i.path}: ${i.message}`);
    throw new HttpError(500, "misconfigured", `instance ${env.INSTANCE_NAME ?? "?"} has an invalid config: ${issues.join("; ")}`);
  }
  cache.set(raw, result.data);
  return result.data;
}
