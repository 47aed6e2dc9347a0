// simple_equations: solve a linear equation for its variable; the library's base scorer (the
// stored answer exactly, or its share of a longer answer that contains it). Our generator builds
// the left side from min_terms..max_terms constants joined by the weighted operators, one of them
// replaced by coefficient * variable, and picks the solution; both sides are shown evaluated.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import { configRange } from "../support/generator_config.ts";
import { configStrings, configWeights, pickWeighted } from "../support/generator_lists.ts";
import { add, monomial, multiply, polynomialText, rational, type Polynomial } from "./polynomial_text.ts";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

export default defineFamily({
  name: "simple_equations",
  category: "algebra",
  scorer: "default",
  score: defaultScore,
  generate(rng, config, index) {
    const [minTerms, maxTerms] = configRange(config, "terms", [2, 4], [1, 50]);
    const [minValue, maxValue] = configRange(config, "value", [1, 100], [1, 1_000_000]);
    const operators = configStrings(config, "operators", ["+", "-", "*"], ["+", "-", "*"]);
    const weights = configWeights(config, "operators_weights", [0.4, 0.4, 0.2], operators.length);
    const variable = rng.choice([...LETTERS]);
    const vars = [variable];
    const constant = (n: number): Polynomial => monomial(vars, [0], rational(n));
    const count = rng.int(minTerms, maxTerms);
    const terms = Array.from({ length: count }, () => constant(rng.int(minValue, maxValue)));
    // Without multiplication the variable stands alone; with it, it carries a coefficient.
    terms[rng.int(0, count - 1)] = monomial(vars, [1], rational(operators.includes("*") ? rng.int(minValue, maxValue) : 1));
    let left = terms[0]!;
    for (const term of terms.slice(1)) {
      const op = pickWeighted(rng, operators, weights);
      left = op === "*" ? multiply(left, term) : add(left, op === "+" ? term : multiply(constant(-1), term));
    }
    const solution = rng.int(minValue, maxValue);
    const [b = rational(0), a = rational(0)] = [left.terms.get("0")?.c, left.terms.get("1")?.c];
    const right = a.n * BigInt(solution) + b.n;
    const equation = `${polynomialText(left)} = ${right}`;
    return {
      question: `What value of ${variable} makes this equation true? ${equation}\nGive only the value.`,
      answer: String(solution),
      metadata: {
        source_dataset: "simple_equations",
        source_index: index,
        equation,
        variable,
        difficulty: { min_terms: minTerms, max_terms: maxTerms, min_value: minValue, max_value: maxValue, operators_weights: weights },
      },
    };
  },
});
