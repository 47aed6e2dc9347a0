// Italian, the reference's it module: elisions split words (L'amico is L and amico) and keywords
// are matched word by word on those tokens (so a phrase of several words is never found),
// sentences end at . ! ? only before a capital or the end of the line (abbreviations such as Sig.
// excepted), letters counted with their accented variants, Italian hard and soft c and g in
// alliteration, and its own readings of title, end_rule, nested lists and sentence endings.
import { ENGLISH } from "../english.ts";
import type { Lang, Result } from "../lang.ts";
import { nestedList, numberParagraphs, sentenceLength, setRepr, unique } from "../checks.ts";
import { casefold, charUpper, chars, isAlphaChar, isPySpace, multilineCount, PUNCTUATION, pyStrip, reversed, S, splitlines, str, stripChars } from "../py.ts";
import { analyzeLists, checkRelation, cleanSentences, withoutListNumbers } from "../text.ts";

const LETTERS = "A-Za-zÀÈÉÌÒÙàèéìòù";
const VOWELS = "aàeèéiìoòuùAÀEÈÉIÌOÒUÙ";
const fold = (text: string): string => casefold(text.normalize("NFKC"));

// The reference holds these in a set and replaces them in its (hash-dependent) order; the dotted forms go first here.
const ABBREVIATIONS = ["sig.", "dott.", "prof.", "avv.", "pag.", "fig.", "tab.", "ecc.", "gen."].flatMap((a) => [a, a[0]!.toUpperCase() + a.slice(1), a.toUpperCase()]);
const BARE = ["sig", "dott", "prof", "avv", "pag", "fig", "tab", "ecc", "gen"];
const PROTECTED = [...ABBREVIATIONS, ...BARE];
const PROTECTING = new RegExp(PROTECTED.map((a) => a.replace(".", "\\.")).join("|"), "g");

/** ItalianStrategy.tokenize_words: list numbers out, split at whitespace and apostrophes, tokens with a Latin letter kept. */
/** The tokens, or only the first when `first` (sentences are checked by their first word). */
function tokenize(text: string, first = false): string[] {
  const source = withoutListNumbers(text);
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= source.length; i++) {
    const boundary = i === source.length || source[i] === "'" || isPySpace(source[i]!);
    if (!boundary) {
      if (start === -1) start = i;
      continue;
    }
    if (start !== -1) {
      const token = source.slice(start, i);
      if (LATIN_LETTER.test(token)) {
        out.push(token);
        if (first) break;
      }
    }
    start = -1;
  }
  return out;
}
const tokens = (text: string): string[] => tokenize(text);
const LATIN_LETTER = /[a-zA-ZÀ-ÿ]/;
/** extract_clean_words: the module strips list numbers, then the tokeniser again. */
const words = (text: string): string[] => tokens(withoutListNumbers(text));

const NO_APOSTROPHE = PUNCTUATION.replace("'", "");

/** ItalianStrategy.sentence_split: a run of . ! ? ends a sentence when a capital (or the end) follows it past any spaces. */
export function italianSentenceSplit(text: string): string[] {
  // No mark, no split: the line as it is, stripped (abbreviations go out and come back unchanged).
  if (!/[.!?]/.test(text)) return pyStrip(text) ? [pyStrip(text)] : [text];
  const protectedText = text.replace(PROTECTING, (abbr) => `__ABBR_${PROTECTED.indexOf(abbr)}__`);
  const restore = (t: string) => (t.includes("__ABBR_") ? t.replace(/__ABBR_(\d+)__/g, (m, i: string) => PROTECTED[Number(i)] ?? m) : t);
  const parts: string[] = [];
  let last = 0;
  let matched = false;
  for (let i = 0; i < protectedText.length; ) {
    if (!".!?".includes(protectedText[i]!)) {
      i++;
      continue;
    }
    const start = i;
    while (i < protectedText.length && ".!?".includes(protectedText[i]!)) i++;
    let end = i;
    while (end < protectedText.length && isPySpace(protectedText[end]!)) end++;
    const next = protectedText[end];
    if (next === undefined || /[A-ZÀÈÉÌÒÙ]/.test(next)) {
      matched = true;
      if (start > last) parts.push(pyStrip(protectedText.slice(last, start)));
      last = end;
      i = end;
    }
  }
  if (!matched) {
    const restored = pyStrip(restore(protectedText));
    return restored ? [restored] : [text];
  }
  if (last < protectedText.length) parts.push(pyStrip(protectedText.slice(last)));
  const restored = parts.map((p) => pyStrip(restore(p))).filter(Boolean);
  return restored.length ? restored : [text];
}

