// gcd: the greatest common divisor of a few numbers; the library's base scorer (the stored answer
// exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

function gcdOf(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minCount, maxCount] = configRange(config, "numbers", [2, 2], [2, 1000]);
  const [minValue, maxValue] = configRange(config, "value", [1, 1000], [1, Number.MAX_SAFE_INTEGER], true);
  // Up to three draws, for a divisor above 1 more often than chance gives one.
  let numbers: number[] = [];
  let result = 1;
  for (let attempt = 0; attempt < 3; attempt++) {
    numbers = Array.from({ length: rng.int(minCount, maxCount) }, () => rng.int(minValue, maxValue));
    result = numbers.reduce(gcdOf);
    if (result > 1) break;
  }
  return {
    question: `What is the greatest common divisor of ${numbers.join(", ")}? Answer with the number only.`,
    answer: String(result),
    metadata: { source_dataset: "gcd", source_index: index, numbers, result, num_terms: numbers.length, difficulty: { num_terms: [minCount, maxCount], value: [minValue, maxValue] } },
  };
}

export default defineFamily({ name: "gcd", category: "arithmetic", scorer: "default", score: defaultScore, generate });
