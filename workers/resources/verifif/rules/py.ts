// Python's str and re semantics the reference's validators lean on, written so they scan a reply
// once: str.isupper()/islower()/isalpha() on Unicode, `\w` and `\b` as Python's Unicode re reads
// them (JavaScript's are ASCII), multiline `^\s*X` patterns without a rescan per blank line, and
// the repr() of the values the reference interpolates into its messages.
import { isPySpace, PY_SPACE, pyStrip, pySplit } from "../../../../shared/verifiers/python_str.ts";
import { pyFloatRepr } from "../../../../shared/verifiers/python_float_repr.ts";

export { isPySpace, PY_SPACE, pyStrip, pySplit };

/** Python's `\w` in a str pattern: letters, numbers (Nd, Nl, No) and the underscore. */
export const W = "\\p{L}\\p{N}_";
/** Python's `\s`. */
export const S = PY_SPACE;
/** Python's `\b`: a change between `\w` and not. */
export const B = `(?:(?<=[${W}])(?![${W}])|(?<![${W}])(?=[${W}]))`;

/** string.punctuation. */
export const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

const CASED_LOWER = /[\p{Lowercase}\p{Lt}]/u;
const UPPER = /\p{Uppercase}/u;
const LOWER = /\p{Lowercase}/u;
const UPPER_OR_TITLE = /[\p{Uppercase}\p{Lt}]/u;

/** str.isupper(): some cased character, and none lower or title case. */
export const isUpper = (text: string): boolean => UPPER.test(text) && !CASED_LOWER.test(text);
/** str.islower(): some cased character, and none upper or title case. */
export const isLower = (text: string): boolean => LOWER.test(text) && !UPPER_OR_TITLE.test(text);
/** One character's isupper()/islower(). */
export const charUpper = (ch: string): boolean => {
  const c = ch.length === 1 ? ch.charCodeAt(0) : 128;
  return c < 128 ? c >= 65 && c <= 90 : UPPER.test(ch);
};
export const charLower = (ch: string): boolean => {
  const c = ch.length === 1 ? ch.charCodeAt(0) : 128;
  return c < 128 ? c >= 97 && c <= 122 : LOWER.test(ch);
};

const ALPHA_CHAR = /^\p{L}$/u;
const ALPHA_ALL = /^\p{L}+$/u;
const DIGIT_CHAR = /^[\p{Nd}\u00b2\u00b3\u00b9\u2070-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247c\u2488-\u2490]$/u;
const ALNUM_CHAR = /^[\p{L}\p{N}]$/u;

// One-character predicates, ASCII answered without a regex (replies run to hundreds of kilobytes).
const ascii = (ch: string): number => (ch.length === 1 ? ch.charCodeAt(0) : 128);
const isAsciiUpper = (c: number) => c >= 65 && c <= 90;
const isAsciiLower = (c: number) => c >= 97 && c <= 122;
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;

export const isAlphaChar = (ch: string): boolean => {
  const c = ascii(ch);
  return c < 128 ? isAsciiUpper(c) || isAsciiLower(c) : ALPHA_CHAR.test(ch);
};
/** str.isalpha(): non-empty, letters only. */
export const isAlpha = (text: string): boolean => ALPHA_ALL.test(text);
export const isDigitChar = (ch: string): boolean => {
  const c = ascii(ch);
  return c < 128 ? isAsciiDigit(c) : DIGIT_CHAR.test(ch);
};
export const isAlnumChar = (ch: string): boolean => {
  const c = ascii(ch);
  return c < 128 ? isAsciiUpper(c) || isAsciiLower(c) || isAsciiDigit(c) : ALNUM_CHAR.test(ch);
};

/** str.casefold(), near enough: full folding of ß, ς and ligatures through upper case. */
export const casefold = (text: string): string => text.toUpperCase().toLowerCase();

/** Code points, as Python indexes a str. */
export const chars = (text: string): string[] => Array.from(text);
export const pyLength = (text: string): number => {
  if (text.length < 2) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
};
/** text[::-1] by code points. */
export const reversed = (text: string): string => (text.length < 2 ? text : chars(text).reverse().join(""));

/** len(text.split()): the words between runs of whitespace, counted without splitting. */
export function pyWordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isPySpace(text[i]!);
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** str.strip(chars) / lstrip / rstrip with an explicit set (of code points). */
const memberSets = new Map<string, Set<string>>();

export function stripChars(text: string, set: string, side: "both" | "left" | "right" = "both"): string {
  let members = memberSets.get(set);
  if (!members) memberSets.set(set, (members = new Set(Array.from(set))));
  let start = 0;
  let end = text.length;
  if (side !== "right") {
    while (start < end) {
      const ch = String.fromCodePoint(text.codePointAt(start)!);
      if (!members.has(ch)) break;
      start += ch.length;
    }
  }
  if (side !== "left") {
    while (end > start) {
      const low = text.charCodeAt(end - 1);
      const width = low >= 0xdc00 && low <= 0xdfff && end - 2 >= start ? 2 : 1;
      if (!members.has(text.slice(end - width, end))) break;
      end -= width;
    }
  }
  return text.slice(start, end);
}

