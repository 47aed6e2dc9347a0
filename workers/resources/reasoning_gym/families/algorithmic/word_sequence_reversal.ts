// word_sequence_reversal: a list of words in reverse order, comma and space between them. Scored by
// the library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { WORDS } from "./words.ts";

/** Distinct words of our vocabulary to list in reverse. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minWords, maxWords] = configRange(config, "words", [3, 8], [1, 100_000]);
  const words = rng.sample(WORDS, Math.min(rng.int(minWords, maxWords), WORDS.length));
  return {
    question: `Reverse the order of this list of words, and answer with the reversed list, words separated by a comma and a space: ${words.join(", ")}`,
    answer: [...words].reverse().join(", "),
    metadata: { source_dataset: "word_sequence_reversal", source_index: index, num_words: words.length, words, difficulty: { words: [minWords, maxWords] } },
  };
}

export default defineFamily({ name: "word_sequence_reversal", category: "algorithmic", scorer: "default", score: defaultScore, generate });
