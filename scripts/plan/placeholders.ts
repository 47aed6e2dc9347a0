// `emulator://<name>` and `sandbox://<name>` in a config stand for local processes the stack
// starts (a vLLM emulator, a code sandbox; `sandbox://cloudflare` instead names a deployment's own
// Worker): how the plan finds those placeholders, and puts the processes' URLs in their place.
import { isMapping } from "../../shared/config/tree.ts";

/** Every string in `value`, at any depth, mapped by `f`. */
export function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === "string") return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

/** The distinct placeholders of `scheme` (e.g. `emulator://`) anywhere in `values`. */
export function placeholders(values: unknown[], scheme: string): string[] {
  const found = new Set<string>();
  mapStrings(values, (s) => (s.startsWith(scheme) && found.add(s), s));
  return [...found];
}
