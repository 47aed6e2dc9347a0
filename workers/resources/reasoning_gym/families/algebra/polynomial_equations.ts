// polynomial_equations: the real roots of a polynomial, comma-separated. Both lists are read as
// floats (pieces that are not numbers are skipped) and sorted; each answered root, in order,
// takes the closest stored root still unmatched and earns exp(-10 * distance); the mean of those
// rewards, less 0.5 for every root missing or extra, floored at 0; two empty lists score 1.0.
import { defineFamily } from "../family.ts";
import { configRange } from "../support/generator_config.ts";
import { configStrings } from "../support/generator_lists.ts";
import { pyFloat } from "../support/python_number.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyRound } from "../../../../../shared/verifiers/python_round.ts";
import { add, coefficients, monomial, polynomialText, rational, type Polynomial } from "./polynomial_text.ts";
import { realRoots } from "./real_roots.ts";

const PENALTY_MISSING = 0.5;
const PENALTY_EXTRA = 0.5;
const DISTANCE_FACTOR = -10;
// No i or j: they read as imaginary units. Polynomials without a real root are redrawn this often.
const LETTERS = [..."abcdefghklmnopqrstuvwxyz"];
const ATTEMPTS = 20;

/** The sorted floats of a comma-separated list; stops once it holds `limit` of them. */
function roots(text: string | null | undefined, limit = Infinity): number[] {
  const out: number[] = [];
  if (!text) return out;
  for (const piece of text.split(",")) {
    const value = pyFloat(piece);
    if (value !== undefined) out.push(value);
    if (out.length >= limit) break;
  }
  return out.sort((a, b) => a - b);
}

export default defineFamily({
  name: "polynomial_equations",
  category: "algebra",
  scorer: "own",
  score(answer, entry) {
    const oracle = roots(entry.answer);
    // Two extra roots already cost the whole reward: no need to read further.
    const predicted = roots(answer, oracle.length + 2);
    if (oracle.length === 0 && predicted.length === 0) return 1;
    let total = 0;
    let matched = 0;
    let extra = 0;
    for (const root of predicted) {
      let best = Infinity;
      let at = -1;
      oracle.forEach((o, i) => {
        if (best > Math.abs(root - o)) [best, at] = [Math.abs(root - o), i];
      });
      if (at < 0) extra++;
      else {
        matched++;
        oracle.splice(at, 1);
        total += Math.exp(best * DISTANCE_FACTOR);
      }
    }
    const penalty = oracle.length * PENALTY_MISSING + extra * PENALTY_EXTRA;
    return Math.max(0, (matched > 0 ? total / matched : total) - penalty);
  },
  // Ours: a polynomial whose top term has the chosen degree, plus more terms of random degrees,
  // coefficients min_value..max_value (negated half the time when "-" is an operator), redrawn
  // until it has a real root (as the library, up to 20 times); the roots rounded to 4 places.
  generate(rng, config, index) {
    const [minTerms, maxTerms] = configRange(config, "terms", [2, 4], [1, 50]);
    const [minValue, maxValue] = configRange(config, "value", [1, 100], [1, 1_000_000]);
    const [minDegree, maxDegree] = configRange(config, "degree", [1, 3], [1, 12]);
    const operators = configStrings(config, "operators", ["+", "-"], ["+", "-"]);
    let task: { variable: string; degree: number; count: number; polynomial: Polynomial; roots: number[] } | undefined;
    for (let attempt = 0; attempt < ATTEMPTS && !task?.roots.length; attempt++) {
      const variable = rng.choice(LETTERS);
      const degree = rng.int(minDegree, maxDegree);
      const count = rng.int(minTerms, maxTerms);
      const exponents = [degree, ...Array.from({ length: count - 1 }, () => rng.int(0, degree))];
      let polynomial: Polynomial = { vars: [variable], terms: new Map() };
      for (const e of exponents) {
        const c = rng.int(minValue, maxValue);
        polynomial = add(polynomial, monomial([variable], [e], rational(operators.includes("-") && rng.chance(0.5) ? -c : c)));
      }
      task = { variable, degree, count, polynomial, roots: realRoots(coefficients(polynomial)).map((r) => pyRound(r, 4)) };
    }
    const { variable, degree, count, polynomial, roots } = task!;
    const expression = polynomialText(polynomial);
    return {
      question: `Find every real ${variable} with ${expression} = 0. Answer with the values as decimals rounded to 4 places, comma-separated, in any order; if there is none, answer with an empty string.`,
      answer: roots.map(pyFloatRepr).join(", "),
      metadata: {
        source_dataset: "polynomial_equations",
        source_index: index,
        polynomial_expr: expression,
        variable,
        degree,
        real_solutions: roots,
        num_terms: count,
        difficulty: { terms: [minTerms, maxTerms], degree: [minDegree, maxDegree] },
      },
    };
  },
});
