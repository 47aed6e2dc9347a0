// The letter a multiple-choice reply gives, read as NeMo Skills' relaxed MCQ reader does: the text
// after the last line's "The final answer is ", else the last \boxed{} (search_boxed); from that, a
// lone character or the last capital standing alone as a word; failing all, the last "Answer: X".
// Every scan is linear: line by line from the end, one pass for the capital, one regex with no
// unbounded overlap for "Answer:".
import { searchBoxed } from "../../../shared/verifiers/search_boxed.ts";
import { PY_SPACE, pyStrip } from "../../../shared/verifiers/python_str.ts";

const FINAL = "The final answer is ";

/** The last match of `The final answer is (.+)$` (multiline): the rest of the last line holding it, when not empty. */
function finalAnswer(text: string): string | undefined {
  let end = text.length;
  while (end >= 0) {
    const start = end === 0 ? 0 : text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end);
    const at = line.indexOf(FINAL);
    if (at >= 0 && at + FINAL.length < line.length) return line.slice(at + FINAL.length);
    end = start - 1;
  }
  return undefined;
}

// Arabic and Bengali option letters, and full-width A-D, as the reader maps them.
const LOCAL_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ["أ", " A"], ["ب", " B"], ["ج", " C"], ["د", " D"],
  ["অ", " A"], ["ব", " B"], ["ড", " C"], ["ঢ", " D"],
  ["Ａ", " A"], ["Ｂ", " B"], ["Ｃ", " C"], ["Ｄ", " D"],
];

function latin(text: string): string {
  let out = text;
  for (const [local, letter] of LOCAL_LETTERS) out = out.replaceAll(local, letter);
  return pyStrip(out);
}

// Python's \w in a str pattern: Unicode letters and numbers, and the underscore.
const WORD = /[\p{L}\p{N}_]/u;
const isWord = (ch: string | undefined) => ch !== undefined && WORD.test(ch);

/** The last A-Z with no word character on either side (`\b[A-Z]\b`, Unicode word boundaries). */
function lastStandaloneCapital(text: string): string | undefined {
  const chars = Array.from(text);
  for (let i = chars.length - 1; i >= 0; i--) {
    const ch = chars[i]!;
    if (ch >= "A" && ch <= "Z" && !isWord(chars[i - 1]) && !isWord(chars[i + 1])) return ch;
  }
  return undefined;
}

// Case-insensitive [A-Z] in Python's Unicode mode also takes İ, ı, ſ and K (Kelvin); JavaScript's
// /iu takes ſ and K only, so the other two are named.
const ANSWER = new RegExp(
  `[*_]{0,2}Answer[*_]{0,2}[${PY_SPACE}]*:[${PY_SPACE}*_]{0,2}[${PY_SPACE}]*([A-Z\\u0130\\u0131])(?![a-zA-Z0-9\\u0130\\u0131])`,
  "giu",
);

function answerColon(text: string): string | undefined {
  let last: string | undefined;
  for (const match of text.matchAll(ANSWER)) last = match[1];
  return last;
}

/** The upper-cased letter the reply gives, or null. */
export function mcqLetter(text: string): string | null {
  const raw = finalAnswer(text) ?? searchBoxed(text);
  if (raw !== undefined) {
    const extracted = latin(raw);
    const chars = Array.from(extracted);
    const letter = chars.length === 1 ? extracted : chars.length > 1 ? lastStandaloneCapital(extracted) : undefined;
    if (letter !== undefined) return letter.toUpperCase();
  }
  return answerColon(text)?.toUpperCase() ?? null;
}
