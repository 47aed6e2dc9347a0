// products: multiply a few integers; scored by the library's decimal reward (decimal_reward.ts:
// the same value, commas, sign and trailing decimals aside, or containment).
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { decimalReward } from "./decimal_reward.ts";
import { operandRange } from "./operands.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minTerms, maxTerms] = configRange(config, "terms", [2, 2], [1, 1000]);
  const [minDigits, maxDigits] = configRange(config, "digits", [1, 5], [1, 15]);
  const negation = configBool(config, "allow_negation", false);
  const numTerms = rng.int(minTerms, maxTerms);
  const numDigits = rng.int(minDigits, maxDigits);
  const [low, high] = operandRange(numDigits, negation);
  const factors = Array.from({ length: numTerms }, () => rng.int(low, high));
  const expression = factors.join(" * ");
  const result = factors.reduce((product, factor) => product * BigInt(factor), 1n);
  return {
    question: `Multiply: ${expression}. Reply with the product alone.`,
    answer: result.toString(),
    metadata: { source_dataset: "products", source_index: index, expression, num_terms: numTerms, num_digits: numDigits, difficulty: { num_terms: [minTerms, maxTerms], num_digits: [minDigits, maxDigits] } },
  };
}

export default defineFamily({
  name: "products",
  category: "arithmetic",
  scorer: "own",
  score: (answer, entry) => decimalReward(answer, entry.answer),
  generate,
});
