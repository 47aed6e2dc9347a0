// Hindi, the reference's hi module: Devanagari digits read as ASCII ones, words are runs of
// Devanagari letters and signs (Latin words and digits are not words), sentences end at ! ? । ॥
// (not at "."), keywords are matched between characters that are not word characters, ', - or a
// backslash (a danda is a boundary); its module has no no_period check.
import { ENGLISH } from "../english.ts";
import type { Lang } from "../lang.ts";
import { escapeRegExp, numberParagraphs } from "../checks.ts";
import { pySplit, pyStrip, S, str, W } from "../py.ts";
import { checkRelation, cleanSentences, findPunctuations, splitOn, withoutListNumbers } from "../text.ts";

const DIGITS = "०१२३४५६७८९";
const words = (text: string): string[] => withoutListNumbers(text).replace(/[\u0964\u0965]+/g, " ").match(/[\u0900-\u0963\u0966-\u097F]+/g) ?? [];

export const HINDI: Lang = {
  ...ENGLISH,
  code: "hi",
  prepare: (response) => response.replace(/[०-९]/g, (d) => String(DIGITS.indexOf(d))),
  keywordCount: (response, keyword) => {
    const phrase = pySplit(pyStrip(keyword)).map(escapeRegExp).join(`[${S}]+`);
    // The reference meant the dandas as boundaries too, but its raw string puts a backslash and "u0964" in the class instead.
    return (response.match(new RegExp(`(?<![${W}'\\-\\\\])${phrase}(?![${W}'\\-\\\\])`, "giu")) ?? []).length;
  },
  words,
  sentences: (text) => cleanSentences(text, splitOn("!?\u0964\u0965")),
  punctuations: (text) => findPunctuations(text, "!?\u0964\u0965"),
  missing: new Set(["punctuation:no_period"]),
  overrides: {
    "length_constraints:number_words": (r, k) => {
      const count = words(r).length;
      return checkRelation(count, k.relation, k.num_words) ? [true, "No error"] : [false, `Expected ${k.relation} ${str(k.num_words)} words, found ${count}.`];
    },
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
  },
};