const sentences = (text: string): string[] => cleanSentences(text, italianSentenceSplit);

// The reply's folded tokens, kept for the next keyword of the same reply.
let tokenized: { response: string; words: string[] } | undefined;

function keywordCount(response: string, keyword: string): number {
  const wanted = fold(pyStrip(keyword));
  if (tokenized?.response !== response) tokenized = { response, words: tokens(fold(response)).map((w) => fold(stripChars(w, NO_APOSTROPHE))) };
  return tokenized.words.filter((w) => w === wanted).length;
}

/** Italian c and g: soft before e and i (and after h before e, i for c), hard otherwise. */
function sound(word: string): string {
  const w = word.toLowerCase();
  const [first, second, third] = [w[0], w[1], w[2]];
  if (first === "c") return second !== undefined && "ei".includes(second) ? "tʃ" : second === "h" && third !== undefined && "ei".includes(third) ? "tʃ" : "k";
  if (first === "g") return second !== undefined && "ei".includes(second) ? "dʒ" : "g";
  return first ?? "";
}

/** analyze_lists' indentation, Italian: a space counts 1, a tab 4, newlines nothing. */
const indentWidth = (indentation: string): number => chars(indentation).reduce((n, ch) => n + (ch === " " ? 1 : ch === "\t" ? 4 : 0), 0);

const ITEM = /(?:[*+-]|\p{Nd}+\.|[a-z]\.)[ \t]+[^\n]*/uy;
const ok = "No error";

