// Spanish and Brazilian Portuguese, the reference's es and pt_br modules (one design, two letter
// sets): words of the language's letters joined by ' ’ ´ - or ., abbreviations that end no
// sentence, numbered items written 1. 1) 1º 1.º, the ellipsis as a sentence end, opening quotes
// and inverted marks skipped at the start and end, accented variants counted with their letter.
import { ENGLISH } from "../english.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import type { Lang, Result } from "../lang.ts";
import { checkRelation } from "../text.ts";
import { caseRatio, endPhraseCheck, escapeRegExp, isStrictAlternating, lastLetter, nestedList, numberParagraphs, questionExclaim, sentenceLength, setRepr, unique, wordLength } from "../checks.ts";
import { casefold, chars, isAlphaChar, isUpper, multilineCount, PUNCTUATION, pyLength, pySplit, pyStrip, reversed, S, splitlines, str, stripChars } from "../py.ts";
import { analyzeLists, cleanSentences, countBulletPoints, findPunctuations, withoutListNumbers } from "../text.ts";

interface Iberian {
  code: string;
  letters: string;
  abbreviations: readonly string[];
  /** Whether abbreviations are found case-insensitively (pt_br). */
  abbreviationsAnyCase: boolean;
  /** What may follow an item's number: `[\.\)\-º°]` (and ª for pt_br). */
  ordinal: string;
  /** Quotes and dashes skipped, with string.punctuation, at the start and end. */
  extra: string;
  letterMap: Readonly<Record<string, string>>;
  vowels: string;
  /** What first_letter_sentence strips around a sentence. */
  sentenceWrappers: string;
  questionMarks: RegExp;
  /** length_constraints:number_words counts the module's words (pt_br) rather than English's. */
  countsOwnWords: boolean;
}

const DOT = "§DOT§";

