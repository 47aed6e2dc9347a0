// Reading FrontierScience's judge as NeMo Gym reads it: the last "Judgement: YES/NO" (any case),
// and in research mode the score on the last line that names a score and holds one, in any of
// the forms judges write it ("Score: 7/10", "6 out of 10", "FINAL_SCORE[8] / MAX_POSSIBLE_SCORE[10]",
// "Score: 7"), scaled onto the rubric's maximum when it comes with its own denominator.
import { lastMatch } from "../../../shared/judge/verdicts.ts";

const JUDGEMENT = /Judgement:\s*(YES|NO)/i;
const NUMBER = String.raw`([+-]?(?:\d+(?:\.\d+)?|\.\d+))`;
const BRACKETED = new RegExp(String.raw`(?:final[_\s-]*)?score\s*\[\s*${NUMBER}\s*\]\s*/\s*(?:max[_\s-]*possible[_\s-]*)?score\s*\[\s*${NUMBER}\s*\]`, "i");
const DENOMINATED = new RegExp(String.raw`${NUMBER}\s*(?:/|out\s+of)\s*${NUMBER}`, "i");
const LABELED = new RegExp(String.raw`(?:final\s+)?score\s*[:=]\s*${NUMBER}`, "i");

export type Judgement = "YES" | "NO";

/** The last "Judgement: YES" or "Judgement: NO" in the reply, upper-cased; null when there is none. */
export function parseJudgement(text: string): Judgement | null {
  const match = lastMatch(text, JUDGEMENT);
  return match ? (match[1]!.toUpperCase() as Judgement) : null;
}

/**
 * The rubric score on `maxScore` points, from the last line that mentions "score" and holds one;
 * null when none does, or when that line's denominator is not positive.
 */
export function parseRubricScore(text: string, maxScore: number): number | null {
  // Python's str.splitlines() boundaries.
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.toLowerCase().includes("score")) continue;
    for (const pattern of [BRACKETED, DENOMINATED]) {
      const match = pattern.exec(line);
      if (!match) continue;
      const denominator = Number(match[2]);
      return denominator > 0 ? (Number(match[1]) / denominator) * maxScore : null;
    }
    const labeled = LABELED.exec(line);
    if (labeled) return Number(labeled[1]);
  }
  return null;
}
