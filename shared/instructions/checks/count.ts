// count:* and letters:* — counting words, letters and tokens.
import { z } from "../../zod.ts";
import { Count, NoKwargs, Phrase, Relation, compare, instruction } from "../instruction.ts";
import type { Family } from "../instruction.ts";
import { countPhrase } from "../text/match.ts";
import { sentences } from "../text/sentences.ts";
import { tokens, wordRuns } from "../text/words.ts";
import { letterFrequency } from "./keywords.ts";
import { DIVIDER } from "./length.ts";

/** Three `***`-divided paragraphs, each of n_sent sentences of n_words tokens (punctuation counts). */
function isComposition(text: string, nSent: number, nWords: number): boolean {
  const paragraphs = text.split(DIVIDER);
  return (
    paragraphs.length === 3 &&
    paragraphs.every((paragraph) => {
      const all = sentences(paragraph);
      return all.length === nSent && all.every((sentence) => tokens(sentence).length === nWords);
    })
  );
}

export const COUNT: Family = {
  // Words written only in a-z, bounded by non-word characters (IFEval's `\b[a-z]+\b`).
  "count:lowercase_counting": instruction({
    kwargs: z.strictObject({ N: Count }),
    check: (text, { N }) => wordRuns(text).filter((word) => /^[a-z]+$/.test(word)).length <= N,
  }),
  "letters:letter_counting": instruction({
    kwargs: z.strictObject({ N: Count, relation: Relation }),
    check: (text, { N, relation }) => compare(text.match(/[A-Za-z]/g)?.length ?? 0, relation, N),
  }),
  "letters:letter_counting2": letterFrequency,
  "count:counting_composition": instruction({
    kwargs: z.strictObject({ n_sent: z.number().int().min(1), n_words: z.number().int().min(1) }),
    check: (text, { n_sent, n_words }) => isComposition(text, n_sent, n_words),
  }),
  "count:count_unique": instruction({
    kwargs: NoKwargs,
    check(text) {
      const all = tokens(text);
      return new Set(all).size === all.length;
    },
  }),
  "count:count_increment_word": instruction({
    kwargs: z.strictObject({ keyword1: Phrase, keyword2: Phrase }),
    check: (text, { keyword1, keyword2 }) => countPhrase(text, keyword1) === 1 && countPhrase(text, keyword2) === 2,
  }),
};
