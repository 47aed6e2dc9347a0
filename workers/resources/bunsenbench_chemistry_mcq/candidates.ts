// Where a reply may state its choice, each with its position: answer-like XML tags (<choice>,
// <answer>, <response>, <final_answer>), \boxed{} contents, "Answer:" lines and inline labels,
// and phrases ("the correct answer is", "I choose"). The latest stated one that parses wins.
// Keywords are found by regex; what surrounds them is read by hand (linear on any reply).
import { blocks, outsideChoiceLists } from "./tags.ts";

export type Candidate = readonly [position: number, text: string];

const isSpace = (ch: string | undefined) => ch !== undefined && /[\s\x1c-\x1f\x85]/.test(ch);
const skipSpace = (text: string, at: number) => {
  while (at < text.length && isSpace(text[at])) at++;
  return at;
};

function tagCandidates(text: string): Candidate[] {
  const found = blocks(text, ["answer", "choice", "response", "final_answer", "final-answer"]);
  return outsideChoiceLists(text, found, "choice").map((b) => [b.start, b.content] as const);
}

/** Every `\boxed{...}` content, braces balanced (a backslash escapes the next character); an unbalanced one ends the search. */
function boxedCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  const boxed = /\\boxed\s*\{/g;
  for (let m = boxed.exec(text); m; m = boxed.exec(text)) {
    let depth = 1;
    let pos = m.index + m[0].length;
    const open = pos;
    while (pos < text.length && depth) {
      const ch = text[pos];
      if (ch === "\\") pos += 1;
      else if (ch === "{") depth++;
      else if (ch === "}") depth--;
      pos++;
    }
    if (depth !== 0) break;
    found.push([m.index, text.slice(open, pos - 1)]);
    boxed.lastIndex = pos;
  }
  return found;
}

// "answer" with optional bold around it, then a colon (spaces between allowed).
const LABEL = /(?:\*\*)?answer(?:\*\*)?[^\S\n]*/giu;

/** After the colon at `colon`: spaces and newlines skipped, then the rest of that line up to a line break; and where that ends. */
function afterColon(text: string, colon: number, breaks: RegExp): [answer: string, end: number] {
  const start = skipSpace(text, colon + 1);
  if (start === text.length) return ["", text.length];
  breaks.lastIndex = start + 1;
  const end = breaks.exec(text)?.index ?? text.length;
  return [text.slice(start, end), end];
}

const isBlank = (ch: string | undefined) => ch !== undefined && ch !== "\n" && isSpace(ch);

/**
 * The start of the line when only spacing, a list marker ("-", "*", "•", "1.", "2)") and spacing
 * stand before `at` on it; else -1. Read backwards from `at`, so linear however many labels a line holds.
 */
function lineStartBefore(text: string, at: number): number {
  let i = at;
  while (i > 0 && isBlank(text[i - 1])) i--;
  if (i > 0 && "-*•".includes(text[i - 1]!)) i--;
  else if (i > 1 && ".)".includes(text[i - 1]!) && /\d/.test(text[i - 2]!)) {
    i--;
    while (i > 0 && /\d/.test(text[i - 1]!)) i--;
  }
  while (i > 0 && isBlank(text[i - 1])) i--;
  return i === 0 || text[i - 1] === "\n" ? i : -1;
}

/**
 * "Answer: X" on a line of its own (a list marker and bold allowed before it; the match starts at
 * the line's start) and "Answer: X" anywhere (the match starts at the label). A label whose line
 * holds no answer reads the next line with text on it.
 */
function labelCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  // Where the last match of each form ended: matches of one form do not overlap.
  let lineFrom = 0;
  let inlineFrom = 0;
  for (const m of text.matchAll(LABEL)) {
    const colon = skipSpace(text, m.index + m[0].length);
    if (text[colon] !== ":") continue;
    const lineStart = lineStartBefore(text, m.index);
    if (lineStart !== -1 && lineStart >= lineFrom) {
      const [answer, end] = afterColon(text, colon, /\n/g);
      found.push([lineStart, answer.trim()]);
      lineFrom = end;
    }
    if (m.index >= inlineFrom) {
      const [answer, end] = afterColon(text, colon, /[\r\n]/g);
      found.push([m.index, answer]);
      inlineFrom = end;
    }
  }
  return found;
}

const PHRASE = /the\s+(?:correct\s+)?answer\s+is|my\s+answer\s+is|i\s+(?:choose|select)/giu;

function phraseCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  let from = 0;
  for (const m of text.matchAll(PHRASE)) {
    const end = m.index + m[0].length;
    if (m.index < from || !isSpace(text[end])) continue;
    const [answer, answerEnd] = afterColon(text, end - 1, /\n/g);
    found.push([m.index, answer]);
    from = answerEnd;
  }
  return found;
}

export function answerCandidates(text: string): Candidate[] {
  return [...tagCandidates(text), ...boxedCandidates(text), ...labelCandidates(text), ...phraseCandidates(text)];
}
