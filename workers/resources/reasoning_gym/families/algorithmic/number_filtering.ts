// number_filtering: keep (or remove) the numbers of a list larger (or smaller) than a threshold,
// answered as the list of the kept numbers' strings, Python-style (['1.5', '-3']). The library's
// default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

const pyList = (items: readonly string[]) => `[${items.map((s) => `'${s}'`).join(", ")}]`;

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minNumbers, maxNumbers] = configRange(config, "numbers", [3, 10], [1, 100_000]);
  const [minDecimals, maxDecimals] = configRange(config, "decimals", [0, 4], [0, 15]);
  const minValue = configNumber(config, "min_value", -100, -1e15, 1e15);
  const maxValue = configNumber(config, "max_value", 100, -1e15, 1e15);
  if (maxValue <= minValue) throw new RangeError(`max_value must be greater than min_value, got ${minValue} and ${maxValue}`);
  const count = rng.int(minNumbers, maxNumbers);
  // Each number as shown (a fixed count of decimals) and the value read back from that text.
  const shown = Array.from({ length: count }, () => rng.uniform(minValue, maxValue).toFixed(rng.int(minDecimals, maxDecimals)));
  const values = shown.map(Number);
  const threshold = rng.uniform(values.reduce((a, b) => Math.min(a, b)), values.reduce((a, b) => Math.max(a, b))).toFixed(rng.int(minDecimals, maxDecimals));
  const limit = Number(threshold);
  const larger = rng.chance(0.5);
  const keep = rng.chance(0.5);
  const kept = shown.filter((_, i) => {
    const beyond = larger ? values[i]! > limit : values[i]! < limit;
    return keep ? beyond : !beyond;
  });
  const side = larger ? "larger" : "smaller";
  return {
    question: `${keep ? "Keep only" : "Remove"} the numbers ${side} than ${threshold} in this list, and give the resulting list written the same way: ${pyList(shown)}`,
    answer: pyList(kept),
    metadata: {
      source_dataset: "number_filtering",
      source_index: index,
      original_numbers: shown,
      filter_value: threshold,
      operation: `${keep ? "keep" : "remove"}_${side}`,
      result: kept,
      numbers: count,
      difficulty: { numbers: [minNumbers, maxNumbers], decimals: [minDecimals, maxDecimals], value: [minValue, maxValue] },
    },
  };
}

export default defineFamily({ name: "number_filtering", category: "algorithmic", scorer: "default", score: defaultScore, generate });
