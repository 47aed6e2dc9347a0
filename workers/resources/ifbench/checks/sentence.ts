// IFBench's `sentence:*` instructions, over its rule-based sentence splitter: growing runs of
// alliteration, a keyword in a given sentence, word counts growing by a fixed step.
import { z } from "../../../../shared/zod.ts";
import { instruction, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { PUNCTUATION_AND_SPACE, first, lower, split, stripChars, withoutPunctuation } from "../text/python.ts";
import { splitIntoSentences } from "../text/split_sentences.ts";

/**
 * IFBench's alliteration score of a sentence: over neighbouring words (leading punctuation
 * trimmed) that share a first character, 2 for the pair opening a run and 1 for each pair extending it.
 */
function alliteration(sentence: string): number {
  const words = split(lower(sentence))
    .map((word) => stripChars(word, PUNCTUATION_AND_SPACE, true, false))
    .filter(Boolean);
  let score = 0;
  let inRun = false;
  for (let i = 0; i + 1 < words.length; i++) {
    const same = first(words[i]!) === first(words[i + 1]!);
    if (same) score += inRun ? 1 : 2;
    inRun = same;
  }
  return score;
}

export const SENTENCE: Family = {
  // Each sentence scores strictly more alliteration than the one before.
  "sentence:alliteration_increment": instruction({
    kwargs: NoKwargs,
    check(text) {
      let previous = -1;
      for (const sentence of splitIntoSentences(text)) {
        const score = alliteration(sentence);
        if (score <= previous) return false;
        previous = score;
      }
      return true;
    },
  }),
  // The N-th sentence contains the word, case-insensitively, as a substring. IFBench indexes with
  // int(N - 1), so N = 0 means the last sentence.
  "sentence:keyword": instruction({
    // IFBench draws a random word or N when one is missing (or the word empty), so a row must give them.
    kwargs: z.strictObject({ word: z.string().min(1), N: z.number().min(0) }),
    check(text, { word, N }) {
      const sentences = splitIntoSentences(text);
      if (sentences.length < N) return false;
      const index = Math.trunc(N - 1);
      const sentence = sentences.at(index);
      return sentence !== undefined && lower(sentence).includes(lower(word));
    },
  }),
  // Each sentence has exactly small_n more words (punctuation deleted) than the one before.
  "sentence:increment": instruction({
    // A negative or missing step makes IFBench draw a random one, so a row must give it.
    kwargs: z.strictObject({ small_n: z.number().min(0) }),
    check(text, { small_n }) {
      const counts = splitIntoSentences(text).map((sentence) => split(withoutPunctuation(sentence)).length);
      return counts.length > 0 && counts.every((count, i) => i === 0 || count === counts[i - 1]! + small_n);
    },
  }),
};
