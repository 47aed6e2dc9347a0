// What every family test needs: a family by name, its score as the server takes it, entries, a
// timer for hostile answers, and a generated task checked for determinism.
import { expect } from "vitest";
import type { Entry, Family } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { FAMILIES } from "../../../../../workers/resources/reasoning_gym/families/index.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

export const family = (name: string): Family => FAMILIES.get(name)!;

/** The score as the server takes it: a throw is 0. */
export function score(name: string, answer: string | null, entry: Entry): number {
  try {
    return family(name).score(answer, entry);
  } catch {
    return 0;
  }
}

export const entry = (name: string, answer: string | null, metadata: Record<string, unknown> = {}): Entry => ({ question: "", answer, metadata: { source_dataset: name, ...metadata } });

/** Scoring time of a hostile answer, measured across an await as workerd's clock advances only then. */
export async function elapsed(run: () => void): Promise<number> {
  const started = Date.now();
  run();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return Date.now() - started;
}

/** A generated task: the same for the same (seed, index, config), named for its family and index. */
export function generated(name: string, config: Record<string, unknown> = {}, seed = 7, index = 3): Entry {
  const generate = family(name).generate!;
  const task = generate(new Rng(seed, index), config, index);
  expect(generate(new Rng(seed, index), config, index)).toEqual(task);
  expect(task.metadata.source_dataset).toBe(name);
  expect(task.metadata.source_index).toBe(index);
  return task;
}

/** The score of `entry`'s own family, as the server gives it: 0 where the scorer throws. */
export const scored = (answer: string | null, entry: Entry): number => score(entry.metadata.source_dataset, answer, entry);

/** The library's scores (reasoning-gym 49b07130, its real scorer run on its own entry) for each answer to `entry`, given as its JSON row. */
export function pin(entry: Entry, cases: [string | null, number][]): void {
  for (const [answer, expected] of cases) expect(scored(answer, entry), JSON.stringify(answer)).toBeCloseTo(expected, 12);
}

/** A 500 KB reply of `unit` repeated. */
export const hostile = (unit: string): string => unit.repeat(Math.ceil(500_000 / unit.length)).slice(0, 500_000);

/** Each hostile reply is scored in bounded time. */
export function staysFast(entry: Entry, units: readonly string[]): void {
  for (const unit of units) {
    const start = performance.now();
    scored(hostile(unit), entry);
    expect(performance.now() - start, unit).toBeLessThan(1500);
  }
}
