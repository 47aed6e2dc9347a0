// The count a reply gives: the digits of its first \boxed{N} (digits of any script, as Python's
// `\d` matches them and int() reads them), as an exact integer. Found with indexOf and a scan of
// the digits after each "\boxed{", so a long reply costs one pass.
import { pythonInt } from "../../../shared/verifiers/python_str.ts";

const OPEN = "\\boxed{";
const DIGIT = /\p{Nd}/u;

/** The end of the run of digits starting at `start` (code points: some scripts' digits lie past the BMP). */
function digitsEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length) {
    const char = String.fromCodePoint(text.codePointAt(end)!);
    if (!DIGIT.test(char)) break;
    end += char.length;
  }
  return end;
}

/** N of the first \boxed{N} whose braces hold digits only; undefined when there is none (or Python could not read N). */
export function boxedCount(text: string): bigint | undefined {
  for (let at = text.indexOf(OPEN); at !== -1; at = text.indexOf(OPEN, at + 1)) {
    const start = at + OPEN.length;
    const end = digitsEnd(text, start);
    if (end > start && text[end] === "}") return pythonInt(text.slice(start, end));
  }
  return undefined;
}
