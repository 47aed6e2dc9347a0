// Reading the chosen option letter out of an answer, one function per grading mode (NeMo Gym's
// mcqa modes; lenient_answer_colon_md in answer_colon_md.ts). Every scan is linear; a row-supplied regex runs only in a safe shape (row_regex).
import { lastBoxed } from "../../../shared/verifiers/boxed.ts";
import { stripTextWrappers } from "../../../shared/verifiers/latex.ts";
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";

export type Options = ReadonlyArray<Readonly<Record<string, string | null>>>;

const isLetter = (s: string) => /^\p{L}$/u.test(s);

/** The upper-case letters of the options that have a text: `[{"A": "..."}, {"B": "..."}]` is {A, B}. */
export function optionLetters(options: Options): Set<string> {
  const letters = new Set<string>();
  for (const option of options) {
    for (const [key, text] of Object.entries(option)) if (text !== null && isLetter(key)) letters.add(key.toUpperCase());
  }
  return letters;
}

/** [letter, text] of every option whose letter is allowed, in order. */
function optionTexts(options: Options, letters: ReadonlySet<string>): [string, string][] {
  return options.flatMap((option) =>
    Object.entries(option).flatMap(([key, text]) => (text !== null && letters.has(key.toUpperCase()) ? [[key.toUpperCase(), text] as [string, string]] : [])),
  );
}

const comparable = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean).join(" ");

/** The letter whose option text equals the candidate (case and spacing aside). */
function letterOfText(candidate: string, options: Options, letters: ReadonlySet<string>): string | null {
  const wanted = comparable(candidate);
  return optionTexts(options, letters).find(([, text]) => comparable(text) === wanted)?.[0] ?? null;
}

// A bare letter with non-letter padding ("E", "[C]", "(B)"), or a letter then a label delimiter
// with the option text after it ("E: A polygenic risk score ...").
const BARE_LETTER = /^[^A-Za-z]*([A-Z])[^A-Za-z]*$/;
const LABELLED_LETTER = /^\s*([A-Z])\s*[:).\-]/;

/** An upper-case letter in the last `\boxed{}`, `\text{}` wrappers aside; bare option text is not one. */
export function boxedLetter(text: string, letters: ReadonlySet<string>): string | null {
  const inner = lastBoxed(text);
  if (inner === undefined) return null;
  const content = stripTextWrappers(inner.trim());
  const letter = BARE_LETTER.exec(content)?.[1] ?? LABELLED_LETTER.exec(content)?.[1];
  return letter !== undefined && letters.has(letter) ? letter : null;
}

/** The one option whose text appears in the last `\boxed{}`; null when none or several do. */
export function boxedOptionText(text: string, options: Options, letters: ReadonlySet<string>): string | null {
  const inner = lastBoxed(text)?.trim();
  if (inner === undefined) return null;
  const candidates = [inner, stripTextWrappers(inner)].map(comparable);
  const matched = new Set<string>();
  for (const [letter, option] of optionTexts(options, letters)) {
    const wanted = comparable(option);
    if (wanted && candidates.some((c) => c.includes(wanted))) matched.add(letter);
  }
  return matched.size === 1 ? [...matched][0]! : null;
}

const ANSWER_COLON = /answer\s*:\s*(.+)/i;

/** After the first "Answer:": a single allowed letter, or an option's exact text. */
export function answerColonLetter(text: string, options: Options, letters: ReadonlySet<string>): string | null {
  const match = ANSWER_COLON.exec(text);
  if (!match) return null;
  const candidate = stripTextWrappers(match[1]!).trim();
  if (isLetter(candidate) && letters.has(candidate.toUpperCase())) return candidate.toUpperCase();
  return letterOfText(candidate, options, letters);
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
