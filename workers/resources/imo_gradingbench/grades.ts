// The four IMO-GradingBench grades, their points and their high/low buckets, and how a reply's
// grade is read (NeMo Skills' grading-bench rule): the last whitespace-separated word, without
// markdown and punctuation characters, lower-cased, must be one of the four.
import { pyLastWord, pyStrip } from "../../../shared/verifiers/python_str.ts";

export const POINTS = { correct: 7, almost: 6, partial: 1, incorrect: 0 } as const;
export type Grade = keyof typeof POINTS;

export const isGrade = (word: string): word is Grade => Object.hasOwn(POINTS, word);

/** correct and almost count as high, partial and incorrect as low (binarized accuracy). */
export const isHigh = (grade: Grade): boolean => POINTS[grade] >= POINTS.almost;

const PUNCTUATION = /[*_`.,;:!?()[\]{}]+/g;

/** The reply's grade, or null when its last word is none of the four. */
export function extractGrade(text: string): Grade | null {
  const word = pyLastWord(text);
  if (word === undefined) return null;
  const bare = word.replace(PUNCTUATION, "").toLowerCase();
  return isGrade(bare) ? bare : null;
}

/** The row's gold grade, trimmed and lower-cased; null when it is none of the four. */
export function goldGrade(text: string | null | undefined): Grade | null {
  if (!text) return null;
  const grade = pyStrip(text).toLowerCase();
  return isGrade(grade) ? grade : null;
}
