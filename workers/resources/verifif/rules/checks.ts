// The reference's rule validators (its English module's behaviour, messages word for word), each
// reading the language's pieces (lang.ts) where a language module swaps one in. A validator that
// raises in the reference (a list index out of range, a division by zero) throws PyError here, and
// the caller reports it as the reference does.
import { fixed2, lessOrEqual, parseFractionOrInf, type Ratio } from "./fraction.ts";
import { pyFloatRepr } from "../../../../shared/verifiers/python_float_repr.ts";
import type { Check, Kwargs, Lang, Result } from "./lang.ts";
import { charLower, charUpper, chars, isAlnumChar, isPySpace, lstrip, pyWordCount, isAlpha, isAlphaChar, isDigitChar, isLower, multilineMatches, PUNCTUATION, pyLength, PyError, pySplit, pyStrip, repr, reversed, S, splitlines, str, stripChars } from "./py.ts";
import { analyzeLists, checkRelation, countAllCapsWords, countPlaceholders, findMarkdownTables, stripMarker, type ListFound, type Relation } from "./text.ts";

const OK = "No error";
const OK_DOT = "No error.";

/** The reference's app turns a validator that returns a bare False into this failure. */
export class UnpackError extends Error {
  constructor() {
    super("cannot unpack non-iterable bool object");
  }
}

/** A literal for a `u`-flag pattern (which refuses escapes of characters that need none, such as "-"). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A relation check with its failure message. */
const related = (count: number, k: Kwargs, relKey: string, valKey: string, message: (rel: string, val: string) => string): Result => {
  const rel = k[relKey] as Relation;
  const val = k[valKey] as number;
  return checkRelation(count, rel, val) ? [true, OK] : [false, message(rel, str(val))];
};

export function isStrictAlternating(word: string): boolean {
  let prevUpper: boolean | undefined;
  for (const ch of word) {
    if (isAlphaChar(ch)) {
      const upper = charUpper(ch);
      if (prevUpper !== undefined && upper === prevUpper) return false;
      prevUpper = upper;
    } else prevUpper = undefined;
  }
  return true;
}

export function isFirstLetterCap(token: string): boolean {
  const list = chars(token);
  const first = list[0]!;
  if (isDigitChar(first)) return list.slice(1).every((ch) => !isAlphaChar(ch) || charLower(ch));
  if (list.length === 1) return isAlpha(token) ? charUpper(first) : true;
  let seen = false;
  for (const ch of list) {
    if (!isAlphaChar(ch)) continue;
    if (!seen) {
      if (!charUpper(ch)) return false;
      seen = true;
    } else if (!charLower(ch)) return false;
  }
  return true;
}

/** str.istitle(). */
export function isTitle(text: string): boolean {
  let cased = false;
  let prevCased = false;
  for (const ch of text) {
    const upper = charUpper(ch) || /\p{Lt}/u.test(ch);
    const lower = charLower(ch);
    if (upper) {
      if (prevCased) return false;
      prevCased = cased = true;
    } else if (lower) {
      if (!prevCased) return false;
      prevCased = cased = true;
    } else prevCased = false;
  }
  return cased;
}

/** The `(?<![A-Za-z0-9])tok\s+tok(?![A-Za-z0-9])` phrase pattern (case-insensitive) the *_target checks search. */
export const boundedPhrase = (phrase: string, wordChars: string): RegExp =>
  new RegExp(`(?<![${wordChars}])${pySplit(phrase).map(escapeRegExp).join(`[${S}]+`)}(?![${wordChars}])`, "giu");

/** Python's list[i] (negative from the end); IndexError as the reference raises it. */
export function at<T>(list: readonly T[], i: number): T {
  const j = i < 0 ? list.length + i : i;
  if (j < 0 || j >= list.length) throw new PyError("list index out of range");
  return list[j]!;
}

/** text[-n:] in code points (the whole text for n 0 or longer than it). */
const lastChars = (text: string, n: number): string => (n === 0 ? text : chars(text).slice(-n).join(""));

function ratioMessage(a: string, b: string, an: number, bn: number, ratio: Ratio, min: Ratio, max: Ratio): string {
  const ratioText = "inf" in ratio ? "inf" : `${ratio.num}/${ratio.den}`;
  return `${a} count: ${an}, ${b} count: ${bn}. Ratio is ${ratioText}(${fixed2(ratio)}). Required range: [${min.text}(${fixed2(min)}), ${max.text}(${fixed2(max)})].`;
}

