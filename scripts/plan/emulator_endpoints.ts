// `emulator://<name>` in a config stands for a vLLM emulator process the local stack starts: how the
// plan finds those placeholders, and puts the emulators' URLs in their place.
import { isMapping } from "../../shared/config/tree.ts";
import { EMULATOR_SCHEME } from "../../shared/fleet/emulator.ts";


/** Every string in `value`, at any depth, mapped by `f`. */
export function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === "string") return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

/** The distinct `emulator://` placeholders anywhere in `values`. */
export function emulatorPlaceholders(values: unknown[]): string[] {
  const found = new Set<string>();
  mapStrings(values, (s) => (s.startsWith(EMULATOR_SCHEME) && found.add(s), s));
  return [...found];
}
