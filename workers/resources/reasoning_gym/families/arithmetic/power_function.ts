// power_function: a power of a decimal base, to 3 significant figures. Answer and stored answer,
// read as Decimals, are each rounded to 3 significant figures (Decimal.quantize, halves to even):
// the same value scores 1.0 (two zeros match), else 0.01; an answer that is not a number, or that
// quantize refuses (an infinity, a NaN, an exponent beyond the context's range), 0.01; none, 0.
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyRound } from "../../../../../shared/verifiers/python_round.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";
import { adjusted, compareFinite, parseDecimal, roundSignificant } from "../support/python_decimal.ts";
import type { FiniteDecimal } from "../support/python_decimal.ts";

// The default context's exponent range: quantize raises outside it.
const EMAX = 999_999n;
const ETINY = -999_999n - 27n;

/** The value at 3 significant figures; "zero" for zero; undefined where the library's rounding raises or gives NaN. */
function threeFigures(text: string): FiniteDecimal | "zero" | undefined {
  const d = parseDecimal(text);
  if (d?.kind !== "finite") return undefined;
  if (d.digits === "") return "zero";
  const quantum = adjusted(d) - 2n;
  if (quantum > EMAX || quantum < ETINY) return undefined;
  const rounded = roundSignificant(d, 3);
  return adjusted(rounded) > EMAX ? undefined : rounded;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  // Bases within a million and exponents up to 50 keep every power within a float's range.
  const minBase = configNumber(config, "min_base", -1e3, -1e6, 1e6);
  const maxBase = configNumber(config, "max_base", 1e3, minBase, 1e6);
  const [minExponent, maxExponent] = configRange(config, "exponent", [0, 8], [0, 50]);
  const base = pyRound(rng.uniform(minBase, maxBase), 4);
  const magnitude = rng.int(minExponent, maxExponent);
  // Half the exponents negative; never a negative power of zero.
  const exponent = rng.chance(0.5) && base !== 0 ? -magnitude : magnitude;
  const solution = base ** exponent;
  return {
    question: `Raise ${pyFloatRepr(base)} to the power ${exponent}. Give the result to 3 significant figures in e notation, like 1.23e+4.`,
    answer: pyFloatRepr(solution),
    metadata: { source_dataset: "power_function", source_index: index, base, exponent, solution, difficulty: { exponent: [minExponent, maxExponent] } },
  };
}

export default defineFamily({
  name: "power_function",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    if (typeof entry.answer !== "string") return 0.01;
    const given = threeFigures(answer);
    const expected = threeFigures(entry.answer);
    if (given === undefined || expected === undefined) return 0.01;
    if (given === "zero" || expected === "zero") return given === expected ? 1 : 0.01;
    return compareFinite(given, expected) === 0 ? 1 : 0.01;
  },
  generate,
});
