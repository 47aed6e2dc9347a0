// Which language a text is in, for IFEval's language checks. IFEval asks Python's langdetect: a
// naive Bayes classifier over the text's character 1- to 3-grams, with one profile per language
// (langdetect_profiles.ts holds langdetect's own). langdetect multiplies in n-grams drawn at
// random until one language dominates; we add up the evidence of every n-gram, which is the
// verdict its random draws reach most often, and the same on every run. So a reply is told by all
// of its text: a French sentence followed by two English ones is English, as langdetect says.
// The text is prepared as langdetect prepares it (links and addresses dropped, characters folded
// per Unicode block, letters after a word's second capital skipped), at most its first 10,000
// characters: the cost is bounded.
import { ALPHABET, CJK_GROUPS, LANGUAGES as PROFILED, LOG_STEP, NGRAMS } from "./langdetect_profiles.ts";

/** IFEval's language codes (ISO 639-1, as langdetect names them), every one its rows use. */
export const LANGUAGES = {
  en: "English", es: "Spanish", pt: "Portuguese", ar: "Arabic", hi: "Hindi", fr: "French", ru: "Russian", de: "German",
  ja: "Japanese", it: "Italian", bn: "Bengali", uk: "Ukrainian", th: "Thai", ur: "Urdu", ta: "Tamil", te: "Telugu",
  bg: "Bulgarian", ko: "Korean", pl: "Polish", he: "Hebrew", fa: "Persian", vi: "Vietnamese", ne: "Nepali", sw: "Swahili",
  kn: "Kannada", mr: "Marathi", gu: "Gujarati", pa: "Punjabi", ml: "Malayalam", fi: "Finnish",
} as const;
export type Language = keyof typeof LANGUAGES;

const MAX_CHARS = 10_000;
// langdetect's smoothing: an n-gram unseen in a language still has probability alpha / base frequency.
const UNSEEN = 0.5 / 10_000;
// langdetect names no language whose probability is at most this.
const MIN_PROBABILITY = 0.1;
const URL = /https?:\/\/[-_.?&~;+=/#0-9A-Za-z]{1,2076}/g;
const MAIL = /[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}/g;
const LATIN1_DROPPED = new Set(["\u00a0", "\u00ab", "\u00b0", "\u00bb"]);

const languages = PROFILED.split(" ");
// A table character's value, by char code; and what an n-gram of each stored probability adds.
const DIGIT = new Uint8Array(128);
for (const [i, ch] of [...ALPHABET].entries()) DIGIT[ch.charCodeAt(0)] = i;
const GAIN = Float64Array.from(ALPHABET, (_, level) => Math.log1p(Math.exp(-level * LOG_STEP) / UNSEEN));
let profiles: Map<string, string> | undefined;
let cjkFolding: Map<string, string> | undefined;

/** Each n-gram's cells (language, -ln probability), read from the table once per isolate. */
function ngramCells(): Map<string, string> {
  profiles ??= new Map(NGRAMS.split("\n").map((line) => line.split("\t") as [string, string]));
  return profiles;
}

function cjkRepresentative(ch: string): string {
  cjkFolding ??= new Map(CJK_GROUPS.split(" ").flatMap((group) => [...group].map((c) => [c, group[0]!] as const)));
  return cjkFolding.get(ch) ?? ch;
}

const inRange = (code: number, from: number, to: number) => code >= from && code <= to;

/** A character as langdetect folds it: non-letters to a space, kana and hangul to one letter each. */
function fold(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x80) return /[A-Za-z]/.test(ch) ? ch : " ";
  if (code < 0x100) return LATIN1_DROPPED.has(ch) ? " " : ch;
  if (code === 0x219) return "\u015f"; // Romanian s and t with comma below, as with cedilla
  if (code === 0x21b) return "\u0163";
  if (inRange(code, 0x2000, 0x206f)) return " "; // General Punctuation
  if (code === 0x6cc) return "\u064a"; // Farsi yeh as Arabic yeh
  if (inRange(code, 0x1ea0, 0x1eff)) return "\u1ec3"; // Latin Extended Additional (Vietnamese)
  if (inRange(code, 0x3040, 0x309f)) return "\u3042"; // Hiragana
  if (inRange(code, 0x30a0, 0x30ff)) return "\u30a2"; // Katakana
  if (inRange(code, 0x3100, 0x312f) || inRange(code, 0x31a0, 0x31bf)) return "\u3105"; // Bopomofo
  if (inRange(code, 0x4e00, 0x9fff)) return cjkRepresentative(ch);
  if (inRange(code, 0xac00, 0xd7af)) return "\uac00"; // Hangul Syllables
  return ch;
}