export function iberian(spec: Iberian): Lang {
  const wordChars = `${spec.letters}0-9`;
  const WORD = new RegExp(`[${wordChars}]+(?:['’´\\-.][${wordChars}]+)*`, "gu");
  const numberTail = (after: string) => new RegExp(`\\p{Nd}+[${spec.ordinal}]*${after}`, "uy");
  const LIST_NUMBER = numberTail(`[${S}]+`);
  const MARKER = new RegExp(`(?:[-*+][${S}]+|\\p{Nd}+[${spec.ordinal}]*[${S}]+|#+[${S}]+)`, "uy");
  const sorted = [...spec.abbreviations].sort((a, b) => b.length - a.length);
  const ABBREVIATION = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${sorted.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`, spec.abbreviationsAnyCase ? "giu" : "gu");
  const ENDERS = /[.!?…]+/u;

  const words = (text: string): string[] => (withoutListNumbers(text, LIST_NUMBER).match(WORD) ?? []).map(casefold);
  const sentences = (text: string): string[] =>
    cleanSentences(text, (line) => line.split(ENDERS), MARKER, (t) => t.replace(ABBREVIATION, (m) => m.replaceAll(".", DOT))).map((s) => s.replaceAll(DOT, "."));
  const punctuations = (text: string): string[] => findPunctuations(text, ".!?…", MARKER);
  const phrase = (keyword: string) => new RegExp(`(?<![${wordChars}])${pySplit(keyword).map(escapeRegExp).join(`[${S}]+`)}(?![${wordChars}])`, "giu");
  const openingStripped = (text: string) => stripChars(text, PUNCTUATION + spec.extra + " ", "left");
  const ok = "No error";

  return {
    ...ENGLISH,
    code: spec.code,
    keywordCount: (response, keyword) => {
      const k = pyStrip(keyword);
      return k ? (response.match(phrase(k)) ?? []).length : 0;
    },
    frequencyKeyword: pyStrip,
    words,
    sentences,
    punctuations,
    numbered: (text) => multilineCount(text, LIST_NUMBER),
    bullets: countBulletPoints,
    paragraphMarker: MARKER,
    targetWordChars: wordChars,
    vowels: spec.vowels,
    countVowels: spec.vowels,
    consonants: { letters: "alpha", vowels: spec.vowels },
    overrides: {
      "change_case:alternating": (r) => (pySplit(r).filter((w) => chars(w).some(isAlphaChar)).every(isStrictAlternating) ? [true, ok] : [false, "Response is not strictly alternating."]),
      "detectable_format:title": (r) => {
        const line = pyStrip(splitlines(r)[0] ?? "");
        return line.startsWith("<<") && line.endsWith(">>") ? [true, ok] : [false, "Title not wrapped in << >> on first line."];
      },
      "keywords:letter_frequency": (r, k) => {
        const base = k.letter as string;
        const variants = spec.letterMap[casefold(base)];
        const count = variants ? chars(r).filter((ch) => variants.includes(ch)).length : countIn(r.toLowerCase(), casefold(base));
        return checkRelation(count, k.let_relation, k.let_frequency) ? [true, ok] : [false, `Expected ${k.let_relation} ${str(k.let_frequency)} occurrences of '${base}', found ${count}.`];
      },
      ...(spec.countsOwnWords
        ? {
            "length_constraints:number_words": (r, k): Result => {
              const count = (r.match(WORD) ?? []).length;
              return checkRelation(count, k.relation, k.num_words) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_words)} words, found ${count}.`];
            },
          }
        : {}),
      "startend:start_checker": (r, k) =>
        rstrip(openingStripped(r)).toLowerCase().startsWith(((k.start_phrase ?? "") as string).toLowerCase()) ? [true, ok] : [false, "Response does not start with required phrase."],
      "startend:end_checker": (r, k) => endPhraseCheck(r, k, spec.code, spec.extra),
      "change_case:case_ratio": (r, k) => caseRatio(r, k, (ch) => /\p{Lowercase}/u.test(ch), (ch) => /\p{Uppercase}/u.test(ch), false),
      "change_case:first_letter_sentence": (r) => {
        const all = sentences(r);
        if (all.length === 0) return [true, "No sentences found to validate."];
        for (const sentence of all) {
          let first: string | undefined;
          for (const ch of stripChars(sentence, spec.sentenceWrappers)) {
            if (isAlphaChar(ch)) {
              first = ch;
              break;
            }
          }
          if (first && !isUpper(first)) return [false, `Fails at: '${sentence}'`];
        }
        return [true, "No error."];
      },
      "change_case:last_letter": (r, k) => lastLetter(r, k, ".!?…", "()[]{}\"'«»“”", false),
      "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
      "length_constraints:sentence_length": (r, k, L) => sentenceLength(r, k, L, (s) => words(s).length),
      "punctuation:question_exclaim": (r, k) => questionExclaim(r, k, spec.questionMarks),
      "keywords:alliteration": (r, k) => {
        const target = casefold(k.target_letter as string);
        const count = words(r).filter((w) => w.startsWith(target)).length;
        return checkRelation(count, k.relation, k.num_alliteration) ? [true, "No error."] : [false, `Found ${count} alliteration words. Expected ${k.relation} ${str(k.num_alliteration)}.`];
      },
      "keywords:palindrome_word": (r, k) => {
        for (const word of words(r)) {
          const folded = casefold(word);
          if (pyLength(folded) >= k.min_length && folded === reversed(folded)) return [true, `No error. Word: ${word}`];
        }
        return [false, "No valid palindrome words found."];
      },
      "keywords:positioning": (r, k) => {
        const keyword = casefold(k.keyword as string);
        const list = words(r);
        const inRange = k.position >= 0 && k.position < list.length;
        if (inRange && list[k.position] === keyword) return [true, "No error."];
        return [false, `'${inRange ? list[k.position] : "<out-of-range>"}' found after ${str(k.position)} words instead of '${keyword}'.`];
      },
      "detectable_format:nested_list": (r, k) => nestedList([...analyzeLists(r, /[*+-][ \t]+[^\n]*/uy), ...analyzeLists(r, numberTail("[ \\t]+[^\\n]*"))], k),
      "length_constraints:word_length": (r, k) => wordLength(unique(words(r)), k),
      "length_constraints:avg_word_length": (r, k) => {
        if (k.min_ratio > k.max_ratio) return [false, "Validation failed: Minimum length greater than maximum length."];
        const list = words(r);
        if (list.length === 0) return [k.min_ratio === 0, "No words found to validate."];
        const avg = list.reduce((sum, w) => sum + pyLength(w), 0) / list.length;
        return k.min_ratio <= avg && avg <= k.max_ratio ? [true, ok] : [false, `Found average of ${pyFloatRepr(avg)}. Expected between ${str(k.min_ratio)} and ${str(k.max_ratio)}`];
      },
      "detectable_format:sentence_endings": (r, k) => {
        const kinds = unique(punctuations(r).flatMap((p) => chars(p)).filter((ch) => ".!?…".includes(ch)));
        return kinds.length < k.min_variants
          ? [false, `Found ${kinds.length} types of sentence-ending punctuations (${setRepr(kinds)}). Expected at least ${str(k.min_variants)}.`]
          : [true, "No error."];
      },
      "keywords:vowel_count": (r, k) => {
        const count = chars(r).filter((ch) => spec.vowels.includes(ch)).length;
        return checkRelation(count, k.relation, k.num_vowels) ? [true, "No error."] : [false, `Found ${count} vowels. Expected ${k.relation} ${str(k.num_vowels)}.`];
      },
      "keywords:consonant_count": (r, k) => {
        const count = chars(r).filter((ch) => isAlphaChar(ch) && !spec.vowels.includes(ch)).length;
        return checkRelation(count, k.relation, k.num_consonants) ? [true, "No error."] : [false, `Found ${count} consonants. Expected ${k.relation} ${str(k.num_consonants)}.`];
      },
    },
  };
}

