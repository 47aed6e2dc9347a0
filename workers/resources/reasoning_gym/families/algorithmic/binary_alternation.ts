// binary_alternation: the fewest swaps (of any two characters) that make a binary string
// alternate, or -1 when no number does. The library's default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

/** Half the positions that differ from the alternating string starting with `first`. */
function swapsFrom(bits: string, first: string): number {
  let wrong = 0;
  for (let i = 0; i < bits.length; i++) if ((bits[i] === first) !== (i % 2 === 0)) wrong++;
  return wrong / 2;
}

export function minSwaps(bits: string): number {
  const ones = [...bits].filter((b) => b === "1").length;
  const zeros = bits.length - ones;
  if (Math.abs(ones - zeros) > 1) return -1;
  if (ones !== zeros) return swapsFrom(bits, ones > zeros ? "1" : "0");
  return Math.min(swapsFrom(bits, "0"), swapsFrom(bits, "1"));
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minN, maxN] = configRange(config, "n", [10, 30], [1, 100_000]);
  const pSolvable = configNumber(config, "p_solvable", 0.8, 0, 1);
  const n = rng.int(minN, maxN);
  const solvable = rng.chance(pSolvable);
  let ones = Math.floor(n / 2);
  let zeros = ones;
  if (n % 2 === 1) rng.chance(0.5) ? ones++ : zeros++;
  // Unsolvable: the counts differ by two or more.
  if (!solvable) {
    if (ones > zeros) ones++;
    else if (zeros > ones) zeros++;
    else if (rng.chance(0.5)) ones += 2;
    else zeros += 2;
  }
  const bits = rng.shuffled([..."1".repeat(ones), ..."0".repeat(zeros)]).join("");
  const answer = minSwaps(bits);
  return {
    question: `A binary string alternates when no two neighbouring characters are equal (like 0101 or 101). Any two characters of a string may be swapped, neighbours or not. What is the smallest number of swaps that makes this string alternate? Answer -1 if it cannot be done.\n\n${bits}`,
    answer: String(answer),
    metadata: { source_dataset: "binary_alternation", source_index: index, string: bits, solution: answer, solvable, n, difficulty: { n: [minN, maxN] } },
  };
}

export default defineFamily({ name: "binary_alternation", category: "algorithmic", scorer: "default", score: defaultScore, generate });
