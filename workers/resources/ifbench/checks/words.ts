// IFBench's `words:*` instructions: constraints on the words themselves (letters, vowels,
// consonants, lengths, syllables, repeats) and on which word stands where.
import { z } from "../../../../shared/zod.ts";
import { instruction, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { headTokens, tailTokens, wordTokenize } from "../text/word_tokenize.ts";
import { PUNCTUATION_AND_SPACE, codePoints, first, length, lower, split, strip, stripChars, trimPunctuation, withoutPunctuation } from "../text/python.ts";
import { splitIntoSentences } from "../text/split_sentences.ts";
import { syllables } from "../text/syllables.ts";
import { isVerb } from "../text/verbs.ts";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
const CONSONANTS = "bcdfghjklmnpqrstvwxyz";
const PRIMES = new Set([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]);

/** Lower-cased whitespace words with ASCII punctuation deleted (IFBench's most common word list). */
const bareWords = (text: string): string[] => split(lower(withoutPunctuation(text)));

const hasCluster = (word: string): boolean => {
  for (let i = 0; i + 1 < word.length; i++) if (CONSONANTS.includes(word[i]!) && CONSONANTS.includes(word[i + 1]!)) return true;
  return false;
};

/** Each pair of neighbours passes `ok` (true for fewer than two). */
const neighbours = <T>(items: readonly T[], ok: (a: T, b: T) => boolean): boolean => items.every((item, i) => i === 0 || ok(items[i - 1]!, item));

export const WORDS: Family = {
  // Word k + 1 starts with the letter after word k's first letter (z wraps to a); the first word
  // must start with a letter a-z.
  "words:alphabet": instruction({
    kwargs: NoKwargs,
    check(text) {
      const words = split(withoutPunctuation(text));
      if (words.length === 0) return false;
      let letter = lower(first(words[0]!));
      if (letter.length !== 1 || !ALPHABET.includes(letter)) return false;
      for (const word of words.slice(1)) {
        letter = ALPHABET[(ALPHABET.indexOf(letter) + 1) % 26]!;
        if (first(lower(word)) !== letter) return false;
      }
      return true;
    },
  }),
  // One line, using at most three of a e i o u.
  "words:vowel": instruction({
    kwargs: NoKwargs,
    check(text) {
      const lines = strip(text).split("\n");
      if (lines.length !== 1) return false;
      return new Set(Array.from(lower(lines[0]!)).filter((ch) => "aeiou".includes(ch))).size <= 3;
    },
  }),
  // Every whitespace word (punctuation included) has two ASCII consonants in a row.
  "words:consonants": instruction({
    kwargs: NoKwargs,
    check: (text) => split(lower(strip(text))).every(hasCluster),
  }),
  // Ten words of five or more letters that read the same reversed (repeats count).
  "words:palindrome": instruction({
    kwargs: NoKwargs,
    check: (text) => bareWords(text).filter((word) => length(word) >= 5 && codePoints(word).reverse().join("") === word).length >= 10,
  }),
  // Every word, punctuation deleted, has a prime length (up to 97).
  "words:prime_lengths": instruction({
    kwargs: NoKwargs,
    check: (text) => split(withoutPunctuation(text)).every((word) => PRIMES.has(length(word))),
  }),
  // NLTK's POS tag of the first token contains "VB" (see verbs.ts for how that is approximated);
  // a capitalised next token reads as a name ("Understand Galois theory" is tagged a proper noun).
  "words:start_verb": instruction({
    kwargs: NoKwargs,
    check(text) {
      const [head, next] = headTokens(text, 2);
      return head !== undefined && isVerb(head) && !(next !== undefined && /^\p{Lu}/u.test(next));
    },
  }),
  // No word (lower-cased, punctuation deleted) more than small_n times.
  "words:repeats": instruction({
    // A negative or missing limit makes IFBench draw a random one, so a row must give it.
    kwargs: z.strictObject({ small_n: z.number().min(0) }),
    check(text, { small_n }) {
      const counts = new Map<string, number>();
      for (const word of bareWords(text)) {
        const count = (counts.get(word) ?? 0) + 1;
        if (count > small_n) return false;
        counts.set(word, count);
      }
      return true;
    },
  }),
  // Syllable counts (syllapy's) alternate between odd and even.
  "words:odd_even_syllables": instruction({
    kwargs: NoKwargs,
    check: (text) => neighbours(bareWords(text).map((word) => syllables(word) % 2), (a, b) => a !== b),
  }),
  // Each sentence's last word, case aside, is the next sentence's first word; a sentence of
  // punctuation alone fails (IFBench finds no word there and errors).
  "words:last_first": instruction({
    kwargs: NoKwargs,
    check: (text) =>
      neighbours(splitIntoSentences(text), (previous, next) => {
        const last = split(stripChars(previous, PUNCTUATION_AND_SPACE, false, true)).at(-1);
        const head = split(stripChars(next, PUNCTUATION_AND_SPACE, true, false))[0];
        return last !== undefined && head !== undefined && lower(last) === lower(head);
      }),
  }),
  // Every non-blank line starts and ends with the same word (lower-cased; only the line's outer
  // punctuation is trimmed, so "Home, sweet home" fails on "home,").
  "words:paragraph_last_first": instruction({
    kwargs: NoKwargs,
    check: (text) =>
      text.split("\n").every((line) => {
        const words = split(trimPunctuation(lower(strip(line))));
        return words.length === 0 || words[0] === words.at(-1);
      }),
  }),
  // No two neighbouring words (lower-cased, punctuation deleted) start with the same character.
  "words:no_consecutive": instruction({
    kwargs: NoKwargs,
    check: (text) => neighbours(bareWords(text), (a, b) => first(a) !== first(b)),
  }),
  // The m-th token of the n-th sentence is the keyword, exactly (case included).
  "words:keywords_specific_position": instruction({
    // IFBench draws a random keyword, n or m when one is missing or empty, so a row must give them.
    kwargs: z.strictObject({ keyword: z.string().trim().min(1), n: z.number().int().min(1), m: z.number().int().min(1) }),
    check(text, { keyword, n, m }) {
      const sentence = splitIntoSentences(text)[n - 1];
      return sentence !== undefined && wordTokenize(sentence)[m - 1] === keyword;
    },
  }),
  // The second token and the second-to-last token are both the keyword, exactly.
  "words:words_position": instruction({
    kwargs: z.strictObject({ keyword: z.string() }),
    check(text, { keyword }) {
      const [, second] = headTokens(text, 2);
      const [secondToLast] = tailTokens(text, 2);
      // With fewer than two tokens there is no second token (IFBench: false).
      return second !== undefined && second === strip(keyword) && secondToLast === strip(keyword);
    },
  }),
};
