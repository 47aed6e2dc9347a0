// chain_sum: add and subtract a chain of integers; scored by the library's decimal reward
// (decimal_reward.ts: the same value, commas, sign and trailing decimals aside, or containment).
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { decimalReward } from "./decimal_reward.ts";
import { operandRange } from "./operands.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minTerms, maxTerms] = configRange(config, "terms", [2, 6], [1, 1000]);
  const [minDigits, maxDigits] = configRange(config, "digits", [1, 4], [1, 15]);
  const negation = configBool(config, "allow_negation", false);
  const numTerms = rng.int(minTerms, maxTerms);
  const numDigits = rng.int(minDigits, maxDigits);
  const [low, high] = operandRange(numDigits, negation);
  const terms = Array.from({ length: numTerms }, () => rng.int(low, high));
  let result = BigInt(terms[0]!);
  let expression = String(terms[0]);
  for (const term of terms.slice(1)) {
    const plus = rng.chance(0.5);
    result += plus ? BigInt(term) : -BigInt(term);
    expression += ` ${plus ? "+" : "-"} ${term}`;
  }
  return {
    question: `Work out ${expression} and give the final number.`,
    answer: result.toString(),
    metadata: { source_dataset: "chain_sum", source_index: index, num_terms: numTerms, num_digits: numDigits, expression, difficulty: { num_terms: [minTerms, maxTerms], num_digits: [minDigits, maxDigits] } },
  };
}

export default defineFamily({
  name: "chain_sum",
  category: "arithmetic",
  scorer: "own",
  score: (answer, entry) => decimalReward(answer, entry.answer),
  generate,
});
