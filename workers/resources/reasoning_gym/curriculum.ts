// Difficulty levels, as the library's curricula define them (curricula.ts): a global level sets
// every attribute of a dataset to that level (or its last one), and each attribute gives the
// config fields it controls. A range attribute spans from its first level up to the current one
// (the library's default, "inclusive"; one level further when it must be a real interval); a
// scalar attribute takes the current level's value.
import { CURRICULA } from "./curricula.ts";
import type { Value } from "./curricula.ts";

/** The number of levels a dataset's curriculum has (0: it has none). */
export function levelCount(dataset: string): number {
  const attributes = CURRICULA[dataset] ?? [];
  return attributes.length === 0 ? 0 : Math.max(...attributes.map((a) => a.levels.length));
}

const numbers = (value: Value): number[] => (Array.isArray(value) ? (value as number[]) : [value as number]);

/** The config fields a dataset's curriculum sets at `level` (0 is the easiest). */
export function configAt(dataset: string, level: number): Record<string, unknown> {
  const count = levelCount(dataset);
  if (count === 0) throw new RangeError(`level: ${dataset} has no difficulty levels in the library's curricula`);
  if (!Number.isInteger(level) || level < 0 || level >= count) throw new RangeError(`level: expected an integer from 0 to ${count - 1} for ${dataset}, got ${level}`);
  const config: Record<string, unknown> = {};
  for (const attribute of CURRICULA[dataset]!) {
    const at = Math.min(level, attribute.levels.length - 1);
    if ("field" in attribute) {
      config[attribute.field] = attribute.levels[at];
      continue;
    }
    const own = attribute.levels[at]!;
    // A level that is itself a span is used as it is; otherwise the span runs from the first level.
    const span = Array.isArray(own) ? numbers(own) : [attribute.levels[0]!, attribute.levels[Math.min(attribute.ensureInterval ? at + 1 : at, attribute.levels.length - 1)]!].flatMap(numbers);
    config[attribute.lower] = Math.min(...span);
    config[attribute.upper] = Math.max(...span);
  }
  return config;
}
