// length_constraints:* and paragraphs:* — how many sentences, words and paragraphs.
import { z } from "../../zod.ts";
import { Count, NoKwargs, Phrase, Relation, compare, instruction, piecesBetween } from "../instruction.ts";
import type { Family } from "../instruction.ts";
import { sentences } from "../text/sentences.ts";
import { countWords } from "../text/words.ts";

/** Paragraphs divided by a markdown rule `***`; blank pieces allowed only at either end. */
export const DIVIDER = "***";

const paragraphCount = (text: string, separator: string): number | false => {
  const pieces = piecesBetween(text, separator);
  return pieces === false ? false : pieces.length;
};

// Characters that end IFEval's "first word" of a paragraph.
const FIRST_WORD_END = new Set([".", ",", "?", "!", "'", '"']);

function firstWord(paragraph: string): string {
  const word = (paragraph.split(/\s+/u)[0] ?? "").replace(/^'*/, "").replace(/^"*/, "");
  let out = "";
  for (const ch of word) {
    if (FIRST_WORD_END.has(ch)) break;
    out += ch;
  }
  return out.toLowerCase();
}

const NthParagraphKwargs = z
  .strictObject({ num_paragraphs: z.number().int().min(1), nth_paragraph: z.number().int().min(1), first_word: Phrase })
  .refine((k) => k.nth_paragraph <= k.num_paragraphs, { message: "nth_paragraph must be at most num_paragraphs", path: ["nth_paragraph"] });

export const LENGTH: Family = {
  "length_constraints:number_sentences": instruction({
    kwargs: z.strictObject({ num_sentences: Count, relation: Relation }),
    check: (text, { num_sentences, relation }) => compare(sentences(text).length, relation, num_sentences),
  }),
  "length_constraints:number_words": instruction({
    kwargs: z.strictObject({ num_words: Count, relation: Relation }),
    check: (text, { num_words, relation }) => compare(countWords(text), relation, num_words),
  }),
  "length_constraints:number_paragraphs": instruction({
    kwargs: z.strictObject({ num_paragraphs: Count }),
    check: (text, { num_paragraphs }) => paragraphCount(text, DIVIDER) === num_paragraphs,
  }),
  // Paragraphs here are separated by blank lines ("\n\n"); a blank piece anywhere is not counted,
  // and the nth piece (blank ones included in the numbering, as in IFEval) must start with the word.
  "length_constraints:nth_paragraph_first_word": instruction({
    kwargs: NthParagraphKwargs,
    check(text, { num_paragraphs, nth_paragraph, first_word }) {
      const pieces = text.split("\n\n");
      const count = pieces.filter((p) => p.trim()).length;
      const nth = count >= nth_paragraph ? pieces[nth_paragraph - 1]!.trim() : "";
      return nth !== "" && count === num_paragraphs && firstWord(nth) === first_word.toLowerCase();
    },
  }),
  "paragraphs:paragraphs": instruction({
    kwargs: NoKwargs,
    check: (text) => paragraphCount(text, DIVIDER) === 2,
  }),
  "paragraphs:paragraphs2": instruction({
    kwargs: NoKwargs,
    check: (text) => paragraphCount(text, "\n\n") === 2,
  }),
};