/** str.lstrip() / rstrip() with no arguments. */
export const lstrip = (text: string): string => {
  let start = 0;
  while (start < text.length && isPySpace(text[start]!)) start++;
  return text.slice(start);
};
export const rstrip = (text: string): string => {
  let end = text.length;
  while (end > 0 && isPySpace(text[end - 1]!)) end--;
  return text.slice(0, end);
};

/** str.splitlines(). */
export const splitlines = (text: string): string[] => {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/u);
  if (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines;
};

/** repr() of a str. */
export function reprStr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of text) {
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (/[\p{Cc}]/u.test(ch)) out += `\\x${ch.codePointAt(0)!.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

/** repr() of a JSON value as Python prints the list or scalar it was loaded as. */
export function repr(value: unknown): string {
  if (typeof value === "string") return reprStr(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(", ")}]`;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return pyNumber(value);
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${reprStr(k)}: ${repr(v)}`).join(", ")}}`;
}

/** str() of a Python value as a JSON row carries it (f-string interpolation). */
export const str = (value: unknown): string => (typeof value === "string" ? value : repr(value));

/** How Python prints a float or int that came from JSON (an integral value from a JSON float keeps ".0" only if it was written so; we print ints). */
export function pyNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return pyFloatRepr(value);
}

/** A Python-side failure inside a validator: the reference catches it and reports "Validation error: <message>". */
export class PyError extends Error {}

/**
 * `re.sub(r"^\s*" + tail, "", text, flags=re.M)` and its finditer, in one pass: a match starts at a
 * line start, its `\s*` runs over blank lines to the first other character (`tail` starts with no
 * whitespace and matches no empty string, so the run is taken whole), where `tail` (sticky) must
 * match. A failed attempt is not retried from the line starts the same run covers.
 */
export function* multilineMatches(text: string, tail: RegExp): Generator<{ start: number; runEnd: number; end: number; match: RegExpExecArray }> {
  let at = 0;
  while (at <= text.length) {
    let runEnd = at;
    while (runEnd < text.length && isSpaceUnit(text.charCodeAt(runEnd))) runEnd++;
    tail.lastIndex = runEnd;
    const match = tail.exec(text);
    if (match) {
      const end = runEnd + match[0].length;
      yield { start: at, runEnd, end, match };
      at = end > 0 && text[end - 1] === "\n" ? end : nextLineStart(text, end);
    } else {
      at = nextLineStart(text, runEnd);
    }
  }
}

const isSpaceUnit = (unit: number): boolean => isPySpace(String.fromCharCode(unit));

/** The line start after the first newline at or after `from` (past the end when there is none). */
function nextLineStart(text: string, from: number): number {
  const newline = text.indexOf("\n", from);
  return newline === -1 ? text.length + 1 : newline + 1;
}

/** `re.sub(r"^\s*" + tail, replacement, text, flags=re.M)`. */
export function multilineSub(text: string, tail: RegExp, replacement = ""): string {
  let out = "";
  let kept = 0;
  for (const m of multilineMatches(text, tail)) {
    out += text.slice(kept, m.start) + replacement;
    kept = m.end;
  }
  return out + text.slice(kept);
}

export const multilineCount = (text: string, tail: RegExp): number => {
  let n = 0;
  for (const _ of multilineMatches(text, tail)) n++;
  return n;
};

const BLANK_LINE = new RegExp(`^[${S}]*$`, "u");
const tableRows = new Map<string, RegExp>();
/** A table row: a line whose first character past its indentation is a pipe, with another pipe after it. */
function tableRow(pipes: string): RegExp {
  let row = tableRows.get(pipes);
  if (!row) tableRows.set(pipes, (row = new RegExp(`^[${S}]*[${pipes}][^\\n]*[${pipes}]`, "u")));
  return row;
}

/**
 * `re.sub(r"(?:^\s*\|.*\|.*\n){2,}", "", text, flags=re.M)` (markdown tables out; `pipes` the
 * characters a module reads as "|"): from a line start, blank lines and then a row, two or more
 * times, each row ending in a newline. The blank lines before the first row go with it.
 */
export function withoutTables(text: string, pipes = "|"): string {
  if (![...pipes].some((p) => text.includes(p))) return text;
  const row = tableRow(pipes);
  const lines = text.split("\n");
  const n = lines.length;
  let out = "";
  let kept = 0;
  let i = 0;
  while (i < n) {
    let k = i;
    let units = 0;
    let j = i;
    for (;;) {
      j = k;
      while (j < n - 1 && BLANK_LINE.test(lines[j]!)) j++;
      if (j < n - 1 && row.test(lines[j]!)) {
        units++;
        k = j + 1;
      } else break;
    }
    if (units >= 2) {
      for (let l = kept; l < i; l++) out += `${lines[l]}\n`;
      kept = k;
      i = k;
    } else {
      i = Math.max(j + 1, i + 1);
    }
  }
  return out + lines.slice(kept).join("\n");
}
