// The library's base scorer, used by every family that does not define its own: the stored answer
// exactly scores 1.0; an answer that contains it scores its share of the answer's length (so
// padding it around the answer costs); anything else, or no answer, 0.
import type { Entry } from "./family.ts";

export function defaultScore(answer: string | null, entry: Entry): number {
  const oracle = entry.answer;
  if (answer === null || answer.length === 0 || typeof oracle !== "string") return 0;
  if (answer === oracle) return 1;
  // Lengths in code points, as Python's len counts them.
  return answer.includes(oracle) ? [...oracle].length / [...answer].length : 0;
}
