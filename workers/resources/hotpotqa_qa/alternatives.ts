// The ground truth's surface forms a reply may use (articles, quotes and parentheses dropped,
// number words as digits and back, thousands commas, abbreviation dots, hyphens, & for "and"),
// whether the ground truth is too unreliable to grade by substring (over 40 characters, or a
// multi-word proper name), and the two substring matches over those forms.
import { collapsePySpace, pyLen, pySplit, pyStrip } from "../../../shared/verifiers/python_str.ts";

const NUMBER_WORDS: Record<string, string> = {
  one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10",
  eleven: "11", twelve: "12", thirteen: "13", fourteen: "14", fifteen: "15", sixteen: "16", seventeen: "17",
  eighteen: "18", nineteen: "19", twenty: "20", first: "1st", second: "2nd", third: "3rd", fourth: "4th",
  fifth: "5th", nineteenth: "19th", twentieth: "20th", "twenty-first": "21st",
};
const NUMBER_DIGITS = Object.fromEntries(Object.entries(NUMBER_WORDS).map(([word, digit]) => [digit, word]));
const has = (table: Record<string, string>, key: string) => Object.hasOwn(table, key);

const MAX_GT_LENGTH = 40;
const MIN_ALT_LENGTH = 3;
const ARTICLES = ["the ", "a ", "an "];
const STOPWORDS = new Set(
  "the a an of in on at for and or to by is was are were be been with from that this it its his her my our their no not but if as into about than then".split(" "),
);

const withoutArticle = (text: string) => {
  const prefix = ARTICLES.find((p) => text.toLowerCase().startsWith(p));
  return prefix === undefined ? undefined : text.slice(prefix.length);
};

export function alternatives(gt: string): string[] {
  const alts = new Set([gt]);
  const add = (alt: string | undefined) => alt !== undefined && alts.add(alt);
  add(withoutArticle(gt));
  const unquoted = pyStrip(gt.replace(/["“”]/g, ""));
  if (unquoted && unquoted !== gt) add(unquoted);
  if (gt.includes("(")) {
    const noParens = collapsePySpace(pyStrip(gt.replace(/\s*\([^)]*\)\s*/g, " ")));
    if (noParens && noParens !== gt) add(noParens);
    for (const [, inner] of gt.matchAll(/\(([^)]+)\)/g)) if (pyLen(pyStrip(inner!)) > 1) add(pyStrip(inner!));
  }
  const lower = pyStrip(gt.toLowerCase());
  if (has(NUMBER_WORDS, lower)) add(NUMBER_WORDS[lower]);
  if (has(NUMBER_DIGITS, lower)) add(NUMBER_DIGITS[lower]);
  let noCommas = gt;
  for (let prev = ""; prev !== noCommas; ) [prev, noCommas] = [noCommas, noCommas.replace(/(\p{Nd}),(\p{Nd}{3})/gu, "$1$2")];
  if (noCommas !== gt) add(noCommas);
  if (gt && ".,;:!?".includes(gt.at(-1)!)) add(pyStrip(gt.slice(0, -1)));
  if (gt.includes(".")) {
    const noDots = gt.replace(/(?<!\p{Nd})\.(?!\p{Nd})/gu, "");
    if (noDots && pyLen(noDots) > 1 && noDots !== gt) add(noDots);
  }
  if (gt.includes("-") && !gt.startsWith("-")) {
    const spaced = pyStrip(collapsePySpace(gt.replaceAll("-", " ")));
    if (spaced !== gt) add(spaced);
  }
  if (gt.includes(" & ")) add(gt.replaceAll(" & ", " and "));
  const andAt = gt.toLowerCase().indexOf(" and ");
  if (andAt !== -1) add(`${gt.slice(0, andAt)} & ${gt.slice(andAt + 5)}`);
  for (const alt of [...alts]) add(withoutArticle(alt));
  const kept = new Set<string>();
  for (const alt of alts) {
    const a = collapsePySpace(pyStrip(alt));
    if (a && (pyLen(a) >= MIN_ALT_LENGTH || a === pyStrip(gt) || /^\p{Nd}+$/u.test(a))) kept.add(a);
  }
  return [...kept].sort();
}

function isMultiWordName(gt: string): boolean {
  const parts = pySplit(pyStrip(gt).replace(/\.+$/, ""));
  const capital = (part: string) => /^\p{Lu}/u.test(part);
  const content = (part: string) => !STOPWORDS.has(part.toLowerCase());
  if (parts.length === 3 || parts.length === 4) return parts.every(capital) && parts.every(content);
  if (parts.length === 5 || parts.length === 6) return parts.filter((p) => capital(p) && content(p)).length >= 3;
  return false;
}

export function removal(gt: string): { remove: boolean; reason: "" | "gt_too_long" | "multi_word_name" } {
  if (pyLen(gt) > MAX_GT_LENGTH) return { remove: true, reason: "gt_too_long" };
  if (isMultiWordName(gt)) return { remove: true, reason: "multi_word_name" };
  return { remove: false, reason: "" };
}

const SPACES = /[\u202f\xa0\u2009\u200a\u2002\u2003]/g;
const DASHES = /[\u2010-\u2015]/g;

/** Lower case, exotic spaces, dashes and curly quotes made plain, space runs collapsed, stripped. */
export function plain(text: string): string {
  const out = text.toLowerCase().replace(SPACES, " ").replace(DASHES, "-").replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  return pyStrip(out.replace(/ {2,}/g, " "));
}

/** Lenient: some form occurs anywhere in the answer. */
export const isCorrect = (alts: readonly string[], answer: string): boolean => {
  const said = plain(answer);
  return alts.some((alt) => said.includes(plain(alt)));
};

const WORD = /[\p{L}\p{N}_]/u;
const isWord = (ch: string | undefined) => ch !== undefined && WORD.test(ch);

/** The form stands as a word of its own somewhere (its first such occurrence, by code units). */
function standsAlone(said: string, alt: string): boolean {
  for (let at = said.indexOf(alt); at !== -1; at = said.indexOf(alt, at + 1)) {
    const before = at === 0 ? undefined : String.fromCodePoint(said.codePointAt(/[\udc00-\udfff]/.test(said[at - 1]!) && at >= 2 ? at - 2 : at - 1)!);
    const after = said.codePointAt(at + alt.length);
    if (!isWord(before) && !(after !== undefined && isWord(String.fromCodePoint(after)))) return true;
  }
  return false;
}

/**
 * Strict: as lenient, but a form of 4 characters or fewer must stand as a word, and in an
 * answer over 80 characters the form's first occurrence must start within the first 41.
 */
export const isCorrectStrict = (alts: readonly string[], answer: string): boolean => {
  const said = plain(answer);
  const long = pyLen(said) > 80;
  return alts.some((raw) => {
    const alt = plain(raw);
    const at = alt ? said.indexOf(alt) : -1;
    if (at === -1) return false;
    if (pyLen(alt) <= 4 && !standsAlone(said, alt)) return false;
    return !(long && pyLen(said.slice(0, at)) > 40);
  });
};
