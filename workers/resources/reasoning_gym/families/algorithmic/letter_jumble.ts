// letter_jumble: words whose letters were shuffled, to be restored in order. Compared after strip
// and lower: the whole sentence 1.0; else each word of the stored answer matched at its position
// earns an equal share (summed as Python 3.12's sum() does), at most 1.0.
import { pySplit, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { pythonFloatSum } from "../../../../../shared/verifiers/python_sum.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configNumber, configRange } from "../support/generator_config.ts";
import { WORDS } from "./words.ts";

function score(answer: string | null, entry: { answer: string | null | undefined }): number {
  if (answer === null || typeof entry.answer !== "string") return 0;
  const oracle = pyStrip(entry.answer).toLowerCase();
  const given = pyStrip(answer).toLowerCase();
  if (given === oracle) return 1;
  const expected = pySplit(oracle);
  const words = pySplit(given);
  const share = expected.length > 0 ? 1 / expected.length : 0;
  return Math.min(1, pythonFloatSum(expected.map((word, i) => (words[i] === word ? share : 0))));
}

/** The word with max(1, floor(len * level)) swaps of two different positions. */
function scramble(rng: Rng, word: string, level: number): string {
  if (word.length < 2) return word;
  const letters = [...word];
  const swaps = Math.max(1, Math.floor(letters.length * level));
  for (let k = 0; k < swaps; k++) {
    const [i, j] = rng.sample([...letters.keys()], 2) as [number, number];
    [letters[i], letters[j]] = [letters[j]!, letters[i]!];
  }
  return letters.join("");
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLen, maxLen] = configRange(config, "word_len", [1, 64], [1, 1000]);
  const [minWords, maxWords] = configRange(config, "words", [3, 20], [1, 10_000]);
  const minLevel = configNumber(config, "min_corruption_level", 0.1, 0, 1);
  const maxLevel = configNumber(config, "max_corruption_level", 0.9, minLevel, 1);
  const consecutive = configBool(config, "consecutive_words", true);
  const pool = WORDS.filter((w) => w.length >= minLen && w.length <= maxLen);
  const numWords = rng.int(minWords, maxWords);
  if (pool.length < numWords) throw new RangeError(`min_word_len/max_word_len leave ${pool.length} words, fewer than ${numWords}`);
  const level = rng.uniform(minLevel, maxLevel);
  let words: string[];
  if (consecutive) {
    const start = rng.int(0, pool.length - numWords);
    words = pool.slice(start, start + numWords);
  } else words = rng.sample(pool, numWords);
  const scrambled = words.map((w) => scramble(rng, w, level));
  return {
    question: `The letters of each word below were shuffled; the words are in their original order. Unscramble every word and give the sentence.\n\n${scrambled.join(" ")}`,
    answer: words.join(" "),
    metadata: {
      source_dataset: "letter_jumble",
      source_index: index,
      num_words: numWords,
      corruption_level: level,
      scrambled_words: scrambled,
      original_words: words,
      difficulty: { word_len: [minLen, maxLen], words: [minWords, maxWords], corruption_level: [minLevel, maxLevel] },
    },
  };
}

export default defineFamily({ name: "letter_jumble", category: "algorithmic", scorer: "own", score, generate });
