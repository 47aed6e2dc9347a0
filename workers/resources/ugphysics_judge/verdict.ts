// The UGPhysics judge's verdict as the reference reads it: the TRUE/FALSE under the first
// `## Equivalence Judgement` heading; without that heading, the last standalone TRUE or FALSE
// (any case); with neither, no verdict (null), which scores 0.
const HEADING = /##\s*Equivalence\s*Judgement\s*\n\s*(TRUE|FALSE)/i;
const WORD = /\b(TRUE|FALSE)\b/gi;

export type Verdict = "TRUE" | "FALSE" | null;

export function readJudgement(text: string): Verdict {
  const heading = HEADING.exec(text);
  const word = heading?.[1] ?? [...text.matchAll(WORD)].at(-1)?.[1];
  return word === undefined ? null : (word.toUpperCase() as "TRUE" | "FALSE");
}
