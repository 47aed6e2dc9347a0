// intermediate_integration: an antiderivative (substitution, by parts, trigonometric, radical, ...). The library scores 1.0 when the answer's
// derivative in the task's variable equals the integrand (any constant of integration, C or
// another name, is fine); else, or when the answer does not parse, 0.
import { defineFamily } from "../family.ts";
import { configInt, configRange, type Config } from "../support/generator_config.ts";
import { configStrings, configWeights, pickWeighted } from "../support/generator_lists.ts";
import { scoreAntiderivative } from "./antiderivative.ts";
import { integrationTask, PROBLEM_TYPES } from "./integration_tasks.ts";

/** Two config fields that bound a range from 1 up (the library's names for them vary). */
function pair(config: Config, low: string, high: string, fallbacks: [number, number]): [number, number] {
  const lo = configInt(config, low, fallbacks[0], 1, 1000);
  const hi = configInt(config, high, fallbacks[1], 1, 1000);
  if (hi < lo) throw new RangeError(`${high} must be at least ${low}, got ${lo} and ${hi}`);
  return [lo, hi];
}

export default defineFamily({
  name: "intermediate_integration",
  category: "algebra",
  scorer: "own",
  score: scoreAntiderivative,
  generate(rng, config, index) {
    const types = configStrings(config, "problem_types", PROBLEM_TYPES, PROBLEM_TYPES) as (typeof PROBLEM_TYPES)[number][];
    const weights = configWeights(config, "problem_type_weights", types.map(() => 1 / types.length), types.length);
    const settings = {
      linear: pair(config, "linear_lower_bound", "linear_upper_bound", [1, 10]),
      linearDegree: configRange(config, "linear_degree", [2, 4], [1, 20]),
      outer: pair(config, "outer_constant_min", "outer_constant_max", [1, 3]),
      polyDegree: configRange(config, "poly_degree", [1, 3], [1, 10]),
      operators: configStrings(config, "operators", ["+", "-"], ["+", "-"]),
    };
    const type = pickWeighted(rng, types, weights);
    const variable = rng.choice(configStrings(config, "symbols", ["x"], ["x", "X"]));
    const { integrand, antiderivative } = integrationTask(rng, type, variable, settings);
    return {
      question: `Integrate ${integrand} with respect to ${variable}. Give an antiderivative plus a constant C in the same variable, using ** for powers, * for every multiplication, and exp(...) or E**(...) for the exponential.`,
      answer: `${antiderivative} + C`,
      metadata: { source_dataset: "intermediate_integration", source_index: index, integrand, problem_type: type, variable, difficulty: { problem_type_weights: weights } },
    };
  },
  deviations: [
    "Equivalence is checked numerically (the derivative against the integrand at fixed complex points) rather than by sympy's simplify, so a correct answer sympy cannot simplify to the integrand (a float exponent such as **1.5) scores 1.0 where the library gives 0.",
    "An answer that leaves the work to sympy (Integral(...), integrate(...), diff(...)) scores 0; the library differentiates Integral(f, x) back to f and gives 1.0.",
  ],
});
