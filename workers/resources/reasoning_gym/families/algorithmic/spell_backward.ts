// spell_backward: a word spelled backward. Case aside: the stored answer 1.0; else 1/n for each of
// its n characters the answer has at the same place (summed in order, as floats); a longer answer
// starting with the stored one 0.8.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { WORDS } from "./words.ts";

/** A word of our vocabulary, of a length in the config's range, to spell backward. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLen, maxLen] = configRange(config, "word_len", [3, 10], [1, 1000]);
  const pool = WORDS.filter((word) => word.length >= minLen && word.length <= maxLen);
  if (pool.length === 0) throw new RangeError(`min_word_len/max_word_len (${minLen}, ${maxLen}) leave no word to choose from`);
  const word = rng.choice(pool);
  return {
    question: `Write the word "${word}" backward, last letter first (for example, sun becomes nus).`,
    answer: [...word].reverse().join(""),
    metadata: { source_dataset: "spell_backward", source_index: index, word, word_len: word.length, difficulty: { word_len: [minLen, maxLen] } },
  };
}

export default defineFamily({
  name: "spell_backward",
  category: "algorithmic",
  scorer: "own",
  deviations: [
    "A longer answer starting with the whole reversed word scores 0.8 at every word length (the library subtracts 0.2 only when its float sum of 1/n is exactly 1.0, so at some lengths such an answer scores 0.9999999999999998 or even 1.0000000000000002).",
  ],
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const expected = Array.from(entry.answer.toLowerCase());
    const given = Array.from(answer.toLowerCase());
    if (expected.join("") === given.join("")) return 1;
    let reward = 0;
    let matched = 0;
    const n = Math.min(expected.length, given.length);
    for (let i = 0; i < n; i++) {
      if (expected[i] !== given[i]) continue;
      reward += 1 / expected.length;
      matched++;
    }
    return matched === expected.length ? 0.8 : reward;
  },
  generate,
});