export const ITALIAN: Lang = {
  ...ENGLISH,
  code: "it",
  keywordCount,
  words,
  sentences,
  bullets: (text) => multilineCount(text, new RegExp(`[*-][${S}]+`, "uy")),
  targetWordChars: LETTERS,
  vowels: VOWELS,
  countVowels: VOWELS,
  consonants: { letters: "alpha", vowels: VOWELS },
  overrides: {
    "change_case:all_caps": (r) => {
      const letters = chars(r).filter(isAlphaChar);
      if (letters.length === 0) return [false, "Response contains no letters."];
      return letters.every(charUpper) ? [true, ok] : [false, "Response is not all uppercase."];
    },
    "change_case:first_letter_cap": (r) => {
      const list = words(r);
      if (list.length === 0) return [true, "No words found to validate."];
      const invalid = list.filter((w) => !firstLetterCap(w));
      return invalid.length === 0 ? [true, ok] : [false, `Words that don't follow first-letter-cap rule: ${reprList(invalid)}`];
    },
    "detectable_format:title": (r) => {
      const line = pyStrip(splitlines(r)[0] ?? "");
      const found = (line.startsWith("<<") && line.endsWith(">>")) || (line.startsWith("#") && [...line].length > 1);
      return found ? [true, ok] : [false, "Title not wrapped in << >> or Markdown header (# Title) on first line."];
    },
    "keywords:letter_frequency": (r, k) => {
      const letter = (k.letter as string).toLowerCase();
      const variants = ({ a: "aàAÀ", e: "eèéEÈÉ", i: "iìIÌ", o: "oòOÒ", u: "uùUÙ" } as Record<string, string>)[letter];
      const count = variants ? chars(r).filter((ch) => variants.includes(ch)).length : letter === "" ? [...r].length + 1 : (r.match(new RegExp(letter.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), "giu")) ?? []).length;
      return checkRelation(count, k.let_relation, k.let_frequency) ? [true, ok] : [false, `Expected ${k.let_relation} ${str(k.let_frequency)} '${letter}' (case-insensitive, including accented variants), found ${count}.`];
    },
    "change_case:first_letter_sentence": (r) => {
      const all = sentences(r);
      if (all.length === 0) return [true, "No sentences found to validate."];
      for (let sentence of all) {
        sentence = stripChars(sentence, "()[]{}\"'");
        // Only the first word is read: the stream stops there.
        const first = tokenize(withoutListNumbers(sentence), true)[0];
        if (first === undefined) continue;
        const alpha = chars(first).find(isAlphaChar);
        if (alpha && !charUpper(alpha)) return [false, `Fails at: '${sentence}' (first word: '${first}')`];
      }
      return [true, "No error."];
    },
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
    "length_constraints:sentence_length": (r, k, L) => sentenceLength(r, k, L, (s) => words(s).length),
    // The module imports Counter inside the function further down, which makes the name local to
    // the whole function: this check reaches it unassigned and always fails so in the reference.
    "length_constraints:word_repetition": () => [false, "Validation error: cannot access local variable 'Counter' where it is not associated with a value"],
    "length_constraints:unique_words": (r, k) => {
      const count = new Set(words(r).map(fold)).size;
      return checkRelation(count, k.relation, k.num_unique) ? [true, "No error."] : [false, `Found ${count} unique words. Expected ${k.relation} ${str(k.num_unique)}.`];
    },
    "punctuation:end_rule": (r, k) => {
      const allowed = Array.isArray(k.allowed) ? (k.allowed as string[]) : k.allowed ? [...(k.allowed as string)] : [];
      for (const sentence of sentences(r)) {
        const s = pyStrip(sentence);
        const list = chars(s);
        let end = list.length;
        while (end > 0 && (".!?".includes(list[end - 1]!) || PUNCTUATION.includes(list[end - 1]!))) end--;
        for (const ch of list.slice(end)) if (!allowed.includes(ch)) return [false, `Found disallowed punctuation '${ch}' at sentence end. Allowed: ${reprList(allowed)}`];
      }
      return [true, "No error."];
    },
    "keywords:alliteration": (r, k): Result => {
      const target = (k.target_letter as string).toLowerCase();
      const matching = words(r).filter((w) => w.toLowerCase().startsWith(target));
      const count = matching.length > 0 && new Set(matching.map(sound)).size === 1 ? matching.length : 0;
      return checkRelation(count, k.relation, k.num_alliteration)
        ? [true, "No error."]
        : [false, `Found ${count} alliteration words starting with '${target}' with consistent phonetic sound. Expected ${k.relation} ${str(k.num_alliteration)}.`];
    },
    "keywords:palindrome_word": (r, k) => {
      for (const word of words(r)) {
        const clean = stripChars(word, NO_APOSTROPHE);
        if ([...clean].length < k.min_length) continue;
        const folded = fold(clean);
        if (folded === reversed(folded)) return [true, `No error. Word: ${clean}`];
      }
      return [false, "No valid palindrome words found."];
    },
    "detectable_format:nested_list": (r, k) => nestedList(analyzeLists(r, ITEM, indentWidth), k),
    "detectable_format:sentence_endings": (r, k) => {
      const kinds = unique(sentenceEndRuns(r).flatMap((run) => chars(run)));
      return kinds.length < k.min_variants
        ? [false, `Found ${kinds.length} types of sentence-ending punctuations (${setRepr(kinds)}). Expected at least ${str(k.min_variants)}.`]
        : [true, "No error."];
    },
  },
};

/** `[.!?]+(?=\s|$)` matches: whole runs of marks followed by whitespace or the end (a shorter run is followed by a mark). */
function sentenceEndRuns(text: string): string[] {
  const runs: string[] = [];
  for (let i = 0; i < text.length; ) {
    if (!".!?".includes(text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && ".!?".includes(text[i]!)) i++;
    if (i === text.length || isPySpace(text[i]!) || (text[i] === "\n" && i === text.length - 1)) runs.push(text.slice(start, i));
  }
  return runs;
}

const reprList = (items: readonly string[]): string => `[${items.map((s) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`)).join(", ")}]`;

function firstLetterCap(token: string): boolean {
  const list = chars(token);
  const first = list[0]!;
  if (/^\p{Nd}$/u.test(first)) return list.slice(1).every((ch) => !isAlphaChar(ch) || /\p{Lowercase}/u.test(ch));
  if (list.length === 1) return isAlphaChar(first) ? charUpper(first) : true;
  let seen = false;
  for (const ch of list) {
    if (!isAlphaChar(ch)) continue;
    if (!seen) {
      if (!charUpper(ch)) return false;
      seen = true;
    } else if (!/\p{Lowercase}/u.test(ch)) return false;
  }
  return true;
}
