// multichallenge's verdict, read as the reference reads it: whichever of the yes and no labels the
// judge writes last; with neither, a plain YES or NO on its last line; with none of those, NO. That
// last case is the reference's score for an unreadable reply, so it is a verdict, flagged unreadable.
export type YesNo = "YES" | "NO";

export interface Verdict {
  verdict: YesNo;
  /** False when the reply held no label and no YES/NO on its last line (scored NO, as the reference does). */
  readable: boolean;
}

export function readVerdict(text: string, yesLabel: string, noLabel: string): Verdict {
  const yesAt = text.lastIndexOf(yesLabel);
  const noAt = text.lastIndexOf(noLabel);
  if (yesAt !== -1 || noAt !== -1) return { verdict: yesAt > noAt ? "YES" : "NO", readable: true };
  const lastLine = text.trim().split("\n").at(-1)!.trim().toUpperCase();
  if (lastLine.includes("YES")) return { verdict: "YES", readable: true };
  return { verdict: "NO", readable: lastLine.includes("NO") };
}

/** An item passes when the verdict is the one its pass_criteria asks for (NO for "no", YES otherwise). */
export const itemScore = (verdict: YesNo, passCriteria: string): number => (verdict === (passCriteria.toUpperCase() === "NO" ? "NO" : "YES") ? 1 : 0);
