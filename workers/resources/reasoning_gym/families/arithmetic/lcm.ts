// lcm: the least common multiple of a few numbers; the library's base scorer (the stored answer
// exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;

/** A JSON-safe integer: a number while exact, else its decimal text. */
const jsonInt = (n: bigint): number | string => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString());

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minCount, maxCount] = configRange(config, "numbers", [2, 2], [2, 1000]);
  const [minValue, maxValue] = configRange(config, "value", [1, 100], [1, Number.MAX_SAFE_INTEGER], true);
  // Up to three draws, for numbers sharing a factor (a multiple below their product) more often.
  let numbers: number[] = [];
  let result = 1n;
  for (let attempt = 0; attempt < 3; attempt++) {
    numbers = Array.from({ length: rng.int(minCount, maxCount) }, () => rng.int(minValue, maxValue));
    result = numbers.map(BigInt).reduce(lcm);
    if (result < numbers.map(BigInt).reduce((a, b) => a * b)) break;
  }
  return {
    question: `What is the least common multiple of ${numbers.join(", ")}? Answer with the number only.`,
    answer: result.toString(),
    metadata: { source_dataset: "lcm", source_index: index, numbers, result: jsonInt(result), difficulty: { numbers: [minCount, maxCount], value: [minValue, maxValue] } },
  };
}

export default defineFamily({ name: "lcm", category: "arithmetic", scorer: "default", score: defaultScore, generate });
