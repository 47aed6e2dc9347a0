// The answer a SpartQA reply gives: reasoning blocks dropped, then the last labelled answer
// ("Final answer: ...", "Selected answer: ...", "Answer: ...", "the answer is ..."), else the
// reply's first meaningful line. Every scan is linear: labels are found by fixed keywords and
// their surroundings are read by hand, because the label patterns as regexes (whitespace runs
// on both sides of optional parts, anchored at every line) backtrack quadratically.

/** Python's str.isspace for the characters a reply holds. */
const isSpace = (ch: string | undefined) => ch !== undefined && /[\s\x1c-\x1f\x85]/.test(ch);

/** Python's str.strip(), and strip(chars). */
export function strip(s: string, chars?: string): string {
  const drop = chars === undefined ? isSpace : (ch: string) => chars.includes(ch);
  let start = 0;
  let end = s.length;
  while (start < end && drop(s[start]!)) start++;
  while (end > start && drop(s[end - 1]!)) end--;
  return s.slice(start, end);
}

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** Lower-cased, ASCII punctuation removed, whitespace collapsed. */
export const normalize = (text: string) => strip(text).toLowerCase().replace(PUNCTUATION, "").split(/[\s\x1c-\x1f\x85]+/).filter(Boolean).join(" ");

/** Every block from an opening tag to the first closing tag after it removed (case-insensitive); an unclosed opening tag stays. */
function withoutBlocks(text: string, open: RegExp, close: RegExp): string {
  let kept = "";
  let from = 0;
  for (;;) {
    open.lastIndex = from;
    const start = open.exec(text);
    if (start) close.lastIndex = start.index + start[0].length;
    const end = start ? close.exec(text) : null;
    if (!start || !end) return kept + text.slice(from);
    kept += text.slice(from, start.index);
    from = end.index + end[0].length;
  }
}

const stripReasoning = (text: string) =>
  strip(withoutBlocks(withoutBlocks(text, /<think>/giu, /<\/think>/giu), /<\|channel>thought/giu, /<channel\|>/giu));

const lineEnd = (text: string, at: number) => {
  const end = text.indexOf("\n", at);
  return end === -1 ? text.length : end;
};

const skipSpace = (text: string, at: number) => {
  while (at < text.length && isSpace(text[at])) at++;
  return at;
};

/** An answer a label captured, stripped, and where the label's match ends. */
interface Found {
  answer: string;
  end: number;
}

/** What `\s*(.+)` captures after `at`: the rest of the first line with text on it ("" when none). */
function restOfLine(text: string, at: number): Found {
  const start = skipSpace(text, at);
  if (start === text.length) return { answer: "", end: text.length };
  const end = lineEnd(text, start);
  return { answer: strip(text.slice(start, end)), end };
}

/** What `\s*[:\-]?\s*(.+)` captures after `at`. */
function afterOptionalColon(text: string, at: number): Found {
  const a = skipSpace(text, at);
  if (a === text.length || !":-".includes(text[a]!)) return restOfLine(text, at);
  const found = restOfLine(text, a + 1);
  // Nothing follows the colon: the regex captures trailing spaces of its line, or, when only
  // newlines follow, the colon itself.
  if (found.answer || !/^\n*$/.test(text.slice(a + 1))) return found;
  return { answer: text[a]!, end: lineEnd(text, a) };
}

const PREFIX = new Set([..."*_`#>-"]);
const SEPARATOR = new Set([..."*_`"]);

/**
 * A label at the start of a line (markdown and spaces before it allowed): the keyword, " is"
 * optionally, markdown, then ":" or "-", then the answer. Returns the stripped answer or
 * undefined when the keyword at `at` is not such a label.
 */
function lineLabel(text: string, at: number, keywordEnd: number, from: number): Found | undefined {
  // Back over the markdown and spaces before the keyword: a newline among them (or the text's start) anchors it.
  let r = at;
  let anchored = false;
  while (r > from && (PREFIX.has(text[r - 1]!) || isSpace(text[r - 1]))) if (text[--r] === "\n") anchored = true;
  if (!anchored && r !== 0) return undefined;
  const separated = (i: number) => {
    while (i < text.length && (SEPARATOR.has(text[i]!) || isSpace(text[i]))) i++;
    return i < text.length && ":-".includes(text[i]!) ? i + 1 : undefined;
  };
  const is = /^[\s\x1c-\x1f\x85]+is/iu.exec(text.slice(keywordEnd, skipSpace(text, keywordEnd) + 2));
  const colon = (is ? separated(keywordEnd + is[0].length) : undefined) ?? separated(keywordEnd);
  return colon === undefined ? undefined : restOfLine(text, colon);
}

const SPACE = "[\\s\\x1c-\\x1f\\x85]+";
const WORD_BEFORE = "(?<![\\p{L}\\p{N}_])";
const LINE_LABELS = [`final${SPACE}answer`, `selected${SPACE}answer`, "answer"].map((k) => new RegExp(k, "giu"));
// "the answer is", "final answer would be", "selected option is": the answer follows on the line.
const PHRASES = [
  new RegExp(`${WORD_BEFORE}answer${SPACE}(?:is|would${SPACE}be|should${SPACE}be)`, "giu"),
  new RegExp(`${WORD_BEFORE}selected${SPACE}(?:option|answer)${SPACE}(?:is|would${SPACE}be)`, "giu"),
];

type Finder = (text: string) => string[];

/** The answers of a label's matches, left to right and not overlapping, as a regex scan finds them. */
const finder = (keyword: RegExp, read: (text: string, at: number, end: number, from: number) => Found | undefined): Finder => (text) => {
  const answers: string[] = [];
  let from = 0;
  for (const m of text.matchAll(keyword)) {
    if (m.index < from) continue;
    const found = read(text, m.index, m.index + m[0].length, from);
    if (found === undefined) continue;
    answers.push(found.answer);
    from = found.end;
  }
  return answers;
};

const FINDERS: Finder[] = [
  ...LINE_LABELS.map((label) => finder(label, lineLabel)),
  ...PHRASES.map((phrase) => finder(phrase, (text, _at, end) => afterOptionalColon(text, end))),
];

/** Python's str.splitlines(). */
const splitLines = (text: string) => text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);

/** A line without list markers, surrounding asterisks, think tags or quotes. */
function cleanLine(line: string): string {
  let text = strip(line).replace(/^[-*•\s]+/u, "").replace(/^\*+/, "");
  let end = text.length;
  while (end > 0 && text[end - 1] === "*") end--;
  text = strip(text.slice(0, end));
  return strip(strip(text.replace(/<\/?think>/giu, "")), "\"'` ");
}

const REASONING_OPENERS = ["thinking process", "analysis", "the user wants", "we need"];

export function extractAnswer(reply: string): string {
  let text = stripReasoning(reply);
  let extracted: string | undefined;
  for (const find of FINDERS) {
    // The prompt's own "Final answer: <candidate answer>" echoed back is not an answer.
    extracted = find(text).filter((answer) => answer && normalize(answer) !== "candidate answer").at(-1);
    if (extracted !== undefined) break;
  }
  if (extracted !== undefined) text = extracted;
  const lines = splitLines(text)
    .filter((line) => strip(line))
    .map(cleanLine)
    .filter((line) => line && !["final answer", "answer"].includes(normalize(line)));
  if (lines.length === 0) return "";
  if (extracted === undefined && lines.length > 1 && REASONING_OPENERS.some((p) => normalize(lines[0]!).startsWith(p))) return lines.at(-1)!;
  return lines[0]!;
}
