// decimal_chain_sum: add and subtract a chain of decimals. The stripped answer read as a Decimal
// equal in value to the stored one ("1.20" for "1.200") scores 1.0; anything else 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configInt, configRange } from "../support/generator_config.ts";
import { decimalEquals, decimalString, parseDecimal } from "../support/python_decimal.ts";
import { operandRange } from "./operands.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minTerms, maxTerms] = configRange(config, "terms", [2, 6], [1, 1000]);
  const [minDigits, maxDigits] = configRange(config, "digits", [1, 4], [1, 15]);
  const minPlaces = configInt(config, "min_decimal_places", 1, 0, 15);
  const maxPlaces = configInt(config, "max_decimal_places", 4, minPlaces, 15);
  const negation = configBool(config, "allow_negation", false);
  const numTerms = rng.int(minTerms, maxTerms);
  const numDigits = rng.int(minDigits, maxDigits);
  const [low, high] = operandRange(numDigits, negation);
  // Each term: an integer of numDigits digits plus a fraction of exactly `places` decimals (0 for none).
  const terms = Array.from({ length: numTerms }, () => ({ whole: rng.int(low, high), places: rng.int(minPlaces, maxPlaces) }));
  const scale = Math.max(...terms.map((t) => t.places));
  let result = 0n;
  const shown: string[] = [];
  for (const [i, { whole, places }] of terms.entries()) {
    const fraction = places === 0 ? 0 : rng.int(10 ** (places - 1), 10 ** places - 1);
    const units = BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction);
    const plus = i === 0 || rng.chance(0.5);
    result += (plus ? units : -units) * 10n ** BigInt(scale - places);
    if (i > 0) shown.push(plus ? "+" : "-");
    shown.push(decimalString(units, -places));
  }
  const expression = shown.join(" ");
  return {
    question: `Work out ${expression} and give the exact result.`,
    answer: decimalString(result, -scale),
    metadata: {
      source_dataset: "decimal_chain_sum",
      source_index: index,
      num_terms: numTerms,
      num_digits: numDigits,
      expression,
      difficulty: { num_terms: [minTerms, maxTerms], num_digits: [minDigits, maxDigits], decimal_places: [minPlaces, maxPlaces] },
    },
  };
}

export default defineFamily({
  name: "decimal_chain_sum",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || pyStrip(answer) === "" || typeof entry.answer !== "string") return 0;
    const given = parseDecimal(answer);
    const expected = parseDecimal(entry.answer);
    // decimalEquals throws on a signaling NaN, which the library catches as a wrong answer.
    try {
      return given !== undefined && expected !== undefined && decimalEquals(given, expected) ? 1 : 0;
    } catch {
      return 0;
    }
  },
  generate,
});
