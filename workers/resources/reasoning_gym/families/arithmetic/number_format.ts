// number_format: pick the largest or smallest of numbers written in several formats. The stripped
// answer without its commas, read as a float, within 0.01 of the stored solution
// (metadata.solution) scores 1.0; anything else 0.
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyRound } from "../../../../../shared/verifiers/python_round.ts";
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";
import { pyFloat } from "../support/python_number.ts";

/** x as Python writes it with f"{x:,}": its repr with thousands separators. */
function withCommas(x: number): string {
  const [whole, fraction] = pyFloatRepr(x).split(".") as [string, string | undefined];
  const sign = whole.startsWith("-") ? "-" : "";
  const digits = whole.slice(sign.length).replace(/\B(?=(\d{3})+$)/g, ",");
  return sign + digits + (fraction === undefined ? "" : `.${fraction}`);
}

/** x as Python writes it with f"{x:.15e}": an exponent of at least two digits. */
function scientific(x: number): string {
  const [mantissa, exponent] = x.toExponential(15).split("e") as [string, string];
  return `${mantissa}e${exponent[0]}${exponent.slice(1).padStart(2, "0")}`;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minCount, maxCount] = configRange(config, "num_candidates", [2, 5], [2, 1000]);
  // Up to 1e15 keeps f"{x:f}" and JavaScript's toFixed in fixed notation, and the thousandths exact enough.
  const minN = configNumber(config, "min_n", 1_000, 1, 1e15);
  const maxN = configNumber(config, "max_n", 1_000_000_000, minN, 1e15);
  if (maxN <= minN) throw new RangeError(`max_n must be greater than min_n, got ${minN} and ${maxN}`);
  const maxDelta = configNumber(config, "max_delta", 10, Number.MIN_VALUE, 1e15);
  const count = rng.int(minCount, maxCount);
  // Numbers close together: one drawn, the others within max_delta of it, all to thousandths.
  const base = pyRound(rng.uniform(minN, maxN), 3);
  const candidates = [base, ...Array.from({ length: count - 1 }, () => base + pyRound(rng.uniform(-maxDelta, maxDelta), 3))];
  const formatted = candidates.map((x) => rng.choice([(v: number) => v.toFixed(6), withCommas, scientific])(x));
  const size = rng.choice(["largest", "smallest"] as const);
  const solution = size === "largest" ? Math.max(...candidates) : Math.min(...candidates);
  return {
    question: `These numbers are written in different formats: ${formatted.join(" ")}. Which one is the ${size}? Reply with that number only.`,
    answer: pyFloatRepr(solution),
    metadata: {
      source_dataset: "number_format",
      source_index: index,
      candidates,
      solution,
      formatted_candidates: formatted,
      size,
      num_candidates: count,
      difficulty: { num_candidates: [minCount, maxCount], n: [minN, maxN], min_delta: maxDelta },
    },
  };
}

export default defineFamily({
  name: "number_format",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (!("solution" in entry.metadata)) throw new RangeError("metadata.solution is missing");
    const solution = entry.metadata.solution;
    if (answer === null || answer.length === 0 || typeof solution !== "number") return 0;
    const value = pyFloat(pyStrip(answer).replaceAll(",", ""));
    return value !== undefined && Math.abs(value - solution) < 1e-2 ? 1 : 0;
  },
  generate,
});
