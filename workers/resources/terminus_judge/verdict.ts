// Reading terminus_judge's verdict as the reference reads it: in the reply's last 200 characters
// the label written last counts; failing that, the label written first in the whole reply. No
// label is no verdict, which the server scores (judge_parsing_failed), not a failed judge.

export interface Labels {
  equal: string;
  notEqual: string;
}

export interface Verdict {
  equal: boolean;
  /** The label read, null when there is none. */
  label: string | null;
}

const TAIL = 200;

export function readVerdict(text: string, labels: Labels): Verdict {
  const points = Array.from(text);
  const tail = points.length > TAIL ? points.slice(-TAIL).join("") : text;
  const [eqLast, neqLast] = [tail.lastIndexOf(labels.equal), tail.lastIndexOf(labels.notEqual)];
  if (eqLast >= 0 || neqLast >= 0) return eqLast > neqLast ? { equal: true, label: labels.equal } : { equal: false, label: labels.notEqual };
  const [eqFirst, neqFirst] = [text.indexOf(labels.equal), text.indexOf(labels.notEqual)];
  if (eqFirst >= 0 && (neqFirst < 0 || eqFirst < neqFirst)) return { equal: true, label: labels.equal };
  if (neqFirst >= 0) return { equal: false, label: labels.notEqual };
  return { equal: false, label: null };
}
