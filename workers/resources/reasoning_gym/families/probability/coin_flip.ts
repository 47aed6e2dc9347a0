// coin_flip: the probability of exactly / at least k heads in n fair flips. The answer and the
// stored one are read as fractions or decimals (commas dropped); within 1e-4 of each other scores
// 1.0; otherwise the share of their 10-significant-digit forms that agree from the first
// character (over the longer: see deviations); unreadable, 0.
import { defineFamily } from "../family.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { pyFormatG } from "../support/python_format_g.ts";
import { parseFraction, ratioToFloat } from "../support/python_fraction.ts";
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";

const TOLERANCE = 1e-4;
/** 2 ** n must stay a finite float for the probability; the library has no bound. */
const MAX_TRIALS = 1000;

function binomial(n: number, k: number): bigint {
  let out = 1n;
  for (let i = 1; i <= k; i++) out = (out * BigInt(n - k + i)) / BigInt(i);
  return out;
}

/** float(Fraction(text)) with commas removed; undefined where the library's call raises. */
function readProbability(text: string): number | undefined {
  const fraction = parseFraction(text.replaceAll(",", ""));
  if (!fraction) return undefined;
  const value = ratioToFloat(fraction.n, fraction.d);
  // Python raises OverflowError here, which the library does not catch: the row scores 0.
  if (!Number.isFinite(value)) throw new RangeError("fraction too large for a float");
  return value;
}

export default defineFamily({
  name: "coin_flip",
  category: "probability",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || pyStrip(answer).length === 0 || typeof entry.answer !== "string") return 0;
    const given = readProbability(answer);
    const oracle = readProbability(entry.answer);
    if (given === undefined || oracle === undefined) return 0;
    if (Math.abs(given - oracle) <= TOLERANCE) return 1;
    const a = pyFormatG(given, 10);
    const b = pyFormatG(oracle, 10);
    let same = 0;
    while (same < a.length && same < b.length && a[same] === b[same]) same++;
    return same / Math.max(a.length, b.length);
  },
  generate(rng, config, index) {
    const [minTrials, maxTrials] = configRange(config, "trials", [3, 15], [1, MAX_TRIALS]);
    const types = [...(configBool(config, "allow_exact", true) ? ["exact"] : []), ...(configBool(config, "allow_at_least", true) ? ["at_least"] : [])];
    if (types.length === 0) throw new RangeError("allow_exact or allow_at_least must be true");
    const n = rng.int(minTrials, maxTrials);
    const type = rng.choice(types);
    const k = rng.int(0, n);
    let ways = 0n;
    for (let i = k; i <= (type === "exact" ? k : n); i++) ways += binomial(n, i);
    // As the library computes it: the count as a float times 0.5 ** n.
    const probability = Number(ways) * 0.5 ** n;
    return {
      question: `A fair coin is tossed ${n} times. What is the probability of ${type === "exact" ? "exactly" : "at least"} ${k} heads? Give the answer as a decimal.`,
      answer: pyFormatG(probability, 10),
      metadata: {
        source_dataset: "coin_flip",
        source_index: index,
        num_trials: n,
        k_heads: k,
        problem_type: type,
        rational: { numerator: Number(ways), denominator: 2 ** n },
        difficulty: { num_trials: [minTrials, maxTrials] },
      },
    };
  },
  deviations: ["The partial credit for a matching prefix is its share of the longer of the two 10-digit forms, not of the shorter: the library's gives a truncation such as \"0\" or \"0.3\" of any probability the full 1.0."],
});