/** The min and max ratio, or the failure the reference gives when min exceeds max. */
function ratioBounds(k: Kwargs): { min: Ratio; max: Ratio } | Result {
  const min = parseFractionOrInf(k.min_fraction);
  const max = parseFractionOrInf(k.max_fraction);
  return lessOrEqual(min, max) ? { min, max } : [false, "Validation failed: Minimum ratio greater than maximum ratio."];
}

const withinRatio = (ratio: Ratio, min: Ratio, max: Ratio): boolean => lessOrEqual(min, ratio) && lessOrEqual(ratio, max);

function fractionOf(a: number, b: number): Ratio {
  if (b === 0) return { inf: true, text: "inf" };
  const g = gcdNum(a, b);
  return { num: BigInt(a / g), den: BigInt(b / g), text: "" };
}
const gcdNum = (a: number, b: number): number => (b === 0 ? a : gcdNum(b, a % b));

/** Python's `set` of strings printed, in first-seen order. */
const setRepr = (items: readonly string[]): string => (items.length === 0 ? "set()" : `{${items.map(repr).join(", ")}}`);
const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** The `^(\s*)([*+-])[ \t]+(.*)` and `^(\s*)(\d+\.)[ \t]+(.*)` items of nested_list. */
const BULLET_ITEM = /[*+-][ \t]+[^\n]*/uy;
const NUMBERED_ITEM = /\p{Nd}+\.[ \t]+[^\n]*/uy;
export const enNestedLists = (text: string): ListFound[] => [...analyzeLists(text, BULLET_ITEM), ...analyzeLists(text, NUMBERED_ITEM)];

function endPhraseCheck(response: string, k: Kwargs, lead: string, extra: string): Result {
  const required = pyStrip(k.end_phrase as string);
  const endsWithPunct = required !== "" && (PUNCTUATION + extra).includes(chars(required).at(-1)!);
  const actualWords = pySplit(lead === "en" ? pyStrip(stripChars(response, PUNCTUATION, "left")) : stripChars(response, PUNCTUATION + extra + " ", "left"));
  if (actualWords.length === 0) return [false, "Empty response"];
  let actual: string;
  if (endsWithPunct) {
    const n = pySplit(required).length;
    actual = (n === 0 ? actualWords : actualWords.slice(-n)).join(" ");
  } else {
    actual = lastChars(stripChars(actualWords.join(" "), PUNCTUATION + extra + " ", "right"), pyLength(required));
  }
  if (actual.toLowerCase() !== required.toLowerCase()) return [false, `End phrase mismatch: expected '${required}', but found '${actual}'`];
  return [true, OK];
}

export { endPhraseCheck };

