// Python's string primitives as IFBench's checks use them: `str.split()` and `str.strip()` on
// Python's whitespace, `string.punctuation` (ASCII only), `translate` deleting it, and lengths and
// first letters in code points (Python indexes code points, JavaScript UTF-16 units).

/** The characters `str.isspace()` accepts (JavaScript's \s lacks \x1c-\x1f and \x85, and adds \ufeff). */
const SPACE_CLASS = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
export const PY_SPACE = new RegExp(`[${SPACE_CLASS}]`, "u");
const SPACE_RUN = new RegExp(`[${SPACE_CLASS}]+`, "u");
const LEADING_SPACE = new RegExp(`^[${SPACE_CLASS}]+`, "u");

/** `string.punctuation`. */
export const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const PUNCTUATION_RUN = /[!-/:-@[-`{-~]+/g;

/** `text.split()`: the runs between whitespace, none empty. */
export function split(text: string): string[] {
  return text.split(SPACE_RUN).filter((piece) => piece !== "");
}

/** `text.strip()`: whitespace off both ends. The end is trimmed by a backwards scan, so a long inner run costs nothing. */
export function strip(text: string): string {
  return rstrip(text.replace(LEADING_SPACE, ""));
}

export function rstrip(text: string): string {
  let end = text.length;
  while (end > 0 && PY_SPACE.test(text[end - 1]!)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text.strip(chars)`, `text.lstrip(chars)`, `text.rstrip(chars)` for a set of BMP characters. */
export function stripChars(text: string, chars: string, left = true, right = true): string {
  let start = 0;
  let end = text.length;
  if (left) while (start < end && chars.includes(text[start]!)) start++;
  if (right) while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** IFBench's usual word trim: `word.strip(string.punctuation + ' ')`. */
export const PUNCTUATION_AND_SPACE = `${PUNCTUATION} `;
export const trimPunctuation = (word: string): string => stripChars(word, PUNCTUATION_AND_SPACE);

/** `text.translate(str.maketrans('', '', string.punctuation))`. */
export const withoutPunctuation = (text: string): string => text.replace(PUNCTUATION_RUN, "");

/** `text.lower()`. */
export const lower = (text: string): string => text.toLowerCase();

/** `len(text)`: code points. */
export function length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 >= text.length) n++;
    else {
      const next = text.charCodeAt(i + 1);
      n++;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return n;
}

/** `text[0]` (a whole code point); "" for "". */
export const first = (text: string): string => (text === "" ? "" : String.fromCodePoint(text.codePointAt(0)!));

/** Code points in order (`list(text)`). */
export const codePoints = (text: string): string[] => Array.from(text);
