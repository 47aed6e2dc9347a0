// base_conversion: a number written in one base, to be written in another (digits above 9 as
// lowercase letters). The library's default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const baseName = (base: number) => (base === 2 ? "binary" : base === 16 ? "hexadecimal" : `base-${base}`);

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minBase, maxBase] = configRange(config, "base", [2, 16], [2, 36], true);
  const [minValue, maxValue] = configRange(config, "value", [0, 1000], [0, Number.MAX_SAFE_INTEGER], true);
  const value = rng.int(minValue, maxValue);
  const source = rng.int(minBase, maxBase);
  // Another base, equally likely among the rest.
  const other = rng.int(minBase, maxBase - 1);
  const target = other >= source ? other + 1 : other;
  const sourceRepr = value.toString(source);
  const targetRepr = value.toString(target);
  const question = `Write the ${baseName(source)} number ${sourceRepr} in ${baseName(target)}. Digits above 9 are the lowercase letters a-z.`;
  return {
    question,
    answer: targetRepr,
    metadata: {
      source_dataset: "base_conversion",
      source_index: index,
      decimal_value: value,
      source_base: source,
      target_base: target,
      source_repr: sourceRepr,
      target_repr: targetRepr,
      difficulty: { base: [minBase, maxBase], value: [minValue, maxValue] },
    },
  };
}

export default defineFamily({ name: "base_conversion", category: "algorithmic", scorer: "default", score: defaultScore, generate });
