// Option letters of a multiple-choice row (NeMo Gym's mcqa rows: `options` as single-letter dicts)
// and the row's own answer regex (template_metadata.output_regex), shared by mcqa and the servers
// NeMo Gym builds on it (gpqa_diamond). A row-supplied regex runs only in a safe shape (row_regex).
import { rowRegex } from "./row_regex.ts";

export type Options = ReadonlyArray<Readonly<Record<string, string | null>>>;

export const isLetter = (s: string) => /^\p{L}$/u.test(s);

/** The upper-case letters of the options that have a text: `[{"A": "..."}, {"B": "..."}]` is {A, B}. */
export function optionLetters(options: Options): Set<string> {
  const letters = new Set<string>();
  for (const option of options) {
    for (const [key, text] of Object.entries(option)) if (text !== null && isLetter(key)) letters.add(key.toUpperCase());
  }
  return letters;
}

/** [letter, text] of every option whose letter is allowed, in order. */
export function optionTexts(options: Options, letters: ReadonlySet<string>): [string, string][] {
  return options.flatMap((option) =>
    Object.entries(option).flatMap(([key, text]) => (text !== null && letters.has(key.toUpperCase()) ? [[key.toUpperCase(), text] as [string, string]] : [])),
  );
}

/** Lower case, whitespace runs as one space: how option texts are compared. */
export const comparable = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean).join(" ");

/** The letter whose option text equals the candidate (case and spacing aside). */
export function letterOfText(candidate: string, options: Options, letters: ReadonlySet<string>): string | null {
  const wanted = comparable(candidate);
  return optionTexts(options, letters).find(([, text]) => comparable(text) === wanted)?.[0] ?? null;
}

// Answer letters of localized MMLU prompts (Arabic, Bengali) read as A-D.
const LOCAL_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ["أ", " A"], ["ب", " B"], ["ج", " C"], ["د", " D"],
  ["অ", " A"], ["ব", " B"], ["ড", " C"], ["ঢ", " D"],
];

/** Localized and full-width answer letters as Latin ones, trimmed. */
export function latinLetters(s: string): string {
  let out = s.normalize("NFKC");
  for (const [local, latin] of LOCAL_LETTERS) out = out.replaceAll(local, latin);
  return out.trim();
}

/**
 * The row's own regex (or the first of its list that yields a letter), case-insensitive, last
 * match wins. A captured single letter is trusted even outside the options; other captures must
 * equal an option's text. An invalid or unsafe pattern yields nothing.
 */
export function templateLetter(text: string, patterns: string | readonly string[], options: Options, letters: ReadonlySet<string>): string | null {
  for (const pattern of typeof patterns === "string" ? [patterns] : patterns) {
    const regex = rowRegex(pattern);
    if (!regex) continue;
    let last: RegExpMatchArray | undefined;
    for (const match of text.matchAll(regex)) last = match;
    if (!last) continue;
    const captured = latinLetters((last.length > 1 ? (last[1] ?? "") : last[0]).trim()).toUpperCase();
    const letter = isLetter(captured) ? captured : letterOfText(captured, options, letters);
    if (letter !== null) return letter;
  }
  return null;
}
