// IFBench's `count:*` instructions: how many words, unique words, conjunctions, names, numbers,
// pronouns, keyword occurrences and punctuation marks an answer has.
import { z } from "../../../../shared/zod.ts";
import { instruction, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { lower, split, strip, trimPunctuation, withoutPunctuation } from "../text/python.ts";
import { wordTokens } from "../text/stopwords.ts";

// A negative or missing count makes IFBench draw a random one, so a row must give it.
const Amount = z.number().min(0);
const N = z.strictObject({ N: Amount });
const SmallN = z.strictObject({ small_n: Amount });

const CONJUNCTIONS = new Set(["and", "but", "for", "nor", "or", "so", "yet"]);
const PERSON_NAMES = (
  "Emma Liam Sophia Jackson Olivia Noah Ava Lucas Isabella Mason Mia Ethan Charlotte Alexander Amelia Benjamin Harper " +
  "Leo Zoe Daniel Chloe Samuel Lily Matthew Grace Owen Abigail Gabriel Ella Jacob Scarlett Nathan Victoria Elijah Layla " +
  "Nicholas Audrey David Hannah Christopher Penelope Thomas Nora Andrew Aria Joseph Claire Ryan Stella Jonathan"
).split(" ");
const PRONOUNS = new Set(
  ("i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers " +
    "herself it its itself they them their theirs themselves").split(" "),
);
const MARKS = [".", ",", "!", "?", ";", ":"];
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/u;
// Python's str.isdigit(): decimal digits, and superscript and subscript digits.
const ALL_DIGITS = /^[\p{Nd}\u00b2\u00b3\u00b9\u2070\u2074-\u2079\u2080-\u2089]+$/u;
const DIGIT_RUN = /\p{Nd}+/gu;

/** Non-overlapping occurrences (`str.count`); the empty string occurs between every two code points. */
function occurrences(text: string, part: string): number {
  if (part === "") return Array.from(text).length + 1;
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

const KEYWORD_TIMES = [1, 2, 3, 5, 7] as const;

/** Whether `items` holds at least `n` distinct values (stopping once it does). */
function atLeast(items: Iterable<string>, n: number): boolean {
  if (n <= 0) return true;
  const seen = new Set<string>();
  for (const item of items) if (seen.add(item).size >= n) return true;
  return false;
}

export const COUNT: Family = {
  "count:word_count_range": instruction({
    kwargs: z.strictObject({ min_words: Amount, max_words: Amount }),
    check(text, { min_words, max_words }) {
      let n = 0;
      for (const _ of wordTokens(text)) if (++n > max_words) return false;
      return min_words <= n;
    },
  }),
  // Unique whitespace-separated words, lower-cased and trimmed of punctuation ("" counts as one).
  "count:unique_word_count": instruction({
    kwargs: N,
    check: (text, { N }) => atLeast(split(lower(text)).map(trimPunctuation), N),
  }),
  // IFBench keeps each matching word as written, so "and", "And" and "and," are three conjunctions.
  "count:conjunctions": instruction({
    kwargs: SmallN,
    check: (text, { small_n }) => atLeast(split(text).filter((word) => CONJUNCTIONS.has(lower(trimPunctuation(word)))), small_n),
  }),
  // A name counts when it appears anywhere, case-sensitively, even inside a longer word.
  "count:person_names": instruction({
    kwargs: N,
    check: (text, { N }) => PERSON_NAMES.filter((name) => text.includes(name)).length >= N,
  }),
  // Digit runs once punctuation is gone, so "3.14" and "1,000" are one number each.
  "count:numbers": instruction({
    kwargs: N,
    check: (text, { N }) => (withoutPunctuation(text).match(DIGIT_RUN) ?? []).length === N,
  }),
  // All of . , ! ? ; : and an interrobang ("?!", "!?" or "‽"); the first "?!" (else "!?") is not
  // counted towards the "?" and "!" themselves.
  "count:punctuation": instruction({
    kwargs: NoKwargs,
    check(text) {
      if (!text.includes("!?") && !text.includes("?!") && !text.includes("‽")) return false;
      const rest = text.includes("?!") ? text.replace("?!", "") : text.replace("!?", "");
      return MARKS.every((mark) => rest.includes(mark));
    },
  }),
  // Every N-th whitespace word, unless empty or all digits once trimmed, must hold a kana or kanji.
  // IFBench divides by N, so N = 0 fails any answer with words.
  "count:words_japanese": instruction({
    kwargs: N,
    check(text, { N }) {
      const words = split(text);
      if (N === 0) return words.length === 0;
      return words.every((raw, i) => {
        const word = trimPunctuation(raw);
        return (i + 1) % N !== 0 || word === "" || ALL_DIGITS.test(word) || JAPANESE.test(word);
      });
    },
  }),
  // "/" separates words ("she/her"), other punctuation is deleted ("it's" is "its").
  "count:pronouns": instruction({
    kwargs: N,
    check: (text, { N }) => split(withoutPunctuation(lower(text.replaceAll("/", " ")))).filter((word) => PRONOUNS.has(word)).length >= N,
  }),
  // keyword1..5 exactly 1, 2, 3, 5 and 7 times, as case-insensitive substrings.
  "count:keywords_multiple": instruction({
    kwargs: z.strictObject({ keyword1: z.string(), keyword2: z.string(), keyword3: z.string(), keyword4: z.string(), keyword5: z.string() }),
    check(text, kwargs) {
      const answer = lower(text);
      const keywords = [kwargs.keyword1, kwargs.keyword2, kwargs.keyword3, kwargs.keyword4, kwargs.keyword5];
      return keywords.every((keyword, i) => occurrences(answer, lower(strip(keyword))) === KEYWORD_TIMES[i]);
    },
  }),
};
