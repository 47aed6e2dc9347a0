// Finding a phrase the row gave us in the answer. IFEval compiles keywords as regular expressions;
// we match them as literal text (the same for every real keyword, and no row can smuggle a
// catastrophic pattern onto model output). Case-insensitive throughout, as IFEval is. Each
// search advances through the text, so it is linear in the answer for a given phrase.
import { isWordChar } from "./words.ts";

/** Non-overlapping occurrences of `phrase`, ignoring case (Python's `len(re.findall(...))`). */
export function countPhrase(text: string, phrase: string): number {
  const haystack = text.toLowerCase();
  const needle = phrase.toLowerCase();
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Whether `phrase` occurs with a word boundary at both ends (`\bphrase\b`), ignoring case. */
export function containsWord(text: string, phrase: string): boolean {
  const haystack = text.toLowerCase();
  const needle = phrase.toLowerCase();
  const boundary = (at: number) => isWordChar(haystack[at - 1]) !== isWordChar(haystack[at]);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (boundary(at) && boundary(at + needle.length)) return true;
  }
  return false;
}
