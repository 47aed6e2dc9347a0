// count_bits: the number of 1 bits in a number's binary form; the library's base scorer (the
// stored answer exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minN, maxN] = configRange(config, "n", [1, 2 ** 31 - 1], [1, Number.MAX_SAFE_INTEGER]);
  const number = rng.int(minN, maxN);
  const binary = number.toString(2);
  const ones = binary.split("").filter((bit) => bit === "1").length;
  return {
    question: `Write ${number} in binary. How many of its digits are 1?`,
    answer: String(ones),
    metadata: { source_dataset: "count_bits", source_index: index, number, solution: ones, binary, n: number, difficulty: { n: [minN, maxN] } },
  };
}

export default defineFamily({ name: "count_bits", category: "arithmetic", scorer: "default", score: defaultScore, generate });
