// Reading the chosen option letter out of an answer, one function per grading mode (NeMo Gym's
// mcqa modes; lenient_answer_colon_md in answer_colon_md.ts). Every scan is linear.
import { lastBoxed } from "../../../shared/verifiers/boxed.ts";
import { stripTextWrappers } from "../../../shared/verifiers/latex.ts";
import { comparable, isLetter, letterOfText, optionTexts } from "../../../shared/verifiers/option_letters.ts";
import type { Options } from "../../../shared/verifiers/option_letters.ts";

// The row's options and regex are read by shared/verifiers/option_letters.ts (gpqa_diamond reads them too).
export { latinLetters, optionLetters, templateLetter } from "../../../shared/verifiers/option_letters.ts";
export type { Options } from "../../../shared/verifiers/option_letters.ts";

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