const isUpper = (ch: string) => ch !== ch.toLowerCase();

/** The text langdetect reads: links and mail addresses dropped, capped, runs of spaces made one. */
function prepared(text: string): string {
  // Links and addresses are dropped before the cap; a generous prefix bounds the cost of doing so.
  const cleaned = text.slice(0, MAX_CHARS * 5).normalize("NFC").replace(URL, " ").replace(MAIL, " ");
  const chars: string[] = [];
  let read = 0;
  let previous = "";
  for (const ch of cleaned) {
    if (read++ === MAX_CHARS) break;
    if (ch !== " " || previous !== " ") chars.push(ch);
    previous = ch;
  }
  // A text mostly in another script drops its Latin letters.
  let latin = 0;
  let other = 0;
  for (const ch of chars) {
    if (ch >= "A" && ch <= "z") latin++;
    else if (ch >= "\u0300" && !inRange(ch.codePointAt(0)!, 0x1e00, 0x1eff)) other++;
  }
  return latin * 2 < other ? chars.filter((ch) => ch < "A" || ch > "z").join("") : chars.join("");
}

/** The text's 1- to 3-grams that some profile holds, in order. */
function ngrams(text: string): string[] {
  const cells = ngramCells();
  const found: string[] = [];
  let grams = " ";
  let capitalWord = false;
  for (const raw of text) {
    const ch = fold(raw);
    const last = grams.at(-1)!;
    if (last === " ") {
      grams = " ";
      capitalWord = false;
      if (ch === " ") continue;
    } else if (grams.length >= 3) {
      grams = grams.slice(1);
    }
    grams += ch;
    capitalWord = isUpper(ch) ? capitalWord || isUpper(last) : false;
    // langdetect skips the rest of a word written in capitals.
    if (capitalWord) continue;
    for (let n = 1; n <= Math.min(3, grams.length); n++) {
      const gram = grams.slice(-n);
      if (gram !== " " && cells.has(gram)) found.push(gram);
    }
  }
  return found;
}

/**
 * The text's language as langdetect's code, "unknown" when no language is likely enough, or
 * undefined when the text has nothing to tell it by (no letters): IFEval then counts the
 * instruction as followed.
 */
export function detectLanguage(text: string): string | undefined {
  const grams = ngrams(prepared(text));
  if (grams.length === 0) return undefined;
  const cells = ngramCells();
  // Log-likelihood over the unseen baseline: only the languages that hold an n-gram move.
  const score = new Float64Array(languages.length);
  for (const gram of grams) {
    const row = cells.get(gram)!;
    for (let i = 0; i < row.length; i += 2) score[DIGIT[row.charCodeAt(i)]!]! += GAIN[DIGIT[row.charCodeAt(i + 1)]!]!;
  }
  const best = score.reduce((top, s, i) => (s > score[top]! ? i : top), 0);
  const total = score.reduce((sum, s) => sum + Math.exp(s - score[best]!), 0);
  return 1 / total > MIN_PROBABILITY ? languages[best] : "unknown";
}

/** IFEval's rule: the detected language is `language`, or none could be detected. */
export function isLanguage(text: string, language: Language): boolean {
  const found = detectLanguage(text);
  return found === undefined || found === language;
}
