// The verdict of a "Judgement: Yes/No" line (the format of NeMo Skills' answer-judgement metrics):
// the first "Judgement:" label, in any case and optionally in ** bold, then the text after it,
// trimmed and stripped of leading asterisks, must start with "yes" or "no" in any case.
import { PY_SPACE, pyStrip } from "../../../shared/verifiers/python_str.ts";

const LABEL = new RegExp(`\\*{0,2}Judgement\\*{0,2}[${PY_SPACE}]*:`, "i");

/** true for Yes, false for No, null for no readable verdict (or no text). */
export function parseJudgement(text: string | null | undefined): boolean | null {
  if (!text) return null;
  const label = LABEL.exec(text);
  if (!label) return null;
  const verdict = pyStrip(pyStrip(text.slice(label.index + label[0].length)).replace(/^\**/, "")).slice(0, 3).toLowerCase();
  if (verdict.startsWith("yes")) return true;
  if (verdict.startsWith("no")) return false;
  return null;
}

export const verdictLabel = (verdict: boolean | null): "Yes" | "No" | null => (verdict === null ? null : verdict ? "Yes" : "No");

/** One-hot confusion counts of a prediction against the gold; all 0 when either is missing. */
export function confusion(predicted: boolean | null, gold: boolean | null): { tp: number; fp: number; fn: number; tn: number } {
  const both = predicted !== null && gold !== null;
  return {
    tp: Number(both && predicted && gold),
    fp: Number(both && predicted && !gold),
    fn: Number(both && !predicted && gold),
    tn: Number(both && !predicted && !gold),
  };
}
