// Where a free-form answer sits in a response: after the last "Final answer:" / "Answer:", or on
// its last non-empty line. Both scans are linear.

// `.+` stops at the line end, so each line yields at most one match: the first label on it.
const FINAL_ANSWER = /(?:final\s+answer|answer)\s*[:：]\s*(.+)/gi;

/** The text after the last "Final answer:" or "Answer:" (either colon), without a closing period. */
export function finalAnswer(text: string): string | undefined {
  let last: string | undefined;
  for (const match of text.matchAll(FINAL_ANSWER)) last = match[1];
  if (last === undefined) return undefined;
  let answer = last.trim();
  if (answer.endsWith(".")) answer = answer.slice(0, -1).trim();
  let end = answer.length;
  while (end > 0 && answer[end - 1] === ".") end--;
  return answer.slice(0, end);
}

// The line boundaries Python's str.splitlines() knows.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

export function lastLine(text: string): string | undefined {
  const lines = text.split(LINE_BREAK);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line) return line;
  }
  return undefined;
}
