// The reference's text helpers (clean sentences, paragraphs, lists, tables, counts), in their
// English form, each taking the language's own pieces where a language module swaps one in. All
// linear in the reply.
import { B, isPySpace, multilineCount, multilineMatches, multilineSub, pySplit, S, W, withoutTables } from "./py.ts";

export type Relation = "at least" | "equal to" | "less than";

export function checkRelation(count: number, relation: Relation, expected: number): boolean {
  if (relation === "at least") return count >= expected;
  if (relation === "equal to") return count === expected;
  return count < expected;
}

/** How a module writes markdown: its table pipes, the characters of a horizontal rule, its heading marks. */
export interface Markdown {
  pipes: string;
  ruleChars: string;
  headingMarks: string;
}
export const EN_MARKDOWN: Markdown = { pipes: "|", ruleChars: "*_\\-", headingMarks: "#" };

const ruleTails = new Map<string, RegExp>();
/** `^\s*([*_-])\s*\1\s*\1+\s*$` (re.M): a horizontal rule, its trailing `\s*` ending before a newline. */
function ruleTail(chars: string): RegExp {
  let tail = ruleTails.get(chars);
  if (!tail) ruleTails.set(chars, (tail = new RegExp(`([${chars}])[${S}]*\\1[${S}]*\\1+[${S}]*(?:(?=\\n)|$)`, "uy")));
  return tail;
}
const headingTails = new Map<string, RegExp>();
/** `^\s*#+\s+.*$` (re.M): a heading; its `\s+` may run over newlines. */
function headingTail(marks: string): RegExp {
  let tail = headingTails.get(marks);
  if (!tail) headingTails.set(marks, (tail = new RegExp(`[${marks}]+[${S}]+[^\\n]*`, "uy")));
  return tail;
}
/** `^\s*<<.*>>\s*$` (re.M): a title line. */
const TITLE_TAIL = new RegExp(`<<[^\\n]*>>[${S}]*(?:(?=\\n)|$)`, "uy");

const ruleMarks = new Map<string, RegExp>();
export function withoutRules(text: string, chars = EN_MARKDOWN.ruleChars): string {
  let mark = ruleMarks.get(chars);
  if (!mark) ruleMarks.set(chars, (mark = new RegExp(`[${chars}]`, "u")));
  return mark.test(text) ? multilineSub(text, ruleTail(chars)) : text;
}

/** The line-start markers (`^\s*(?:[\-\*\+]\s+|\d+\.\s+|#+\s+)`) a line loses before it is split into sentences. */
export const EN_MARKER = new RegExp(`(?:[-*+][${S}]+|\\p{Nd}+\\.[${S}]+|#+[${S}]+)`, "uy");

/** re.sub(marker, "", line) for one line: `^\s*` then the marker. */
export function stripMarker(line: string, marker: RegExp): string {
  let runEnd = 0;
  while (runEnd < line.length && isPySpace(line[runEnd]!)) runEnd++;
  // Every marker starts with a bullet, a digit or "#": other lines need no regex.
  const first = line.charCodeAt(runEnd);
  if (!(first === 45 || first === 42 || first === 43 || first === 35 || first > 47 && first < 58 || first > 127)) return line;
  marker.lastIndex = runEnd;
  const m = marker.exec(line);
  return m ? line.slice(runEnd + m[0].length) : line;
}

/**
 * extract_clean_sentences: tables and rules out, then each line without its list or heading marker
 * split by `split` into stripped, non-empty sentences.
 */
export function cleanSentences(text: string, split: (line: string) => string[], marker: RegExp = EN_MARKER, prepare: (text: string) => string = (t) => t, md: Markdown = EN_MARKDOWN): string[] {
  const cleaned = prepare(withoutRules(withoutTables(text, md.pipes), md.ruleChars));
  const sentences: string[] = [];
  for (let line of cleaned.split("\n")) {
    line = lstripPy(line);
    const rest = stripMarker(line, marker);
    if (!rest) continue;
    for (const part of split(rest)) {
      const s = stripPy(part);
      if (s) sentences.push(s);
    }
  }
  return sentences;
}

const lstripPy = (t: string): string => {
  let i = 0;
  while (i < t.length && isPySpace(t[i]!)) i++;
  return t.slice(i);
};
const stripPy = (t: string): string => {
  let i = 0;
  let j = t.length;
  while (i < j && isPySpace(t[i]!)) i++;
  while (j > i && isPySpace(t[j - 1]!)) j--;
  return t.slice(i, j);
};

/** re.split(f"[{delims}]+", line). */
export const splitOn = (delims: string) => {
  const re = new RegExp(`[${delims.replace(/[\]\\^-]/g, "\\$&")}]+`, "u");
  return (line: string): string[] => line.split(re);
};

/**
 * extract_clean_paragraphs: title lines, tables, headings and rules out (and, where a module says
 * so, list markers); the blocks between blank lines; those `keep` rejects dropped.
 */
export function cleanParagraphs(text: string, md: Markdown = EN_MARKDOWN, listMarker?: RegExp, keep?: RegExp): string[] {
  // Each pattern needs its mark somewhere in the text; without it the pass is skipped.
  let cleaned = text.includes("<<") ? multilineSub(text, TITLE_TAIL) : text;
  cleaned = withoutTables(cleaned, md.pipes);
  if ([...md.headingMarks].some((m) => cleaned.includes(m))) cleaned = multilineSub(cleaned, headingTail(md.headingMarks));
  cleaned = withoutRules(cleaned, md.ruleChars);
  if (listMarker) cleaned = multilineSub(cleaned, listMarker);
  const body = stripPy(cleaned);
  if (!body) return [];
  const paragraphs = body.split(new RegExp(`\\n[${S}]*\\n`, "u")).map(stripPy).filter(Boolean);
  return keep ? paragraphs.filter((p) => keep.test(p)) : paragraphs;
}

