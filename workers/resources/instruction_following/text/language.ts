// Which language a text is in, for IFEval's language checks. IFEval asks langdetect, which
// answers with one of its 55 languages, for an ISO 639-1 code. We use franc (trigram profiles
// of 187 languages, pure JS; it reads at most the first 2,048 characters, so cost is bounded)
// and let it choose only among langdetect's 55: a text can then only be told as a language
// langdetect could have named (Hindi is not taken for Bhojpuri, Nepali for Maithili, English
// for Scots). franc-min, used before, has no Finnish or Hebrew profile.
import { franc } from "franc";

/** IFEval's language codes (ISO 639-1), every one its rows use, and franc's names (ISO 639-3). */
export const LANGUAGES = {
  en: "eng", es: "spa", pt: "por", ar: "arb", hi: "hin", fr: "fra", ru: "rus", de: "deu", ja: "jpn", it: "ita",
  bn: "ben", uk: "ukr", th: "tha", ur: "urd", ta: "tam", te: "tel", bg: "bul", ko: "kor", pl: "pol", he: "heb",
  fa: "pes", vi: "vie", ne: "npi", sw: "swh", kn: "kan", mr: "mar", gu: "guj", pa: "pan", ml: "mal", fi: "fin",
} as const;
export type Language = keyof typeof LANGUAGES;

// The rest of langdetect's languages, so a text in one of them is not forced into an IFEval one.
const OTHER_LANGDETECT = [
  "afr", "cat", "ces", "cym", "dan", "ell", "ekk", "hrv", "hun", "ind", "lit", "lvs", "mkd", "nld", "nob",
  "ron", "slk", "slv", "som", "als", "swe", "tgl", "tur", "cmn",
];
const CANDIDATES = [...Object.values(LANGUAGES), ...OTHER_LANGDETECT];

/**
 * The text's language as an ISO 639-3 code, or undefined when it cannot be told (too short, no
 * letters); IFEval counts an undecidable text as following the instruction.
 */
export function detectLanguage(text: string): string | undefined {
  const found = franc(text, { only: CANDIDATES });
  return found === "und" ? undefined : found;
}

/** IFEval's rule: the detected language is `language`, or none could be detected. */
export function isLanguage(text: string, language: Language): boolean {
  const found = detectLanguage(text);
  return found === undefined || found === LANGUAGES[language];
}
