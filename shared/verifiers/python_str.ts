// Python's str whitespace and int() rules, for verifiers whose reference splits, strips and parses
// text with them. Python's whitespace (str.isspace, and `\s` in its regexes) is JavaScript's `\s`
// without U+FEFF, plus U+001C..U+001F and U+0085.
export const PY_SPACE = "\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const SPACE_CODES = new Set([0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);

/** Whether a UTF-16 unit is Python whitespace (all of it lies in the BMP); a lookup, no regex, as replies run to megabytes. */
function isSpace(unit: number): boolean {
  return (unit >= 0x09 && unit <= 0x0d) || (unit >= 0x1c && unit <= 0x20) || (unit >= 0x2000 && unit <= 0x200a) || SPACE_CODES.has(unit);
}

/** Whether a character (one code unit or point) is Python whitespace. */
export const isPySpace = (char: string): boolean => char.length === 1 && isSpace(char.charCodeAt(0));

/** str.strip() with no arguments. */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** str.rstrip() with no argument. */
export function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(0, end);
}

/** The last item of str.split() (runs of whitespace separate words); undefined for blank text. */
export function pyLastWord(text: string): string | undefined {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  if (end === 0) return undefined;
  let start = end;
  while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
  return text.slice(start, end);
}

const RUNS = new RegExp(`[${PY_SPACE}]+`, "g");

/** str.split() with no arguments: the words between runs of whitespace. */
export const pySplit = (text: string): string[] => text.split(RUNS).filter(Boolean);

/** Runs of Python whitespace as one space (`re.sub(r"\s+", " ", text)`). */
export const collapsePySpace = (text: string): string => text.replace(RUNS, " ");

/** Python's len(): code points, not UTF-16 units. */
export function pyLen(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** text[:n] in code points. */
export const pyPrefix = (text: string, n: number): string => Array.from(text).slice(0, n).join("");

// int(text) in base 10: whitespace around, a sign, and digits of any script (Unicode Nd) with
// single underscores between them. Its whitespace is str's less U+001C..U+001F (CPython passes
// ASCII characters through unchanged and then skips only ASCII whitespace).
const INT_SPACE = PY_SPACE.replace("\\x1c-\\x1f", "");
const INT = new RegExp(`^[${INT_SPACE}]*([+-]?)(\\p{Nd}(?:_?\\p{Nd})*)[${INT_SPACE}]*$`, "u");
const DIGIT = /^\p{Nd}$/u;

/** The value of an Nd digit: Unicode lays decimal digits out in runs of whole 0..9 blocks. */
function digitValue(cp: number): number {
  let below = 0;
  while (below < 60 && DIGIT.test(String.fromCodePoint(cp - below - 1))) below++;
  return below % 10;
}

// Python (3.11+) refuses to convert more digits than this by default (sys.set_int_max_str_digits).
const MAX_DIGITS = 4300;

/** The value int(text) would give, as a bigint; undefined where it would raise ValueError. */
export function pythonInt(text: string): bigint | undefined {
  const match = INT.exec(text);
  if (!match) return undefined;
  const digits: number[] = [];
  for (const ch of match[2]!) {
    if (ch === "_") continue;
    if (digits.length === MAX_DIGITS) return undefined;
    digits.push(digitValue(ch.codePointAt(0)!));
  }
  const value = BigInt(digits.join(""));
  return match[1] === "-" ? -value : value;
}
