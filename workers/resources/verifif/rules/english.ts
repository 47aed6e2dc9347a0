// English, the reference's en module: ASCII keyword tokens (anything else is refused), the
// `[a-zA-Z0-9'-]` tokeniser on lower-cased text, sentences split at runs of . ! ?
import type { Lang } from "./lang.ts";
import { escapeRegExp } from "./checks.ts";
import { isUpper, PyError, pySplit, pyStrip, S } from "./py.ts";
import { cleanParagraphs, cleanSentences, countBulletPoints, countNumberedItems, EN_MARKER, enWords, findPunctuations, splitOn } from "./text.ts";

const TOKEN = /^[A-Za-z0-9](?:[A-Za-z0-9'-]*[A-Za-z0-9])?$/;

/** keyword_frequency of the en module: each token ASCII letters and digits (inner ' and - allowed), matched case-insensitively as a whole word. */
export function englishKeywordCount(response: string, keyword: string): number {
  const tokens = pySplit(pyStrip(keyword));
  for (const token of tokens) {
    if (!TOKEN.test(token)) throw new PyError(`Invalid token '${token}'. Keywords may only contain letters or numbers; apostrophes or hyphens are permitted only inside a word.`);
  }
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_'\\-])${tokens.map(escapeRegExp).join(`[${S}]+`)}(?![\\p{L}\\p{N}_'\\-])`, "giu");
  return (response.match(pattern) ?? []).length;
}

export const SENTENCE_MARKS = ".!?";

export const ENGLISH: Lang = {
  code: "en",
  upper: isUpper,
  keywordCount: englishKeywordCount,
  frequencyKeyword: (keyword) => pyStrip(keyword).toLowerCase(),
  words: enWords,
  paragraphs: (text) => cleanParagraphs(text),
  sentences: (text) => cleanSentences(text, splitOn(SENTENCE_MARKS)),
  punctuations: (text) => findPunctuations(text, SENTENCE_MARKS),
  numbered: (text) => countNumberedItems(text),
  bullets: countBulletPoints,
  paragraphMarker: EN_MARKER,
  targetWordChars: "A-Za-z0-9",
  vowels: "aeiouAEIOU",
  countVowels: "aeiouAEIOU",
  consonants: { letters: "ascii", vowels: "aeiouAEIOU" },
  overrides: {},
};