function countIn(text: string, sub: string): number {
  if (sub === "") return pyLength(text) + 1;
  let n = 0;
  for (let i = text.indexOf(sub); i !== -1; i = text.indexOf(sub, i + sub.length)) n++;
  return n;
}

const rstrip = (t: string): string => t.replace(new RegExp(`[${S}]+$`, "u"), "");

export const SPANISH = iberian({
  code: "es",
  letters: "A-Za-zÁÉÍÓÚÜáéíóúüÑñ",
  abbreviations: ["Sr.", "Sra.", "Srta.", "Dr.", "Dra.", "Ing.", "Lic.", "Arq.", "Prof.", "Ud.", "Uds.", "pág.", "págs.", "aprox.", "etc.", "e.g.", "p.ej.", "p.m.", "a.m.", "Nº.", "núm.", "núms.", "No.", "S.A.", "S.L.", "S.L.U.", "S.A.U."],
  abbreviationsAnyCase: false,
  ordinal: ".)\\-º°",
  extra: "¿¡«»“”„\"'—–…",
  letterMap: { a: "aáAÁ", e: "eéEÉ", i: "iíIÍ", o: "oóOÓ", u: "uúüUÚÜ", n: "nñNÑ" },
  vowels: "aáeéiíoóuúüAÁEÉIÍOÓUÚÜ",
  sentenceWrappers: "()[]{}\"'“”‘’«»¿¡",
  questionMarks: /[?!¡¿]/g,
  countsOwnWords: false,
});

export const PORTUGUESE = iberian({
  code: "pt-BR",
  letters: "A-Za-zÁÉÍÓÚÜáéíóúüÀàÃãÕõÂâÊêÔôÇç",
  abbreviations: ["Sr.", "Sra.", "Srta.", "Dr.", "Dra.", "Eng.", "Prof.", "Profa.", "Gen.", "Cel.", "Cap.", "Ten.", "pág.", "págs.", "aprox.", "etc.", "ex.", "p.ex.", "obs.", "tel.", "av.", "r.", "V.Exa.", "V.Sa.", "V.M.", "Nº.", "n.º", "nº", "núm.", "Ltda.", "S.A.", "Cia."],
  abbreviationsAnyCase: true,
  ordinal: ".)\\-º°ª",
  extra: "«»“”„\"'—–…",
  letterMap: { a: "aáàãâAÁÀÃÂ", c: "cçCÇ", e: "eéêEÉÊ", i: "iíIÍ", o: "oóõôOÓÕÔ", u: "uúüUÚÜ", n: "nN" },
  vowels: "aáàãâeéêiíoóõôuúüAÁÀÃÂEÉÊIÍOÓÕÔUÚÜ",
  sentenceWrappers: "()[]{}\"'“”‘’«»",
  questionMarks: /[?!]/g,
  countsOwnWords: true,
});