/** `^\s*\d+\.` (re.M) matches. */
export const countNumberedItems = (text: string, tail = /\p{Nd}+\./uy): number => multilineCount(text, tail);

/** `^[*-]\s` (re.M) matches: a line that starts with "*" or "-" and then whitespace (a newline too). */
export function countBulletPoints(text: string): number {
  let n = 0;
  for (let at = 0; at < text.length; ) {
    if ((text[at] === "*" || text[at] === "-") && at + 1 < text.length && isPySpace(text[at + 1]!)) n++;
    const newline = text.indexOf("\n", at);
    if (newline === -1) break;
    at = newline + 1;
  }
  return n;
}

/** `\[.*?\]` matches: a "[" closed by the first "]" on its line. */
export function countPlaceholders(text: string): number {
  let n = 0;
  let at = 0;
  // The next "]" and newline are each found once per occurrence, not once per "[" before them.
  let close = -1;
  let newline = -1;
  while (at < text.length) {
    const open = text.indexOf("[", at);
    if (open === -1) break;
    if (close <= open) close = text.indexOf("]", open + 1);
    if (close === -1) break;
    if (newline !== Infinity && newline <= open) newline = text.indexOf("\n", open + 1);
    if (newline === -1) newline = Infinity;
    if (newline < close) {
      at = newline + 1;
      continue;
    }
    n++;
    at = close + 1;
  }
  return n;
}

export const countAllCapsWords = (text: string, isUpper: (w: string) => boolean): number => pySplit(text).filter(isUpper).length;

/** One list the analysis found: its nesting level and item count. */
export interface ListFound {
  level: number;
  items: number;
}

/**
 * analyze_lists: every item (`^(\s*)MARKER[ \t]+(.*)`, re.M) read in order; deeper indentation opens
 * a nested list, shallower closes the lists above it. `indent` measures the item's indentation.
 */
export function analyzeLists(text: string, marker: RegExp, indent: (indentation: string) => number = (i) => stripNewlines(i).length): ListFound[] {
  const found: ListFound[] = [];
  const stack: { level: number; indent: number; items: number }[] = [];
  for (const m of multilineMatches(text, marker)) {
    const level = indent(text.slice(m.start, m.runEnd));
    while (stack.length && level < stack.at(-1)!.indent) found.push(stack.pop()!);
    if (!stack.length || level === stack.at(-1)!.indent) {
      if (!stack.length) stack.push({ level: 1, indent: level, items: 1 });
      else stack.at(-1)!.items++;
    } else if (level > stack.at(-1)!.indent) {
      stack.push({ level: stack.at(-1)!.level + 1, indent: level, items: 1 });
    }
  }
  found.push(...stack);
  return found.map(({ level, items }) => ({ level, items }));
}

/** str.strip("\n"). */
const stripNewlines = (t: string): string => t.replace(/^\n+/, "").replace(/\n+$/, "");

/** find_markdown_tables: a header row with "|", a divider of `|: -` with as many cells, then rows with "|". */
export function findMarkdownTables(text: string): { rows: number; columns: number }[] {
  const tables: { rows: number; columns: number }[] = [];
  const lines = stripPy(text).split("\n");
  let i = 0;
  const cells = (line: string) => line.split("|").map(stripPy).filter(Boolean).length;
  while (i < lines.length) {
    const line = stripPy(lines[i]!);
    if (!line.includes("|")) {
      i++;
      continue;
    }
    if (i + 1 >= lines.length) break;
    const divider = stripPy(lines[i + 1]!);
    if (!divider.includes("|") || !/^[\s|: -]+$/.test(divider)) {
      i++;
      continue;
    }
    const columns = cells(line);
    if (cells(divider) !== columns) {
      i++;
      continue;
    }
    let j = i + 2;
    while (j < lines.length && lines[j]!.includes("|")) j++;
    tables.push({ rows: j - i - 2, columns });
    i = j;
  }
  return tables;
}

/** English words (`\b(?:[a-zA-Z0-9'-]+(?:\.[a-zA-Z0-9'-]+)?)\b` on the lower-cased text, list numbers out). */
const EN_WORD = new RegExp(`${B}(?:[a-zA-Z0-9'-]+(?:\\.[a-zA-Z0-9'-]+)?)${B}`, "gu");
export const LIST_NUMBER = new RegExp(`\\p{Nd}+\\.[${S}]`, "uy");
const DIGIT = /\p{Nd}/u;
/** The text without its list numbers (`^\s*\d+\.\s`, re.M); a text without digits has none to lose. */
export const withoutListNumbers = (text: string, tail: RegExp = LIST_NUMBER): string => (DIGIT.test(text) ? multilineSub(text, tail) : text);
export const enWords = (text: string): string[] => withoutListNumbers(text).toLowerCase().match(EN_WORD) ?? [];

/** `[^\W_]+(?:['-][^\W_]+)*` (the generic strategy's tokeniser), list numbers out. */
const UNICODE_WORD = new RegExp(`[\\p{L}\\p{N}]+(?:['-][\\p{L}\\p{N}]+)*`, "gu");
export const unicodeWords = (text: string): string[] => withoutListNumbers(text).match(UNICODE_WORD) ?? [];

/** `[.!?]+` runs after line markers are taken off (find_punctuations). */
export function findPunctuations(text: string, marks: string, marker: RegExp = EN_MARKER): string[] {
  const cleaned = multilineSub(text, marker);
  const re = new RegExp(`[${marks.replace(/[\]\\^-]/g, "\\$&")}]+`, "gu");
  return cleaned.match(re) ?? [];
}

export { W };