export const BASE: Record<string, Check> = {
  "change_case:all_caps": (r, _k, L) => (L.upper(r) ? [true, OK] : [false, "Response is not all uppercase."]),
  "change_case:lowercase": (r) => (isLower(r) ? [true, OK] : [false, "Response is not all lowercase."]),
  "change_case:alternating": (r) => (pySplit(r).filter(isAlpha).every(isStrictAlternating) ? [true, OK] : [false, "Response is not strictly alternating."]),
  "change_case:first_letter_cap": (r) =>
    pySplit(r).every(isFirstLetterCap) ? [true, OK] : [false, "Each word must start with one uppercase letter followed only by lowercase letters."],
  "change_case:capital_word_frequency": (r, k, L) => {
    const count = countAllCapsWords(r, L.upper);
    return related(count, k, "capital_relation", "capital_frequency", (rel, val) => `Expected ${rel} ${val} all-cap words, found ${count}.`);
  },
  "change_case:lowercase_word_frequency": (r, k) => {
    const count = pySplit(r).filter(isLower).length;
    return related(count, k, "lowercase_relation", "lowercase_frequency", (rel, val) => `Expected ${rel} ${val} lowercase words, found ${count}.`);
  },
  "change_case:all_caps_target": (r, k, L) => targetCheck(r, k, L, L.targetWordChars, (t) => (L.upper(t) ? undefined : `'${t}' should be ALL CAPS.`)),
  "change_case:lowercase_target": (r, k, L) => targetCheck(r, k, L, L.targetWordChars, (t) => (isLower(t) ? undefined : `'${t}' should be all lowercase.`)),
  "change_case:alternating_target": (r, k, L) => targetCheck(r, k, L, L.targetWordChars, (t) => (isStrictAlternating(t) ? undefined : `'${t}' is not in alternating caps.`)),
  "change_case:first_letter_cap_target": (r, k, L) => targetCheck(r, k, L, L.targetWordChars, (t) => (isTitle(t) ? undefined : `'${t}' is not first-letter capitalized.`)),
  "detectable_content:number_placeholders": (r, k) => {
    const count = countPlaceholders(r);
    return related(count, k, "relation", "num_placeholders", (rel, val) => `Expected ${rel} ${val} placeholders, found ${count}.`);
  },
  "detectable_content:postscript": (r, k) => {
    const marker = pyStrip((k.postscript_marker ?? "PS:") as string);
    const lastLine = pyStrip(splitlines(r).findLast((line) => pyStrip(line) !== "") ?? "");
    const has = lastLine.startsWith(marker) && pyLength(lastLine) > pyLength(marker);
    return has ? [true, OK] : [false, `Postscript must start with '${marker}' and contain content. Found: '${lastLine}'`];
  },
  "detectable_format:json_format": (r) => (pyJsonLoads(jsonPart(r)) ? [true, OK] : [false, "Response is not valid JSON format."]),
  "detectable_format:multiple_sections": (r, k) => {
    const splitter = pyStrip(((k.section_splitter as string | null) || "") as string);
    if (!splitter) return [false, "section_splitter cannot be empty."];
    if (/[#*]/.test(splitter)) return [false, "section_splitter must be a plain section name without '#' or '*'. The validator adds Markdown headers automatically."];
    const name = escapeRegExp(splitter);
    const header = new RegExp(`#{1,6}[${S}]+${name}[${S}]+\\p{Nd}+(?![\\p{L}\\p{N}_])`, "iuy");
    let count = 0;
    for (const _ of multilineMatches(r, header)) count++;
    if (count === 0) {
      const noSpace = new RegExp(`#{1,6}${name}[${S}]+\\p{Nd}+(?![\\p{L}\\p{N}_])`, "iuy");
      if (!multilineMatches(r, noSpace).next().done) return [false, `Markdown headers require a space after '#'. Use e.g. '### ${splitter} 1'.`];
    }
    return related(count, k, "relation", "num_sections", (rel, val) => `Expected ${rel} ${val} sections like '### ${splitter} 1', found ${count}.`);
  },
  "detectable_format:numbered_list": (r, k, L) => {
    const count = L.numbered(r);
    return related(count, k, "relation", "num_numbered_items", (rel, val) => `Expected ${rel} ${val} numbered items, found ${count}.`);
  },
  "detectable_format:number_bullet_lists": (r, k, L) => {
    const count = L.bullets(r);
    return related(count, k, "relation", "num_bullets", (rel, val) => `Expected ${rel} ${val} bullet points, found ${count}.`);
  },
  "detectable_format:title": (r) => {
    const line = pyStrip(at(splitlines(r), 0));
    return line.startsWith("<<") && line.endsWith(">>") ? [true, OK] : [false, "Title not wrapped in << >> on first line."];
  },
  "keywords:existence": (r, k, L) => {
    const missing = (k.keywords as string[]).filter((kw) => L.keywordCount(r, kw) === 0);
    return missing.length === 0 ? [true, OK] : [false, `Missing keyword(s): ${repr(missing)}`];
  },
  "keywords:frequency": (r, k, L) => {
    const keyword = L.frequencyKeyword(k.keyword as string);
    const count = L.keywordCount(r, keyword);
    return related(count, k, "relation", "frequency", (rel, val) => `Expected ${rel} ${val} of '${keyword}', found ${count}.`);
  },
  "keywords:forbidden_words": (r, k, L) => {
    const present = (k.forbidden_words as string[]).filter((w) => L.keywordCount(r, w) > 0);
    return present.length === 0 ? [true, OK] : [false, `Forbidden words found: ${repr(present)}`];
  },
  "keywords:letter_frequency": (r, k) => {
    const letter = (k.letter as string).toLowerCase();
    const count = countSubstring(r.toLowerCase(), letter);
    return related(count, k, "let_relation", "let_frequency", (rel, val) => `Expected ${rel} ${val} '${letter}' (case-insensitive), found ${count}.`);
  },
  "punctuation:no_comma": (r) => (r.includes(",") ? [false, "Commas found in response."] : [true, OK]),
  "length_constraints:number_characters": (r, k) => {
    const count = pyLength(r);
    return related(count, k, "relation", "num_chars", (rel, val) => `Expected ${rel} ${val} characters, found ${count}.`);
  },
  "length_constraints:number_words": (r, k) => {
    const count = countEnglishWords(r);
    return related(count, k, "relation", "num_words", (rel, val) => `Expected ${rel} ${val} words, found ${count}.`);
  },
  "startend:start_checker": (r, k) =>
    stripChars(r, PUNCTUATION + " ", "left").toLowerCase().startsWith(((k.start_phrase ?? "") as string).toLowerCase()) ? [true, OK] : [false, "Response does not start with required phrase."],
  "startend:end_checker": (r, k) => endPhraseCheck(r, k, "en", ""),
  "startend:wrap_checker": (r, k) => {
    const wrap = k.wrap_phrase as string;
    return r.startsWith(wrap) && r.endsWith(wrap) ? [true, OK] : [false, `Not wrapped with: ${wrap}`];
  },
  "startend:quotation": (r) => (r.startsWith('"') && r.endsWith('"') ? [true, OK] : [false, "Response not wrapped in double quotes."]),
  "change_case:case_ratio": (r, k) => caseRatio(r, k, charLower, charUpper, true),
  "change_case:first_letter_sentence": (r, _k, L) => {
    const sentences = L.sentences(r);
    if (sentences.length === 0) return [true, "No sentences found to validate."];
    for (const sentence of sentences) {
      const s = stripChars(sentence, "()[]{}\"'");
      if (s === "") throw new PyError("string index out of range");
      if (!charUpper(chars(s)[0]!)) return [false, `Fails at: '${s}'`];
    }
    return [true, OK_DOT];
  },
  "change_case:last_letter": (r, k) => lastLetter(r, k, ".!?", "()[]{}\"'", true),
  "change_case:vowel_consonant_balance": (r, k, L) => vowelConsonantBalance(r, k, L.vowels),
  "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, rel, num) => `Found ${count} paragraphs. Expected ${rel} ${num}.`),
  "detectable_format:max_paragraph_length": (r, k, L) => {
    const max = k.max_chars as number;
    for (let p of L.paragraphs(r)) {
      p = stripMarker(lstrip(p), L.paragraphMarker);
      const count = pyLength(pyStrip(p));
      if (count > max) return [false, `Found a paragraph containing ${count} characters.\n '${p}'`];
    }
    return [true, OK_DOT];
  },
  "detectable_format:sentences_per_paragraph": (r, k, L) => {
    for (const p of L.paragraphs(r)) {
      let count = L.sentences(p).filter((s) => pyStrip(s)).length;
      if (count === 0 && pyStrip(p)) count = 1;
      if (!checkRelation(count, k.relation, k.num_sentences)) return [false, `Found ${count} sentences. Expected ${str(k.num_sentences)}\n '${p}'`];
    }
    return [true, OK_DOT];
  },
  "length_constraints:sentence_length": (r, k, L) => sentenceLength(r, k, L, pyWordCount),
  "length_constraints:word_repetition": (r, k, L) => {
    const counts = new Map<string, number>();
    for (const w of L.words(r)) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [word, count] of counts) if (count > k.max_repeats) return [false, `Word '${word}' appears ${count} times (limit ${str(k.max_repeats)})`];
    return [true, OK_DOT];
  },
  "length_constraints:unique_words": (r, k, L) => {
    const count = new Set(L.words(r)).size;
    return checkRelation(count, k.relation, k.num_unique) ? [true, OK_DOT] : [false, `Found ${count} unique words. Expected ${k.relation} ${str(k.num_unique)}.`];
  },
  "punctuation:question_exclaim": (r, k) => questionExclaim(r, k, /[?!]/g),
  "punctuation:no_period": (r) => (r.includes(".") ? [false, "Periods found in response."] : [true, OK]),
  "punctuation:end_rule": (r, k, L) => {
    for (const p of unique(L.punctuations(r))) if (!contains(k.allowed, p)) return [false, `'${p}' not in the list of allowed punctuations.`];
    return [true, OK_DOT];
  },
  "keywords:alliteration": (r, k, L) => {
    const letter = k.target_letter as string;
    const count = L.words(r).filter((w) => w.startsWith(letter)).length;
    return alliterationResult(count, k, `Found ${count} alliteration words. Expected ${k.relation} ${str(k.num_alliteration)}.`);
  },
  "keywords:palindrome_word": (r, k, L) => {
    for (const word of L.words(r)) if (word === reversed(word) && pyLength(word) >= k.min_length) return [true, `No error. Word: ${word}`];
    return [false, "No valid palindrome words found."];
  },
  "keywords:positioning": (r, k, L) => {
    const found = at(L.words(r), k.position);
    return found === k.keyword ? [true, OK_DOT] : [false, `'${found}' found after ${str(k.position)} words instead of '${str(k.keyword)}'.`];
  },
  "detectable_format:nested_list": (r, k) => nestedList(enNestedLists(r), k),
  "detectable_format:table": (r, k) =>
    findMarkdownTables(r).some((t) => t.rows >= k.min_rows && t.columns >= k.min_cols)
      ? [true, OK_DOT]
      : [false, `Could not find a table with at least ${str(k.min_rows)} rows and ${str(k.min_cols)} columns.`],
  "detectable_format:heading_depth": (r, k) => {
    const levels = k.levels as number[];
    if (!levels || levels.length === 0) return [false, "No levels provided."];
    const found = new Set<number>();
    for (const m of multilineMatches(r, HEADING)) found.add(m.match[1]!.length);
    for (const level of levels) if (!found.has(level)) return [false, `Heading of level ${str(level)} not found`];
    return [true, OK_DOT];
  },
  "length_constraints:word_length": (r, k, L) => wordLength(unique(L.words(r)), k),
  "length_constraints:avg_word_length": (r, k, L) => {
    if (k.min_ratio > k.max_ratio) return [false, "Validation failed: Minimum length greater than maximum length."];
    const words = L.words(r);
    if (words.length === 0) throw new PyError("division by zero");
    const avg = words.reduce((sum, w) => sum + pyLength(w), 0) / words.length;
    return k.min_ratio <= avg && avg <= k.max_ratio ? [true, OK] : [false, `Found average of ${pyFloatRepr(avg)}. Expected between ${str(k.min_ratio)} and ${str(k.max_ratio)}`];
  },
  "detectable_format:sentence_count": (r, k, L) => {
    const count = L.sentences(r).length;
    return checkRelation(count, k.relation, k.num_sentences) ? [true, OK_DOT] : [false, `Found ${count} sentences. Expected ${k.relation} ${str(k.num_sentences)}`];
  },
  "length_constraints:paragraph_length": (r, k, L) => {
    for (const p of L.paragraphs(r)) {
      const count = L.words(p).filter((w) => pyStrip(w)).length;
      if (!checkRelation(count, k.relation, k.words_per_paragraph)) return [false, `Found ${count} words. Expected ${k.relation} ${str(k.words_per_paragraph)}\n '${p}'`];
    }
    return [true, OK_DOT];
  },
  "detectable_content:numeric_inclusion": (r, k) => {
    const count = chars(r).filter(isDigitChar).length;
    return checkRelation(count, k.relation, k.num_numbers) ? [true, OK_DOT] : [false, `Found ${count} digits. Expected ${k.relation} ${str(k.num_numbers)}`];
  },
  "detectable_format:sentence_endings": (r, k, L) => {
    const kinds = unique(L.punctuations(r));
    return kinds.length < k.min_variants ? [false, `Found ${kinds.length} types of punctuations. Expected at least ${str(k.min_variants)}.\n ${setRepr(kinds)}`] : [true, OK_DOT];
  },
  "keywords:vowel_count": (r, k, L) => {
    const count = chars(r).filter((ch) => L.countVowels.includes(ch)).length;
    return checkRelation(count, k.relation, k.num_vowels) ? [true, OK_DOT] : [false, `Found ${count} vowels. Expected ${k.relation} ${str(k.num_vowels)}`];
  },
  "keywords:consonant_count": (r, k, L) => {
    const { letters, vowels } = L.consonants;
    const count = chars(r).filter((ch) => (letters === "ascii" ? /^[A-Za-z]$/.test(ch) : isAlphaChar(ch)) && !vowels.includes(ch)).length;
    return checkRelation(count, k.relation, k.num_consonants) ? [true, OK_DOT] : [false, `Found ${count} consonants. Expected ${k.relation} ${str(k.num_consonants)}`];
  },
};

const HEADING = /(#+)[ \t]+[^\n]*/uy;


/** `x in allowed`: list membership, or a substring of a string. */
const contains = (allowed: unknown, item: string): boolean => (typeof allowed === "string" ? allowed.includes(item) : Array.isArray(allowed) && allowed.includes(item));

/** str.count(sub): non-overlapping; an empty sub counts len + 1. */
export function countSubstring(text: string, sub: string): number {
  if (sub === "") return pyLength(text) + 1;
  let n = 0;
  for (let i = text.indexOf(sub); i !== -1; i = text.indexOf(sub, i + sub.length)) n++;
  return n;
}

/** The *_target checks: every case-insensitive whole-phrase occurrence of the target must pass `bad`. */
export function targetCheck(r: string, k: Kwargs, _L: Lang, wordChars: string, bad: (text: string) => string | undefined, target = pyStrip(k.target_string as string), pattern = boundedPhrase(target, wordChars)): Result {
  const matches = r.match(pattern) ?? [];
  if (matches.length === 0) return [false, `Target '${target}' not found in response.`];
  for (const m of matches) {
    const raw = stripChars(stripChars(m, '"'), "'");
    const problem = bad(raw);
    if (problem) return [false, problem];
  }
  return [true, OK];
}

/** response[find("{"): rfind("}") + 1] with Python's slice rules. */
function jsonPart(r: string): string {
  const list = chars(r);
  const first = list.indexOf("{");
  const last = list.lastIndexOf("}");
  const start = first === -1 ? Math.max(list.length - 1, 0) : first;
  return list.slice(start, last + 1).join("");
}

/** json.loads(text) succeeds (NaN and Infinity included, as Python reads them). */
function pyJsonLoads(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    try {
      JSON.parse(text.replace(/-?\b(?:NaN|Infinity)\b/g, "0"));
      return /\b(?:NaN|Infinity)\b/.test(text);
    } catch {
      return false;
    }
  }
}

/** `\b(?=\S*[A-Za-z0-9])\S+\b` matches: at most one per run of non-space, from its first word boundary to its last. */
export function countEnglishWords(text: string): number {
  let n = 0;
  const units = chars(text);
  let i = 0;
  while (i < units.length) {
    while (i < units.length && isPySpace(units[i]!)) i++;
    const start = i;
    while (i < units.length && !isPySpace(units[i]!)) i++;
    if (i === start) break;
    // The first boundary, whether a second follows it, and an ASCII letter or digit after the first.
    let first = -1;
    let second = false;
    let alnum = false;
    for (let p = start; p <= i; p++) {
      const before = p > start && WORD_CHAR.test(units[p - 1]!);
      const after = p < i && WORD_CHAR.test(units[p]!);
      if (before !== after) {
        if (first === -1) first = p;
        else second = true;
      }
      if (first !== -1 && p < i && !alnum) alnum = /[A-Za-z0-9]/.test(units[p]!);
    }
    if (second && alnum) n++;
  }
  return n;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

export function caseRatio(r: string, k: Kwargs, lower: (ch: string) => boolean, upper: (ch: string) => boolean, bareFalse: boolean): Result {
  const bounds = ratioBounds(k);
  if (Array.isArray(bounds)) return bounds;
  const { min, max } = bounds;
  const list = chars(r);
  const lowerCount = list.filter(lower).length;
  const upperCount = list.filter(upper).length;
  if (lowerCount === 0 && upperCount === 0) {
    if (bareFalse) throw new UnpackError();
    return [false, "Validation failed: No letters found in the string."];
  }
  const ratio = fractionOf(lowerCount, upperCount);
  return withinRatio(ratio, min, max) ? [true, OK] : [false, ratioMessage("Lowercase", "Uppercase", lowerCount, upperCount, ratio, min, max)];
}

export function vowelConsonantBalance(r: string, k: Kwargs, vowels: string): Result {
  const bounds = ratioBounds(k);
  if (Array.isArray(bounds)) return bounds;
  const { min, max } = bounds;
  const letters = chars(r).filter(isAlphaChar);
  const v = letters.filter((ch) => vowels.includes(ch)).length;
  const c = letters.length - v;
  if (letters.length === 0) return [false, "Validation failed: No letters found in the response."];
  const ratio = fractionOf(v, c);
  return withinRatio(ratio, min, max) ? [true, OK] : [false, ratioMessage("Vowel", "Consonant", v, c, ratio, min, max)];
}

/** change_case:last_letter: the last word's last character, after trailing sentence marks and wrappers. */
export function lastLetter(r: string, k: Kwargs, trailing: string, wrappers: string, bareFalse: boolean): Result {
  // `re.sub(r"[.!?]+$", "", text)`, as a loop: the regex rescans a long run of dots from each of its positions.
  const cleaned = stripChars(pyStrip(r), trailing, "right");
  if (!cleaned) return [false, "Empty response"];
  const last = stripChars(at(pySplit(cleaned), -1), wrappers);
  if (!last) {
    if (bareFalse) throw new UnpackError();
    return [false, "Empty last word"];
  }
  const ch = chars(last).at(-1)!;
  const kind = k.case as string;
  const valid =
    kind === "uppercase" ? charUpper(ch) : kind === "lowercase" ? charLower(ch) : kind === "digit" ? isDigitChar(ch) : kind === "special" ? !isAlnumChar(ch) : false;
  return valid ? [true, OK_DOT] : [false, `Last character of the response: ${ch}`];
}

export function numberParagraphs(r: string, k: Kwargs, L: Lang, message: (count: number, rel: string, num: string) => string): Result {
  const count = pyStrip(r) ? L.paragraphs(r).length : 0;
  return checkRelation(count, k.relation, k.num_paragraphs) ? [true, OK_DOT] : [false, message(count, k.relation, str(k.num_paragraphs))];
}

export function sentenceLength(r: string, k: Kwargs, L: Lang, count: (s: string) => number): Result {
  const sentences = L.sentences(r);
  if (sentences.length === 0) return [true, "No sentences found to validate."];
  for (const s of sentences) {
    const n = count(s);
    if (n > k.max_words) return [false, `Expected at most ${str(k.max_words)} words. Found ${n} words in '${s}'`];
  }
  return [true, OK_DOT];
}

export function questionExclaim(r: string, k: Kwargs, marks: RegExp): Result {
  const count = (r.match(marks) ?? []).length;
  return checkRelation(count, k.relation, k.num_marks) ? [true, OK_DOT] : [false, `Found ${count} marks. Expected ${k.relation} ${str(k.num_marks)}.`];
}

export const alliterationResult = (count: number, k: Kwargs, message: string): Result => (checkRelation(count, k.relation, k.num_alliteration) ? [true, OK_DOT] : [false, message]);

export function nestedList(lists: readonly ListFound[], k: Kwargs): Result {
  return lists.some((l) => l.level === k.min_depth && l.items >= k.num_subitems) ? [true, OK_DOT] : [false, `List at level ${str(k.min_depth)} with at least ${str(k.num_subitems)} items not found.`];
}

export function wordLength(words: readonly string[], k: Kwargs): Result {
  if (k.min_length > k.max_length) return [false, "Validation failed: Minimum length greater than maximum length."];
  if (words.length === 0) return [true, "No words found to validate."];
  let shortest = words[0]!;
  let longest = words[0]!;
  for (const w of words) {
    if (pyLength(w) < pyLength(shortest)) shortest = w;
    if (pyLength(w) > pyLength(longest)) longest = w;
  }
  if (pyLength(shortest) < k.min_length) return [false, `Validation failed: The word '${shortest}' with length ${pyLength(shortest)} is shorter than the minimum of ${str(k.min_length)}.`];
  if (pyLength(longest) > k.max_length) return [false, `Validation failed: The word '${longest}' with length ${pyLength(longest)} is longer than the maximum of ${str(k.max_length)}.`];
  return [true, OK_DOT];
}

export { setRepr, unique };
