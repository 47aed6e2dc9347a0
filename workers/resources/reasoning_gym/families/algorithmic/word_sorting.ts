// word_sorting: sort words by code point, up or down. The answer split at commas (and the
// whitespace after each), words stripped: the stored list 1.0; else the share of places holding
// the stored word (of the longer list's places), raised to 0.2 when it holds the same words in
// another order.
import { PY_SPACE, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { WORDS } from "./words.ts";

const COMMA = new RegExp(`,[${PY_SPACE}]*`);

const TRANSFORMATIONS = ["lowercase", "uppercase", "original", "randomcase"];

function transform(rng: Rng, word: string, transformation: string): string {
  if (transformation === "lowercase") return word.toLowerCase();
  if (transformation === "uppercase") return word.toUpperCase();
  if (transformation === "randomcase") return Array.from(word, (c) => (rng.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join("");
  return word;
}

/** Distinct words of our vocabulary, in a case the config names, to sort by code point. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minWords, maxWords] = configRange(config, "words", [3, 10], [1, 100_000]);
  const [minLength, maxLength] = configRange(config, "word_length", [3, 12], [1, 1000]);
  const transformation = config.transformation ?? "original";
  if (typeof transformation !== "string" || !TRANSFORMATIONS.includes(transformation)) throw new RangeError(`transformation must be one of ${TRANSFORMATIONS.join(", ")}, got ${JSON.stringify(transformation)}`);
  const pool = WORDS.filter((word) => word.length >= minLength && word.length <= maxLength);
  const count = rng.int(minWords, maxWords);
  if (count > pool.length) throw new RangeError(`min_word_length/max_word_length (${minLength}, ${maxLength}) leave ${pool.length} words, fewer than the ${count} drawn from min_words/max_words`);
  const original = rng.sample(pool, count);
  const transformed = original.map((word) => transform(rng, word, transformation));
  const direction = rng.chance(0.5) ? "ascending" : "descending";
  // Code-point order; these words are ASCII, where UTF-16 order is the same.
  const sorted = [...transformed].sort();
  if (direction === "descending") sorted.reverse();
  return {
    question:
      `Sort these words in ${direction} order by their characters' Unicode code points (so every uppercase letter comes before every lowercase one), ` +
      `and answer with the sorted words separated by a comma and a space: ${transformed.join(", ")}`,
    answer: sorted.join(", "),
    metadata: {
      source_dataset: "word_sorting",
      source_index: index,
      original_words: original,
      sorted_words: sorted,
      transformed_words: transformed,
      direction,
      num_words: count,
      word_length: Math.max(...original.map((word) => word.length)),
      difficulty: { num_words: [minWords, maxWords], word_length: [minLength, maxLength] },
    },
  };
}

export default defineFamily({
  name: "word_sorting",
  category: "algorithmic",
  scorer: "own",
  deviations: ["Extra words after the sorted list cost: the share of right places is of the longer list (the library divides by the stored list's length, so a padded answer scores 1.0)."],
  score(answer, entry) {
    const oracle = entry.metadata.sorted_words;
    if (!answer) return 0;
    if (!Array.isArray(oracle)) throw new TypeError("metadata.sorted_words is not a list");
    const words = answer.split(COMMA).map(pyStrip);
    if (words.length === oracle.length && words.every((word, i) => word === oracle[i])) return 1;
    // The library divides by the stored list's length: an empty one raises, so 0.
    if (oracle.length === 0) return 0;
    const placed = words.filter((word, i) => word === oracle[i]).length / Math.max(oracle.length, words.length);
    const sortedGiven = [...words].sort();
    const sortedOracle = [...oracle].sort();
    const sameWords = sortedGiven.length === sortedOracle.length && sortedGiven.every((word, i) => word === sortedOracle[i]);
    return sameWords ? Math.max(placed, 0.2) : placed;
  },
  generate,
});
