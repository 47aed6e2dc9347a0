// keywords:* — which words appear, how often, and where.
import { z } from "../../zod.ts";
import { Count, NoKwargs, Phrase, Relation, compare, instruction } from "../instruction.ts";
import type { Family } from "../instruction.ts";
import { containsWord, countPhrase } from "../text/match.ts";
import { sentences } from "../text/sentences.ts";
import { tokens, whitespaceWords } from "../text/words.ts";

// Any one character: real rows ask for "#" or "!" too. IFEval swaps a non-letter for a random
// letter when it builds the instruction, so its grade of such a row is a coin toss; we count the
// character the prompt named. Case is ignored, as IFEval lower-cases both sides.
const Letter = z
  .string()
  .refine((s) => [...s].length === 1, "must be one character")
  .transform((s) => s.toLowerCase());

/** Shared with letters:letter_counting2, which is the same check under another id. */
export const letterFrequency = instruction({
  kwargs: z.strictObject({ letter: Letter, let_frequency: Count, let_relation: Relation }),
  check: (text, { letter, let_frequency, let_relation }) => compare(text.toLowerCase().split(letter).length - 1, let_relation, let_frequency),
});

const frequency = instruction({
  kwargs: z.strictObject({ keyword: Phrase, frequency: Count, relation: Relation }),
  check: (text, { keyword, frequency, relation }) => compare(countPhrase(text, keyword), relation, frequency),
});

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";

export const KEYWORDS: Family = {
  "keywords:existence": instruction({
    kwargs: z.strictObject({ keywords: z.array(Phrase).min(1) }),
    check: (text, { keywords }) => keywords.every((keyword) => countPhrase(text, keyword) > 0),
  }),
  "keywords:frequency": frequency,
  "keywords:forbidden_words": instruction({
    kwargs: z.strictObject({ forbidden_words: z.array(z.string().min(1)).min(1) }),
    check: (text, { forbidden_words }) => !forbidden_words.some((word) => containsWord(text, word)),
  }),
  "keywords:letter_frequency": letterFrequency,
  "keywords:word_once": instruction({
    kwargs: z.strictObject({ keyword: Phrase }),
    check: (text, { keyword }) => countPhrase(text, keyword) === 1,
  }),
  "keywords:word_count_different_numbers": frequency,
  // Case-sensitive and space-delimited on purpose (the reference's "harder" exclusion).
  "keywords:exclude_word_harder": instruction({
    kwargs: z.strictObject({ keyword: Phrase }),
    check: (text, { keyword }) => !text.includes(` ${keyword} `),
  }),
  // Letters of the alphabet only, as the instruction says (the reference compares any two
  // characters' code points, so "1 2" also fails there).
  "keywords:no_adjacent_consecutive": instruction({
    kwargs: NoKwargs,
    check(text) {
      const initials = whitespaceWords(text).map((word) => word.charAt(0).toLowerCase());
      return initials.every((ch, i) => {
        const next = initials[i + 1];
        if (next === undefined) return true;
        const at = ALPHABET.indexOf(ch);
        return !(at !== -1 && ALPHABET[at + 1] === next);
      });
    },
  }),
  "keywords:palindrome": instruction({
    kwargs: NoKwargs,
    check: (text) => whitespaceWords(text).some((word) => [...word].reverse().join("") === word),
  }),
  "keywords:keyword_specific_position": instruction({
    kwargs: z.strictObject({ keyword: Phrase, n: z.number().int().min(1), m: z.number().int().min(1) }),
    check(text, { keyword, n, m }) {
      const sentence = sentences(text)[n - 1];
      return sentence !== undefined && tokens(sentence)[m - 1] === keyword;
    },
  }),
  "keywords:start_end": instruction({
    kwargs: NoKwargs,
    check(text) {
      const words = tokens(text);
      return words.length >= 2 && words[0]!.toLowerCase() === words.at(-1)!.toLowerCase();
    },
  }),
};
