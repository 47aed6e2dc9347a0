// letter_counting: how many times a letter occurs in a span of words, case ignored. The library's
// default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { WORDS } from "./words.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minWords, maxWords] = configRange(config, "words", [5, 15], [1, 10_000]);
  const spanLength = rng.int(minWords, maxWords);
  const span = Array.from({ length: spanLength }, () => rng.choice(WORDS));
  span[0] = span[0]![0]!.toUpperCase() + span[0]!.slice(1);
  const lower = span.join("").toLowerCase();
  const letter = rng.choice([...new Set(lower)].sort());
  const count = [...lower].filter((c) => c === letter).length;
  return {
    question: `Count the occurrences of the letter "${letter}" (upper or lower case) in this text: "${span.join(" ")}". Answer with the number.`,
    answer: String(count),
    metadata: { source_dataset: "letter_counting", source_index: index, span_length: spanLength, target_letter: letter, span, difficulty: { words: [minWords, maxWords] } },
  };
}

export default defineFamily({ name: "letter_counting", category: "algorithmic", scorer: "default", score: defaultScore, generate });
