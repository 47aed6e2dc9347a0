// The reference's fmt_00..fmt_30 answer wrappers, found as Python's re.findall finds them (last
// match wins), by literal scans instead of regexes so a long reply costs linear time: a lazy
// `(.+?)` before a closing literal is quadratic in a backtracking engine once the close is missing
// or a whitespace run precedes it.
import { isPySpace } from "../../../shared/verifiers/python_str.ts";

interface Delimited {
  kind: "delimited";
  /** The opening literal, and a second one after optional whitespace (`Final Answer:\s*\|\|`). */
  lead: string;
  mid?: string;
  /** Whether `\s*` follows the opening (then a whitespace-only capture can still match at the close). */
  space: boolean;
  /** `.*?` (0) or `.+?` (1). */
  min: 0 | 1;
  close: string;
}

/** `LEAD\s*(.+)` without DOTALL: the rest of the line after the whitespace (which may span lines). */
interface OpenEnded {
  kind: "line";
  lead: string;
  mid?: string;
}

type Format = Delimited | OpenEnded;

const d = (lead: string, close: string, space = false, mid?: string, min: 0 | 1 = 1): Delimited => ({ kind: "delimited", lead, mid, space, min, close });
const line = (lead: string, mid?: string): OpenEnded => ({ kind: "line", lead, mid });

const FORMATS = {
  fmt_00: d("((", "))", false, undefined, 0),
  fmt_01: d("(Answer:", ")", true),
  fmt_02: d("Final answer:", ")", false, "("),
  fmt_03: d("Answer is", "]", false, "["),
  fmt_04: d("[Answer:", "]", true),
  fmt_05: d("[[", "]]"),
  fmt_06: d("Correct Answer:", "]", false, "["),
  fmt_07: d("\\boxed{", "}"),
  fmt_08: d("\\boxed{", "}"),
  fmt_09: d("{{", "}}"),
  fmt_10: d("Answer Value:", "}", false, "{"),
  fmt_11: d("<<", ">>"),
  fmt_12: d("<<", ">>"),
  fmt_13: d("<", ">"),
  fmt_14: d("<Answer:", ">", true),
  // The trailing `\s*` before the close changes nothing once the capture is stripped.
  fmt_15: d("<final_answer>", "</final_answer>", true),
  fmt_16: d("Final Answer:", "||", false, "||"),
  fmt_17: d("The answer is:", "|", false, "|"),
  fmt_18: d("**Answer:", "**", true),
  fmt_19: d("**Final answer is:", "**", true),
  fmt_20: d("Answer:", "*", false, "*"),
  fmt_21: d("## Answer:", "##", true),
  fmt_22: line("ANSWER IS"),
  fmt_23: line("Response:"),
  fmt_24: line("Final Answer", "->"),
  fmt_25: line("Final value is:"),
  fmt_26: line("Correct Answer >>"),
  fmt_27: line("Answer Value:"),
  fmt_28: line("Final Answer", "="),
  fmt_29: line("Correct answer is"),
  fmt_30: line("Final Answer:"),
} satisfies Record<string, Format>;

export type AnswerFormat = keyof typeof FORMATS;
export const ANSWER_FORMATS = Object.keys(FORMATS) as [AnswerFormat, ...AnswerFormat[]];

function skipSpace(text: string, at: number): number {
  while (at < text.length && isPySpace(text[at]!)) at++;
  return at;
}

/** Where the opening (lead, whitespace, mid) found at `at` ends, or -1 when the mid does not follow. */
function openingEnd(text: string, at: number, format: Format): number {
  const end = at + format.lead.length;
  if (format.mid === undefined) return end;
  const mid = skipSpace(text, end);
  return text.startsWith(format.mid, mid) ? mid + format.mid.length : -1;
}

function lastDelimited(text: string, f: Delimited): string | null {
  let last: string | null = null;
  let pos = 0;
  for (;;) {
    const at = text.indexOf(f.lead, pos);
    if (at < 0) return last;
    const open = openingEnd(text, at, f);
    if (open < 0) {
      pos = at + 1;
      continue;
    }
    const start = f.space ? skipSpace(text, open) : open;
    const close = text.indexOf(f.close, start + f.min);
    if (close >= 0) {
      last = text.slice(start, close);
      pos = close + f.close.length;
      continue;
    }
    // Backtracking gives the opening's last whitespace character to the capture.
    if (start > open && text.startsWith(f.close, start)) {
      last = text.slice(start - 1, start);
      pos = start + f.close.length;
      continue;
    }
    // No close after this opening means none after any later one either.
    return last;
  }
}

function lastLine(text: string, f: OpenEnded): string | null {
  let last: string | null = null;
  let pos = 0;
  for (;;) {
    const at = text.indexOf(f.lead, pos);
    if (at < 0) return last;
    const open = openingEnd(text, at, f);
    if (open < 0) {
      pos = at + 1;
      continue;
    }
    const start = skipSpace(text, open);
    // The reply is stripped before this, so only an opening at its very end has nothing after it.
    if (start === text.length) return last;
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    last = text.slice(start, end);
    pos = end;
  }
}

/** The last capture of the named format in `text` (a stripped reply; the capture is not yet stripped), or null. */
export function lastFormatCapture(text: string, name: AnswerFormat): string | null {
  const f: Format = FORMATS[name];
  return f.kind === "delimited" ? lastDelimited(text, f) : lastLine(text, f);
}
