// French, the reference's fre module: keywords matched on NFKC case-folded text between Unicode
// word boundaries (no token check), the generic Unicode tokeniser on the text as written, a
// capital allowed after an apostrophe (D'Effectuer), « » quotation, its own vowel set (which, as
// written, lacks upper-case I, O and U), and number_paragraphs' other message.
import { ENGLISH } from "../english.ts";
import type { Lang } from "../lang.ts";
import { casefold, chars, charLower, charUpper, isAlphaChar, isDigitChar, pySplit, pyStrip, S, W } from "../py.ts";
import { escapeRegExp, numberParagraphs } from "../checks.ts";
import { unicodeWords, withoutListNumbers } from "../text.ts";

const fold = (text: string): string => casefold(text.normalize("NFKC"));

/** keyword_frequency: the folded phrase between non-word characters in the folded reply. */
export function foldedKeywordCount(response: string, keyword: string): number {
  const phrase = pySplit(fold(pyStrip(keyword))).map(escapeRegExp).join(`[${S}]+`);
  return (fold(response).match(new RegExp(`(?<![${W}])${phrase}(?![${W}])`, "gu")) ?? []).length;
}

/** is_first_letter_cap, French: an upper-case letter may follow an apostrophe. */
export function frenchFirstLetterCap(token: string): boolean {
  if (!token) return true;
  const list = chars(token);
  const first = list[0]!;
  if (isDigitChar(first)) return list.slice(1).every((ch) => !isAlphaChar(ch) || charLower(ch));
  if (list.length === 1) return isAlphaChar(first) ? charUpper(first) : true;
  let seen = false;
  let prev: string | undefined;
  for (const ch of list) {
    if (isAlphaChar(ch)) {
      if (!seen) {
        if (!charUpper(ch)) return false;
        seen = true;
      } else if (!((prev === "'" || prev === "’") && charUpper(ch)) && !charLower(ch)) return false;
    }
    prev = ch;
  }
  return true;
}

const LETTERS = "A-Za-zÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸàâäçéèêëîïôöùûüÿ";
const VOWELS = "aàâäeéèêëiîïoôöuùûüAEÉÈÊËÀÂÄÎÏÔÖÙÛÜ";

export const FRENCH: Lang = {
  ...ENGLISH,
  code: "fre",
  keywordCount: foldedKeywordCount,
  // The module strips list numbers, then its tokeniser strips them again.
  words: (text) => unicodeWords(withoutListNumbers(text)),
  targetWordChars: LETTERS,
  vowels: VOWELS,
  consonants: { letters: "ascii", vowels: VOWELS },
  overrides: {
    "change_case:first_letter_cap": (r) =>
      pySplit(r).every(frenchFirstLetterCap) ? [true, "No error"] : [false, "Each word must start with one uppercase letter followed only by lowercase letters."],
    "startend:quotation": (r) => (r.startsWith("« ") && r.endsWith(" »") ? [true, "No error"] : [false, "Response not wrapped in double quotes."]),
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
  },
};
