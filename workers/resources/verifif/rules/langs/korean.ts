// Korean, the reference's ko module: words are what spaces separate (punctuation attached),
// keywords are counted as plain substrings of the NFKC case-folded reply, sentences end at ? ! ？ .
// only (。 and ！ mark punctuation but split nothing), and the end phrase must match whole words.
import { ENGLISH } from "../english.ts";
import type { Lang, Result } from "../lang.ts";
import { at, countSubstring, numberParagraphs, sentenceLength } from "../checks.ts";
import { casefold, PUNCTUATION, pyLength, pySplit, pyStrip, reversed, rstrip, str, stripChars } from "../py.ts";
import { checkRelation, cleanSentences, findPunctuations, splitOn, withoutListNumbers } from "../text.ts";

const fold = (text: string): string => casefold(text.normalize("NFKC"));
const words = (text: string): string[] => pySplit(withoutListNumbers(text));
const sentences = (text: string): string[] => cleanSentences(text, splitOn("?!？."));
const punctuations = (text: string): string[] => findPunctuations(text, "?!？.。！");
const ENDING = `${PUNCTUATION}。！？`;
const ok = "No error";

function endChecker(r: string, k: Kwargs): Result {
  const required = rstrip(pyStrip(k.end_phrase as string));
  const wanted = pySplit(required);
  if (wanted.length === 0) return [false, "Required phrase is empty"];
  const have = pySplit(rstrip(r));
  if (have.length < wanted.length) return [false, "Response has fewer words than required phrase"];
  const actual = have.slice(-wanted.length).join(" ");
  if (ENDING.includes([...required].at(-1)!)) return actual === required ? [true, ok] : [false, `End phrase mismatch: expected '${required}', but found '${actual}'`];
  const actualText = stripChars(actual, `${ENDING} \n\t`, "right");
  const requiredText = stripChars(required, `${ENDING} \n\t`, "right");
  return fold(actualText) === fold(requiredText) ? [true, ok] : [false, `End phrase mismatch: expected '${requiredText}', but found '${actualText}'`];
}
type Kwargs = Record<string, any>;

export const KOREAN: Lang = {
  ...ENGLISH,
  code: "ko",
  keywordCount: (response, keyword) => countSubstring(fold(response), fold(keyword)),
  frequencyKeyword: pyStrip,
  words,
  sentences,
  punctuations,
  overrides: {
    "length_constraints:number_words": (r, k) => {
      const count = words(r).length;
      return checkRelation(count, k.relation, k.num_words) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_words)} words, found ${count}.`];
    },
    "startend:start_checker": (r, k) =>
      fold(stripChars(r, PUNCTUATION + " ", "left")).startsWith(fold((k.start_phrase ?? "") as string)) ? [true, ok] : [false, "Response does not start with required phrase."],
    "startend:end_checker": endChecker,
    // The reference words its message from the start alone.
    "startend:wrap_checker": (r, k) => {
      const wrap = k.wrap_phrase as string;
      return [r.startsWith(wrap) && r.endsWith(wrap), r.startsWith(wrap) ? ok : `Not wrapped with: ${wrap}`];
    },
    "startend:quotation": (r) => [r.startsWith('"') && r.endsWith('"'), r.startsWith('"') ? ok : "Response not wrapped in double quotes."],
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
    "length_constraints:sentence_length": (r, k, L) => sentenceLength(r, k, L, (s) => words(s).length),
    "punctuation:end_rule": (r, k) => {
      const allowed = new Set<string>(typeof k.allowed === "string" ? [...k.allowed] : (k.allowed as string[]));
      if (allowed.has(".") || allowed.has("。")) allowed.add(".").add("。");
      for (const p of new Set(punctuations(r))) if (!allowed.has(p)) return [false, `'${p}' not in the list of allowed punctuations.`];
      return [true, "No error."];
    },
    "keywords:palindrome_word": (r, k) => {
      for (const word of words(r)) if (word === reversed(word) && pyLength(word) >= k.min_length) return [true, `No error. Word: ${word}`];
      return [false, "No valid palindrome words found."];
    },
    "keywords:positioning": (r, k) => {
      const list = words(r);
      if (k.position >= list.length) return [false, `Position ${str(k.position)} is out of range. Response has ${list.length} words.`];
      const found = at(list, k.position);
      return fold(found) === fold(k.keyword) ? [true, "No error."] : [false, `'${found}' found after ${str(k.position)} words instead of '${k.keyword}'.`];
    },
    "length_constraints:word_length": (r, k) => {
      if (k.min_length > k.max_length) return [false, "Validation failed: Minimum length greater than maximum length."];
      const list = words(r);
      if (list.length === 0) return [true, "No words found to validate."];
      const short = list.filter((w) => pyLength(w) < k.min_length);
      const long = list.filter((w) => pyLength(w) > k.max_length);
      if (short.length) {
        const w = short.reduce((a, b) => (pyLength(b) < pyLength(a) ? b : a));
        return [false, `Validation failed: The word '${w}' with length ${pyLength(w)} is shorter than the minimum of ${str(k.min_length)}.`];
      }
      if (long.length) {
        const w = long.reduce((a, b) => (pyLength(b) > pyLength(a) ? b : a));
        return [false, `Validation failed: The word '${w}' with length ${pyLength(w)} is longer than the maximum of ${str(k.max_length)}.`];
      }
      return [true, "No error."];
    },
    "length_constraints:avg_word_length": (r, k) => {
      if (k.min_ratio > k.max_ratio) return [false, "Validation failed: Minimum length greater than maximum length."];
      const list = words(r);
      if (list.length === 0) return [k.min_ratio === 0, "No words found to validate."];
      const avg = list.reduce((sum, w) => sum + pyLength(w), 0) / list.length;
      return k.min_ratio <= avg && avg <= k.max_ratio ? [true, ok] : [false, `Found average of ${avg.toFixed(2)}. Expected between ${str(k.min_ratio)} and ${str(k.max_ratio)}`];
    },
  },
};
