// combination:*, startend:*, punctuation:*, first_word:*, last_word:* — how the answer is
// framed: what it starts and ends with, what it is split or wrapped by, which marks it avoids.
import { z } from "../../zod.ts";
import { NoKwargs, Phrase, instruction, piecesBetween } from "../instruction.ts";
import type { Family } from "../instruction.ts";
import { sentences } from "../text/sentences.ts";
import { whitespaceWords, wordRuns } from "../text/words.ts";

const forbids = (mark: string) => instruction({ kwargs: NoKwargs, check: (text) => !text.includes(mark) });

const FirstWord = z.strictObject({ first_word: Phrase });
const LastWord = z.strictObject({ last_word: Phrase });
const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** The last whitespace-separated word with everything but word characters removed. */
const bareLastWord = (text: string): string | undefined => {
  const word = whitespaceWords(text).at(-1);
  return word === undefined ? undefined : wordRuns(word).join("");
};

// A blank answer has no sentence to satisfy these, so it fails them.
const everySentence = (text: string, ok: (sentence: string) => boolean): boolean => {
  const all = sentences(text);
  return all.length > 0 && all.every(ok);
};

export const FRAMING: Family = {
  "combination:two_responses": instruction({
    kwargs: NoKwargs,
    check(text) {
      const pieces = piecesBetween(text, "******");
      return pieces !== false && pieces.length === 2 && pieces[0]!.trim() !== pieces[1]!.trim();
    },
  }),
  "combination:repeat_prompt": instruction({
    kwargs: z.strictObject({ prompt_to_repeat: Phrase }),
    check: (text, { prompt_to_repeat }) => text.trim().toLowerCase().startsWith(prompt_to_repeat.toLowerCase()),
  }),
  "startend:end_checker": instruction({
    kwargs: z.strictObject({ end_phrase: Phrase }),
    check: (text, { end_phrase }) => text.trim().replace(/^"+|"+$/g, "").toLowerCase().endsWith(end_phrase.toLowerCase()),
  }),
  "startend:quotation": instruction({
    kwargs: NoKwargs,
    check(text) {
      const body = text.trim();
      return body.length > 1 && body.startsWith('"') && body.endsWith('"');
    },
  }),
  "punctuation:no_comma": forbids(","),
  "punctuation:punctuation_dot": forbids("."),
  "punctuation:punctuation_exclamation": forbids("!"),
  "first_word:first_word_answer": instruction({
    kwargs: FirstWord,
    check: (text, { first_word }) => same(whitespaceWords(text)[0], first_word),
  }),
  "first_word:first_word_sent": instruction({
    kwargs: FirstWord,
    check: (text, { first_word }) => everySentence(text, (sentence) => same(whitespaceWords(sentence)[0], first_word)),
  }),
  "last_word:last_word_answer": instruction({
    kwargs: LastWord,
    check: (text, { last_word }) => same(bareLastWord(text), last_word),
  }),
  "last_word:last_word_sent": instruction({
    kwargs: LastWord,
    check: (text, { last_word }) => everySentence(text, (sentence) => same(bareLastWord(sentence), last_word)),
  }),
};
