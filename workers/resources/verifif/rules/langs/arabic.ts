// Arabic, the reference's ar module: every ASCII letter is deleted from the reply before any check;
// words are runs of Arabic and Latin letters and Arabic and ASCII digits (the Arabic block, so
// ، ؛ ؟ and the harakat with them) joined by ' ’ - or ., lower-cased; sentences end at . ! ? ؟ ؛ ۔;
// items are numbered 1. ١) ۱، and the Arabic comma, question mark and full stop count with the Latin.
import { ENGLISH } from "../english.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import type { Lang } from "../lang.ts";
import { endPhraseCheck, escapeRegExp, nestedList, numberParagraphs, sentenceLength } from "../checks.ts";
import { multilineCount, PUNCTUATION, pyLength, pySplit, pyStrip, S, str, stripChars } from "../py.ts";
import { analyzeLists, checkRelation, cleanSentences, countBulletPoints, findPunctuations, withoutListNumbers } from "../text.ts";

const ARABIC_DIGITS = "0-9\u0660-\u0669\u06f0-\u06f9";
const WORD_CHARS = `A-Za-z\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff${ARABIC_DIGITS}`;
const WORD = new RegExp(`[${WORD_CHARS}]+(?:['’\\-.][${WORD_CHARS}]+)*`, "gu");
const ENDS = ".!?؟؛۔";
const EXTRA = "،؛؟۔";
const MARKER = new RegExp(`(?:[-*+][${S}]+|[\\p{Nd}\\u0660-\\u0669\\u06F0-\\u06F9]+[.)،][${S}]+|#+[${S}]+)`, "uy");
const LIST_NUMBER = new RegExp(`[\\p{Nd}\\u0660-\\u0669\\u06F0-\\u06F9]+[.)،][${S}]+`, "uy");
const NUMBERED = new RegExp(`[${ARABIC_DIGITS}]+[.)،][${S}]+`, "uy");

const words = (text: string): string[] => (withoutListNumbers(text, LIST_NUMBER).match(WORD) ?? []).map((w) => w.toLowerCase());
const sentences = (text: string): string[] => cleanSentences(text, (line) => line.split(/[.!?؟؛۔]+/u), MARKER);
const ok = "No error";

export const ARABIC: Lang = {
  ...ENGLISH,
  code: "ar",
  prepare: (response) => response.replace(/[A-Za-z]/g, ""),
  keywordCount: (response, keyword) => {
    const k = pyStrip(keyword);
    if (!k) return 0;
    return (response.match(new RegExp(`(?<![${WORD_CHARS}])${pySplit(k).map(escapeRegExp).join(`[${S}]+`)}(?![${WORD_CHARS}])`, "giu")) ?? []).length;
  },
  words,
  sentences,
  punctuations: (text) => findPunctuations(text, ENDS, MARKER),
  numbered: (text) => multilineCount(text, NUMBERED),
  bullets: countBulletPoints,
  paragraphMarker: MARKER,
  targetWordChars: WORD_CHARS,
  overrides: {
    "punctuation:no_comma": (r) => (r.includes(",") || r.includes("،") ? [false, "Commas found in response (',' or '،')."] : [true, ok]),
    "punctuation:no_period": (r) => (r.includes(".") || r.includes("۔") ? [false, "Periods found in response ('.' or '۔')."] : [true, ok]),
    "punctuation:question_exclaim": (r, k) => {
      const count = (r.match(/[?!؟]/g) ?? []).length;
      return checkRelation(count, k.relation, k.num_marks) ? [true, "No error."] : [false, `Found ${count} marks. Expected ${k.relation} ${str(k.num_marks)}.`];
    },
    "length_constraints:number_words": (r, k) => {
      const count = (r.match(WORD) ?? []).length;
      return checkRelation(count, k.relation, k.num_words) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_words)} words, found ${count}.`];
    },
    "startend:start_checker": (r, k) =>
      stripChars(r, PUNCTUATION + EXTRA + " ", "left").toLowerCase().startsWith(((k.start_phrase ?? "") as string).toLowerCase()) ? [true, ok] : [false, "Response does not start with required phrase."],
    "startend:end_checker": (r, k) => endPhraseCheck(r, k, "en", EXTRA),
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
    // The module returns from inside its loop: only the first paragraph is checked.
    "detectable_format:sentences_per_paragraph": (r, k, L) => {
      const p = L.paragraphs(r)[0];
      if (p === undefined) return [true, "No error."];
      let count = L.sentences(p).filter((s) => pyStrip(s)).length;
      if (count === 0 && pyStrip(p)) count = 1;
      return checkRelation(count, k.relation, k.num_sentences) ? [true, "No error."] : [false, `Found ${count} sentences. Expected ${str(k.num_sentences)}\n '${p}'`];
    },
    "length_constraints:sentence_length": (r, k, L) => sentenceLength(r, k, L, (s) => (s.match(WORD) ?? []).length),
    "keywords:positioning": (r, k) => {
      const list = words(r);
      const inRange = k.position >= 0 && k.position < list.length;
      if (inRange && list[k.position] === k.keyword) return [true, "No error."];
      return [false, `'${inRange ? list[k.position] : "<out-of-range>"}' found after ${str(k.position)} words instead of '${k.keyword}'.`];
    },
    "detectable_format:nested_list": (r, k) => nestedList([...analyzeLists(r, /[*+-][ \t]+[^\n]*/uy), ...analyzeLists(r, new RegExp(`[${ARABIC_DIGITS}]+[.)،][ \\t]+[^\\n]*`, "uy"))], k),
    "length_constraints:avg_word_length": (r, k) => {
      if (k.min_ratio > k.max_ratio) return [false, "Validation failed: Minimum length greater than maximum length."];
      const list = words(r);
      if (list.length === 0) return [k.min_ratio === 0, "No words found to validate."];
      const avg = list.reduce((sum, w) => sum + pyLength(w), 0) / list.length;
      return k.min_ratio <= avg && avg <= k.max_ratio ? [true, ok] : [false, `Found average of ${pyFloatRepr(avg)}. Expected between ${str(k.min_ratio)} and ${str(k.max_ratio)}`];
    },
  },
};
