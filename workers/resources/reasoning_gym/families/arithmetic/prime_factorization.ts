// prime_factorization: factor a number into primes, written "2 × 2 × 3". The answer's integers
// between "×" signs, sorted, equal to the stored ones score 1.0; other integers of the same
// product 0.5; any other list (an empty answer is an empty list, of product 1) 0.01; no answer 0.
// A piece that is not an integer makes the library raise, which scores 0.
import { pyStrip, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const PLAIN = /^[+-]?[0-9]{1,100}$/;

/** The integer texts between "×" signs, as int() reads them (plain ones kept as written, to convert lazily: answers can hold 250,000). */
function factors(text: string): string[] {
  if (pyStrip(text) === "") return [];
  const out: string[] = [];
  for (const piece of text.split("×")) {
    const stripped = pyStrip(piece);
    if (stripped === "") continue;
    if (PLAIN.test(stripped)) {
      out.push(stripped);
      continue;
    }
    const value = pythonInt(stripped);
    if (value === undefined) throw new RangeError(`not an integer factor: ${stripped.slice(0, 40)}`);
    out.push(value.toString());
  }
  return out;
}

const sorted = (texts: readonly string[]) => texts.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const abs = (n: bigint) => (n < 0n ? -n : n);

const ZERO = /^[+-]?0+$/;

/** Whether the product of `texts` is `target`, without multiplying out a product already past it (every factor but 0 has |f| >= 1). */
function productIs(texts: readonly string[], target: bigint): boolean {
  let magnitude = 1n;
  let negative = false;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    if (magnitude > abs(target)) return target === 0n && texts.slice(i).some((t) => ZERO.test(t));
    // Short texts are exact as numbers, and a factor of 1 changes nothing: no bigint for those.
    const value = text.length <= 15 ? Number(text) : BigInt(text);
    negative = negative !== value < 0;
    if (value !== 1 && value !== -1) magnitude *= abs(BigInt(value));
  }
  return (negative ? -magnitude : magnitude) === target;
}

/** The prime factors of n >= 2, smallest first, by trial division. */
function primeFactors(n: number): number[] {
  const out: number[] = [];
  for (let d = 2; d * d <= n; d++) {
    while (n % d === 0) {
      out.push(d);
      n /= d;
    }
  }
  if (n > 1) out.push(n);
  return out;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  // Trial division up to the square root: a trillion keeps it to a million steps.
  const [minValue, maxValue] = configRange(config, "value", [2, 1000], [2, 1_000_000_000_000]);
  const number = rng.int(minValue, maxValue);
  const factors = primeFactors(number);
  return {
    question: `Write ${number} as a product of primes, smallest first, separated by × (for 12: 2 × 2 × 3).`,
    answer: factors.join(" × "),
    metadata: { source_dataset: "prime_factorization", source_index: index, number, factors, difficulty: { value: [minValue, maxValue] } },
  };
}

export default defineFamily({
  name: "prime_factorization",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    if (typeof entry.answer !== "string") throw new TypeError("the stored answer is not text");
    const expected = factors(entry.answer);
    const given = factors(answer);
    if (given.length === expected.length) {
      const [a, b] = [sorted(given), sorted(expected)];
      if (a.every((value, i) => value === b[i])) return 1;
    }
    const target = expected.reduce((product, text) => product * BigInt(text), 1n);
    return productIs(given, target) ? 0.5 : 0.01;
  },
  generate,
});
