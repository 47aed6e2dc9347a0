// Reading the IMO ProofBench judge as NeMo Gym reads it (NeMo Skills' is_correct_judgement), in
// this order: the first "Judgement: Yes/No" (markdown bold allowed), else the first
// \boxed{Correct}/\boxed{Incorrect}, else the first <points>N out of 7</points>, which passes at
// N >= 6. The points are read on their own as well, whichever format decided.

/** Points at or above which a proof counts as correct. */
export const PASS_POINTS = 6;

const JUDGEMENT_PREFIX = /\*{0,2}Judgement\*{0,2}\s*:/i;
const BOXED_VERDICT = /\\boxed\s*\{\s*(Correct|Incorrect)\s*\}/i;
const POINTS = /<points>\s*(\d+)\s*out of 7\s*<\/points>/i;

/** N of the first `<points>N out of 7</points>`; null when there is none. */
export function parsePoints(text: string): number | null {
  const match = POINTS.exec(text);
  return match ? Number.parseInt(match[1]!, 10) : null;
}

/** Whether the judge passed the proof; null when its reply holds none of the three formats. */
export function parseVerdict(text: string): boolean | null {
  const prefix = JUDGEMENT_PREFIX.exec(text);
  if (prefix) {
    const said = text.slice(prefix.index + prefix[0].length).trim().replace(/^\*+/, "").trim().toLowerCase();
    if (said.startsWith("yes")) return true;
    if (said.startsWith("no")) return false;
  }
  const boxed = BOXED_VERDICT.exec(text);
  if (boxed) return boxed[1]!.toLowerCase() === "correct";
  const points = parsePoints(text);
  return points === null ? null : points >= PASS_POINTS;
}
