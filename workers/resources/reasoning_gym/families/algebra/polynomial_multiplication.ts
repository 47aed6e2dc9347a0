// polynomial_multiplication: the expanded product. The library parses both the answer and the
// stored answer with sympy and scores 1.0 when they are the same expression after sympy's
// automatic evaluation (terms in any order and like terms collected match; a product left
// unexpanded, or float coefficients, do not); else, or when the answer does not parse, 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { configStrings } from "../support/generator_lists.ts";
import { parseSympy } from "../support/sympy_expression.ts";
import { add, monomial, multiply, polynomialText, rational, type Polynomial } from "./polynomial_text.ts";
import { sympyEqual } from "./sympy_canonical.ts";

/** Every exponent vector over `count` variables with total degree from lo to hi. */
function monomials(count: number, lo: number, hi: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[], left: number) => {
    if (prefix.length === count) {
      const total = hi - left;
      if (total >= lo) out.push(prefix);
      return;
    }
    for (let e = 0; e <= left; e++) walk([...prefix, e], left - e);
  };
  walk([], hi);
  return out;
}

type Settings = { terms: [number, number]; values: [number, number]; degrees: [number, number]; operators: string[] };

/** One factor: a sum of signed random multiples of monomials drawn from `choices`. */
function factor(rng: Rng, vars: readonly string[], choices: number[][], s: Settings): Polynomial {
  let p: Polynomial = { vars, terms: new Map() };
  const count = rng.int(...s.terms);
  for (let i = 0; i < count; i++) {
    let c = rng.int(...s.values);
    const exps = rng.choice(choices);
    if (s.operators.includes("-") && rng.chance(0.5)) c = -c;
    p = add(p, monomial(vars, exps, rational(c)));
  }
  return p;
}

export default defineFamily({
  name: "polynomial_multiplication",
  category: "algebra",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    return sympyEqual(parseSympy(answer), parseSympy(entry.answer)) ? 1 : 0;
  },
  generate(rng, config, index) {
    const settings: Settings = {
      terms: configRange(config, "terms", [2, 4], [1, 50]),
      values: configRange(config, "value", [1, 100], [1, 1_000_000]),
      degrees: configRange(config, "degree", [0, 3], [0, 20]),
      operators: configStrings(config, "operators", ["+", "-"], ["+", "-"]),
    };
    const [minFactors, maxFactors] = configRange(config, "polynomials", [2, 3], [2, 10]);
    const names = configStrings(config, "variables", ["x", "y", "z"]);
    if (!names.every((n) => /^[A-Za-z]\w*$/.test(n))) throw new RangeError(`variables must be names, got ${JSON.stringify(names)}`);
    const cross = configBool(config, "allow_cross_variable_product", false);
    const multivariate = configBool(config, "allow_multivariate_polynomials", false);
    if (multivariate && !cross) throw new RangeError("allow_multivariate_polynomials needs allow_cross_variable_product");
    const vars = multivariate || cross ? names : [rng.choice(names)];
    // Each factor's monomials: all variables at once, one variable of its own per factor, or the one shared variable.
    const choicesFor = (): number[][] => {
      if (multivariate || !cross) return monomials(vars.length, ...settings.degrees);
      const v = rng.int(0, vars.length - 1);
      return monomials(1, ...settings.degrees).map(([e]) => vars.map((_, i) => (i === v ? e! : 0)));
    };
    const shared = cross ? undefined : choicesFor();
    const factors = Array.from({ length: rng.int(minFactors, maxFactors) }, () => factor(rng, vars, shared ?? choicesFor(), settings));
    const product = factors.reduce((a, b) => multiply(a, b));
    const expression = factors.map((f) => `(${polynomialText(f)})`).join("*");
    const used = vars.filter((_, i) => [...product.terms.values()].some((t) => t.exps[i] !== 0));
    return {
      question: `Expand and simplify ${expression}. Write powers with ** and every multiplication with *, as in 3*x**2*y.`,
      answer: polynomialText(product),
      metadata: {
        source_dataset: "polynomial_multiplication",
        source_index: index,
        polynomial_expr: expression,
        variables: used,
        difficulty: {
          min_terms: settings.terms[0],
          max_terms: settings.terms[1],
          min_value: settings.values[0],
          max_value: settings.values[1],
          min_degree: settings.degrees[0],
          max_degree: settings.degrees[1],
          min_polynomials: minFactors,
          max_polynomials: maxFactors,
        },
      },
    };
  },
  deviations: ["An answer that calls a sympy function to do the work (expand(...)) is not evaluated and scores 0; the library's parse_expr would run it."],
});
