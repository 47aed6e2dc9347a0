// count_primes: how many primes lie in [start, end]. The library's default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

/** The primes from start to end, both included (a sieve up to end). */
export function primesBetween(start: number, end: number): number[] {
  const composite = new Uint8Array(end + 1);
  const primes: number[] = [];
  for (let i = 2; i <= end; i++) {
    if (composite[i]) continue;
    if (i >= start) primes.push(i);
    for (let j = i * i; j <= end; j += i) composite[j] = 1;
  }
  return primes;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  // A sieve up to max_n per task: ten million keeps it to tens of milliseconds.
  const [minN, maxN] = configRange(config, "n", [1, 10_000], [1, 10_000_000]);
  const start = rng.int(minN, maxN);
  const end = rng.int(start, maxN);
  const primes = primesBetween(start, end);
  return {
    question: `How many prime numbers are there from ${start} to ${end}, both included?`,
    answer: String(primes.length),
    metadata: { source_dataset: "count_primes", source_index: index, start, end, primes, solution: primes.length, n: [start, end], difficulty: { n: [minN, maxN] } },
  };
}

export default defineFamily({ name: "count_primes", category: "algorithmic", scorer: "default", score: defaultScore, generate });
