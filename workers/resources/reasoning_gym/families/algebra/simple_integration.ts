// simple_integration: the antiderivative of a polynomial. The library scores 1.0 when the answer's
// derivative in the task's variable equals the integrand (any constant of integration, C or
// another name, is fine); else, or when the answer does not parse, 0.
import { defineFamily } from "../family.ts";
import { configRange } from "../support/generator_config.ts";
import { configStrings } from "../support/generator_lists.ts";
import { scoreAntiderivative } from "./antiderivative.ts";
import { add, derivative, monomial, polynomialText, rational, type Polynomial } from "./polynomial_text.ts";

export default defineFamily({
  name: "simple_integration",
  category: "algebra",
  scorer: "own",
  score: scoreAntiderivative,
  // Ours: a polynomial antiderivative with coefficients min_bounds..max_bounds (half of them
  // divided by 2..10) and degrees min_degree..max_degree; the task is its derivative.
  generate(rng, config, index) {
    const [minTerms, maxTerms] = configRange(config, "terms", [2, 5], [0, 50]);
    const [minDegree, maxDegree] = configRange(config, "degree", [1, 10], [-10, 50]);
    const [minBound, maxBound] = configRange(config, "bounds", [1, 10], [1, 1_000_000]);
    const operators = configStrings(config, "operators", ["+", "-"], ["+", "-"]);
    const variable = rng.choice(configStrings(config, "symbols", ["x", "X"]));
    if (!/^[A-Za-z]\w*$/.test(variable) || variable === "C") throw new RangeError(`symbols must be names other than C, got ${JSON.stringify(variable)}`);
    const vars = [variable];
    let antiderivative: Polynomial = { vars, terms: new Map() };
    const count = rng.int(minTerms, maxTerms);
    for (let i = 0; i < count; i++) {
      const numerator = rng.int(minBound, maxBound);
      const c = rng.chance(0.5) ? rational(numerator) : rational(numerator, rng.int(2, 10));
      const degree = rng.int(minDegree, maxDegree);
      const sign = rng.choice(operators) === "-" ? -1n : 1n;
      antiderivative = add(antiderivative, monomial(vars, [degree], rational(sign * c.n, c.d)));
    }
    const integrand = polynomialText(derivative(antiderivative));
    return {
      question: `Integrate ${integrand} with respect to ${variable}. Give an antiderivative plus a constant C, using ** for powers and * for every multiplication.`,
      answer: `${polynomialText(antiderivative)} + C`,
      metadata: { source_dataset: "simple_integration", source_index: index, integrand, variable, num_terms: count, difficulty: { terms: [minTerms, maxTerms] } },
    };
  },
  deviations: [
    "Equivalence is checked numerically (the derivative against the integrand at fixed complex points) rather than by sympy's simplify, so a correct answer sympy cannot simplify to the integrand (a float exponent such as **1.5) scores 1.0 where the library gives 0.",
    "An answer that leaves the work to sympy (Integral(...), integrate(...), diff(...)) scores 0; the library differentiates Integral(f, x) back to f and gives 1.0.",
  ],
});
