// IFBench's `ratio:*` instructions: stop-word share, sentence-type ratios, trigram overlap with a
// reference text, and sentences of equal length.
import { z } from "../../../../shared/zod.ts";
import { instruction, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { codePoints, length, lower } from "../text/python.ts";
import { splitIntoSentences } from "../text/split_sentences.ts";
import { STOPWORDS, wordTokens } from "../text/stopwords.ts";

// A negative or missing percentage makes IFBench draw a random one, so a row must give it.
const Percentage = z.number().min(0);

function endings(text: string): { ".": number; "?": number; "!": number } {
  const counts = { ".": 0, "?": 0, "!": 0 };
  for (const sentence of splitIntoSentences(text)) {
    const last = sentence.at(-1);
    if (last === "." || last === "?" || last === "!") counts[last]++;
  }
  return counts;
}

/** The set of character trigrams (NLTK's `ngrams` over a string's code points). */
function trigrams(text: string): Set<string> {
  const chars = codePoints(text);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return out;
}

export const RATIO: Family = {
  // At most `percentage` % of the \w+ words are stop words; no words at all fails (IFBench divides by zero).
  "ratio:stop_words": instruction({
    kwargs: z.strictObject({ percentage: Percentage }),
    check(text, { percentage }) {
      let words = 0;
      let stop = 0;
      for (const word of wordTokens(text)) {
        words++;
        if (STOPWORDS.has(lower(word))) stop++;
      }
      return words > 0 && (stop / words) * 100 <= percentage;
    },
  }),
  // Sentences ending in "." are exactly twice those ending in "?" (none of either passes).
  "ratio:sentence_type": instruction({
    kwargs: NoKwargs,
    check(text) {
      const counts = endings(text);
      return counts["."] === 2 * counts["?"];
    },
  }),
  // As many sentences end in "." as in "?" and in "!".
  "ratio:sentence_balance": instruction({
    kwargs: NoKwargs,
    check(text) {
      const counts = endings(text);
      return counts["."] === counts["?"] && counts["?"] === counts["!"];
    },
  }),
  // The share of the answer's distinct character trigrams found in the reference is within 2
  // points of `percentage`; an answer under three characters fails (IFBench divides by zero).
  "ratio:overlap": instruction({
    kwargs: z.strictObject({ reference_text: z.string(), percentage: Percentage }),
    check(text, { reference_text, percentage }) {
      const answer = trigrams(text);
      if (answer.size === 0) return false;
      const reference = trigrams(reference_text);
      let shared = 0;
      for (const gram of answer) if (reference.has(gram)) shared++;
      const overlap = (shared / answer.size) * 100;
      return percentage - 2 <= overlap && overlap <= percentage + 2;
    },
  }),
  // Exactly three sentences of the same length in characters (IFBench does not check the words differ).
  "ratio:sentence_words": instruction({
    kwargs: NoKwargs,
    check(text) {
      const sentences = splitIntoSentences(text);
      return sentences.length === 3 && sentences.every((sentence) => length(sentence) === length(sentences[0]!));
    },
  }),
};
