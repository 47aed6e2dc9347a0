// decimal_arithmetic: evaluate an expression of decimals. An answer read as a Decimal within the
// tolerance of the stored one scores 1.0, else 0. The tolerance is 10^-max_num_decimal_places of
// the library's default config (3), and the library compares the difference as Decimal subtraction
// rounds it (28 significant digits, halves to even, the default context, which nothing in scoring
// changes): |answer - stored| rounds to at most 0.001 exactly when it is at most 0.001 plus half a
// unit in its 28th digit, so that is the bound compared here, exactly, without subtracting.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configRange } from "../support/generator_config.ts";
import { addFinite, compareFinite, decimalString, negate, parseDecimal } from "../support/python_decimal.ts";
import { evaluateDecimal } from "./decimal_context.ts";
import type { FiniteDecimal } from "../support/python_decimal.ts";

const BOUND = parseDecimal("1.0000000000000000000000000005e-3") as FiniteDecimal;

/** operands joined by operators, split at random points into groups, each group parenthesised half the time. */
function grouped(rng: Rng, operands: readonly string[], operators: readonly string[]): string {
  if (operands.length === 1) return operands[0]!;
  const split = rng.int(1, operands.length - 1);
  const text = grouped(rng, operands.slice(0, split), operators.slice(0, split - 1)) + operators[split - 1] + grouped(rng, operands.slice(split), operators.slice(split));
  return rng.chance(0.5) ? `(${text})` : text;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minPlaces, maxPlaces] = configRange(config, "num_decimal_places", [3, 3], [0, 15]);
  const [minTerms, maxTerms] = configRange(config, "terms", [2, 6], [1, 50]);
  const precision = configInt(config, "precision", 12, 1, 100);
  if (precision <= maxPlaces + 1) throw new RangeError(`precision must exceed max_num_decimal_places by 2 or more, got ${precision} and ${maxPlaces}`);
  const terms = rng.int(minTerms, maxTerms);
  // Expressions that divide by a zero subexpression are drawn again.
  for (let attempt = 0; attempt < 100; attempt++) {
    const places = Array.from({ length: terms }, () => rng.int(minPlaces, maxPlaces));
    // Each operand: up to ten, to exactly its number of decimals.
    const operands = places.map((p) => {
      const units = String(rng.int(1, 10 * 10 ** p)).padStart(p + 1, "0");
      return p === 0 ? units : `${units.slice(0, -p)}.${units.slice(-p)}`;
    });
    const operators = Array.from({ length: terms - 1 }, () => rng.choice(["+", "-", "*", "/"]));
    const expression = grouped(rng, operands, operators);
    let value;
    try {
      value = evaluateDecimal(expression, precision);
    } catch {
      continue;
    }
    return {
      question: `Evaluate ${expression}, rounding each step to ${precision} significant digits (a half to the even neighbour). Reply with the value only.`,
      answer: (value.neg ? "-" : "") + decimalString(value.m, value.e),
      metadata: {
        source_dataset: "decimal_arithmetic",
        source_index: index,
        decimal_places: Math.max(1, ...places),
        num_terms: terms,
        difficulty: { decimal_places: [minPlaces, maxPlaces], num_terms: [minTerms, maxTerms] },
      },
    };
  }
  throw new RangeError("no expression without a division by zero in 100 draws");
}

export default defineFamily({
  name: "decimal_arithmetic",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const given = parseDecimal(answer);
    const expected = parseDecimal(entry.answer);
    // Infinities and NaNs never come within the tolerance (or make the library raise).
    if (given?.kind !== "finite" || expected?.kind !== "finite") return 0;
    const low = addFinite(expected, negate(BOUND));
    const high = addFinite(expected, BOUND);
    return compareFinite(low, given) <= 0 && compareFinite(given, high) <= 0 ? 1 : 0;
  },
  generate,
});
