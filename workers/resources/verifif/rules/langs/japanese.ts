// Japanese, the reference's ja module: the reply NFC-normalised, full-width digits and kanji digits
// (一 二 三 ... 壱 弐 参 ...) read as ASCII digits everywhere; full-width table pipes, rule and
// heading marks and the ・ bullet are markdown too; sentences end at . ! ? 。 ！ ？ ‼ ⁉ ⁈ ⁇; the
// comma is 、 or , and the period 。 or ．; paragraphs without a word character are not paragraphs.
// Its module has no word-based checks (keywords, word counts and lengths): it answers "Invalid
// Instruction" there, and the server refuses such rows.
import { ENGLISH } from "../english.ts";
import type { Lang } from "../lang.ts";
import { numberParagraphs } from "../checks.ts";
import { checkRelation, cleanParagraphs, cleanSentences, withoutListNumbers, type Markdown } from "../text.ts";
import { chars, isDigitChar, multilineSub, pyLength, reversed, S, str } from "../py.ts";

const MARKDOWN: Markdown = { pipes: "|｜", ruleChars: "*_\\-＊＿ー", headingMarks: "#＃" };
const MARKER = new RegExp(`(?:[-*+・][${S}]+|(?:\\p{Nd}+|[０-９]+)[.．][${S}]+|[#＃]+[${S}]+)`, "uy");
const LIST_MARKER = new RegExp(`(?:[-*+・][${S}]+|[\\p{Nd}０-９]+[.．][${S}]+)`, "uy");
const KEEP = /[\p{L}\p{N}_\u3040-\u309F\u30A0-\u30FF\u4E00-\u9FAF]/u;
const SPLIT = /[.!?。！？‼⁉⁈⁇]+/u;
const KANJI_DIGITS: Readonly<Record<string, string>> = { 零: "0", 〇: "0", 一: "1", 壱: "1", 二: "2", 弐: "2", 三: "3", 参: "3", 四: "4", 肆: "4", 五: "5", 伍: "5", 六: "6", 陸: "6", 七: "7", 漆: "7", 八: "8", 捌: "8", 九: "9", 玖: "9" };
const NUMERALS = "十拾百陌千阡万萬億兆";

const ok = "No error";

export const JAPANESE: Lang = {
  ...ENGLISH,
  code: "ja",
  prepare: (response) =>
    response
      .normalize("NFC")
      .replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10))
      .replace(/[零〇一壱二弐三参四肆五伍六陸七漆八捌九玖]/g, (k) => KANJI_DIGITS[k]!),
  sentences: (text) => cleanSentences(text, (line) => line.split(SPLIT), MARKER, undefined, MARKDOWN),
  punctuations: (text) => multilineSub(text, MARKER).match(/[.!?。！？‼⁉⁈⁇]+/gu) ?? [],
  // Only palindrome_word reads words: runs of kanji, of hiragana, of katakana.
  paragraphs: (text) => cleanParagraphs(text, MARKDOWN, LIST_MARKER, KEEP),
  words: (text) => withoutListNumbers(text).toLowerCase().match(/[一-龯]+|[ぁ-ん]+|[ァ-ンー]+/gu) ?? [],
  missing: new Set([
    "keywords:existence", "keywords:frequency", "keywords:forbidden_words", "keywords:positioning", "length_constraints:number_words", "startend:quotation",
    "length_constraints:sentence_length", "length_constraints:word_repetition", "length_constraints:unique_words", "length_constraints:word_length",
    "length_constraints:avg_word_length", "length_constraints:paragraph_length", "detectable_format:sentence_endings",
  ]),
  overrides: {
    "punctuation:no_comma": (r) => (r.includes("、") || r.includes(",") ? [false, "Commas(、,) found in response."] : [true, ok]),
    "punctuation:no_period": (r) => (r.includes("。") || r.includes("．") ? [false, "Periods(。) found in response."] : [true, ok]),
    "punctuation:question_exclaim": (r, k) => {
      const count = (r.match(/[!?！？‼⁉⁈⁇]/gu) ?? []).length;
      return checkRelation(count, k.relation, k.num_marks) ? [true, "No error."] : [false, `Found ${count} marks. Expected ${k.relation} ${str(k.num_marks)}.`];
    },
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
    "keywords:palindrome_word": (r, k, L) => {
      for (const word of L.words(r)) if (word === reversed(word) && pyLength(word) >= k.min_length) return [true, `No error. Word: ${word}`];
      return [false, "No valid palindrome words found."];
    },
    "detectable_content:numeric_inclusion": (r, k) => {
      const count = chars(r).filter((ch) => isDigitChar(ch) || NUMERALS.includes(ch)).length;
      return checkRelation(count, k.relation, k.num_numbers) ? [true, "No error."] : [false, `Found ${count} digits. Expected ${k.relation} ${str(k.num_numbers)}`];
    },
  },
};
