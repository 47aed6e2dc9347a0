// Reading a generator's list-valued config fields (the library's tuples of operators, variable
// names, task types, and their weights), with a RangeError naming the field when one is wrong,
// and drawing from such a weighted list.
import type { Rng } from "../rng.ts";
import type { Config } from "./generator_config.ts";

/** A non-empty list of strings, each one of `allowed` (when given). */
export function configStrings(config: Config, field: string, fallback: readonly string[], allowed?: readonly string[]): string[] {
  const value = config[field] ?? fallback;
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === "string")) throw new RangeError(`${field} must be a non-empty list of strings, got ${JSON.stringify(value)}`);
  const bad = allowed ? value.find((v) => !allowed.includes(v)) : undefined;
  if (bad !== undefined) throw new RangeError(`${field} may hold only ${allowed!.join(", ")}, got ${JSON.stringify(bad)}`);
  return value as string[];
}

/** `count` non-negative weights with a positive sum (the library asks they sum to 1, to one decimal). */
export function configWeights(config: Config, field: string, fallback: readonly number[], count: number): number[] {
  const value = config[field] ?? fallback;
  if (!Array.isArray(value) || value.length !== count || !value.every((v) => typeof v === "number" && Number.isFinite(v) && v >= 0)) throw new RangeError(`${field} must be ${count} non-negative numbers, got ${JSON.stringify(value)}`);
  const total = (value as number[]).reduce((a, b) => a + b, 0);
  if (Math.abs(total - 1) > 0.05) throw new RangeError(`${field} must sum to 1, got ${total}`);
  return value as number[];
}

/** One of `items`, each as likely as its weight. */
export function pickWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.float() * total;
  for (const [i, item] of items.entries()) {
    r -= weights[i]!;
    if (r < 0 && weights[i]! > 0) return item;
  }
  // Rounding left r at or just above 0: the last item with weight.
  return items[weights.findLastIndex((w) => w > 0)]!;
}
