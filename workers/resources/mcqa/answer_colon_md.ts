// lenient_answer_colon_md, NeMo Gym's markdown-aware "Answer:" mode: every "Answer:" payload
// (bold or underscored markers around the word and the colon allowed, to the end of its line) is
// read from the last to the first, and the first that names exactly one allowed letter wins. A
// payload listing distinct letters ("A/B", "A or B", "A, B") names none, so hedging earns nothing.
import { latinLetters } from "./letters.ts";

const PAYLOAD = /[*_]{0,2}Answer[*_]{0,2}\s*:[*_\s]{0,2}([^\n]+)/gi;
// Markdown and punctuation around the payload: "**B.**" is B. Trimmed by a scan, not a regex
// anchored at the end, which would rescan a long run of them from every position.
const EDGE = new Set([..."*_` \t\n\r.,;:"]);

function trimEdge(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && EDGE.has(s[start]!)) start++;
  while (end > start && EDGE.has(s[end - 1]!)) end--;
  return s.slice(start, end);
}
const CHOICE = /(?<![A-Za-z])[A-Za-z](?![A-Za-z])/g;
const LIST_SEPARATOR = /^(?:\s*[/|&,;]\s*|\s+(?:or|and)\s+|\s+)$/i;
// "B because C is wrong" is B: a leading letter not followed by a letter or digit.
const LEADING = /^([a-zA-Z])(?![a-zA-Z0-9])/;
// Else the last capital standing alone as a word ("$D$", "(D)"); words are Unicode, as Python's.
const STANDALONE = /(?<![\p{L}\p{N}_])[A-Z](?![\p{L}\p{N}_])/gu;

/** Whether two adjacent allowed letters differ and only a list separator stands between them. */
function listsChoices(text: string, letters: ReadonlySet<string>): boolean {
  const found = [...text.matchAll(CHOICE)].filter((m) => letters.has(m[0].toUpperCase()));
  return found.some((m, i) => {
    const next = found[i + 1];
    return next !== undefined && m[0].toUpperCase() !== next[0].toUpperCase() && LIST_SEPARATOR.test(text.slice(m.index + 1, next.index));
  });
}

/** The one allowed letter a payload names, or null. */
export function choiceLetter(payload: string, letters: ReadonlySet<string>): string | null {
  const candidate = trimEdge(latinLetters(payload));
  if (listsChoices(candidate, letters)) return null;
  const letter = [...candidate].length === 1 ? candidate : (LEADING.exec(candidate)?.[1] ?? [...candidate.matchAll(STANDALONE)].at(-1)?.[0]);
  const upper = letter?.toUpperCase();
  return upper !== undefined && letters.has(upper) ? upper : null;
}

export function answerColonMdLetter(text: string, letters: ReadonlySet<string>): string | null {
  const payloads = [...text.matchAll(PAYLOAD)].map((m) => m[1]!);
  for (const payload of payloads.reverse()) {
    const letter = choiceLetter(payload, letters);
    if (letter !== null) return letter;
  }
  return null;
}
