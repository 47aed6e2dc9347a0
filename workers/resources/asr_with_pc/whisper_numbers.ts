// Whisper's English number standardiser (whisper_normalizer's EnglishNumberNormalizer, from OpenAI
// Whisper): spelled-out numbers become digits ("twenty one" 21, "one oh one" 101, "two point five"
// 2.5, "five dollars" $5, "ten percent" 10%), ordinals and plurals keep their suffix ("thirty
// second" 32nd), "and a half" becomes ".5" where a number precedes it. Numbers are Python ints in the
// reference, unbounded ("a decillion" is 10^33), so integers here are BigInts; a number still being
// spelled out is an int, or a string of digits once it can only grow by appending digits ("one two"
// "12"). Python's `\d` and `\b` are Unicode-aware: DIGIT and the word-boundary lookarounds below are too.
import { pySplit, pyStrip, PY_SPACE } from "../../../shared/verifiers/python_str.ts";

type Value = bigint | string;

const ONES_NAMES = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const ZEROS = new Set(["o", "oh", "zero"]);
const ONES = new Map(ONES_NAMES.map((name, i) => [name, i + 1]));
const ONES_SUFFIXED = new Map<string, [number, string]>([
  ...ONES_NAMES.map((name, i): [string, [number, string]] => [name === "six" ? "sixes" : `${name}s`, [i + 1, "s"]]),
  ["zeroth", [0, "th"]],
  ["first", [1, "st"]],
  ["second", [2, "nd"]],
  ["third", [3, "rd"]],
  ["fifth", [5, "th"]],
  ["twelfth", [12, "th"]],
  ...ONES_NAMES.flatMap((name, i): [string, [number, string]][] => {
    const value = i + 1;
    return value > 3 && value !== 5 && value !== 12 ? [[name + (name.endsWith("t") ? "h" : "th"), [value, "th"]]] : [];
  }),
]);
const TENS = new Map(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"].map((name, i) => [name, 20 + 10 * i]));
const TENS_SUFFIXED = new Map<string, [number, string]>([
  ...[...TENS].map(([name, value]): [string, [number, string]] => [name.replace("y", "ies"), [value, "s"]]),
  ...[...TENS].map(([name, value]): [string, [number, string]] => [name.replace("y", "ieth"), [value, "th"]]),
]);
const MULTIPLIER_NAMES = ["hundred", "thousand", "million", "billion", "trillion", "quadrillion", "quintillion", "sextillion", "septillion", "octillion", "nonillion", "decillion"];
const MULTIPLIERS = new Map(MULTIPLIER_NAMES.map((name, i) => [name, i === 0 ? 100n : 1000n ** BigInt(i)]));
const MULTIPLIERS_SUFFIXED = new Map<string, [bigint, string]>([
  ...[...MULTIPLIERS].map(([name, value]): [string, [bigint, string]] => [`${name}s`, [value, "s"]]),
  ...[...MULTIPLIERS].map(([name, value]): [string, [bigint, string]] => [`${name}th`, [value, "th"]]),
]);
const DECIMALS = new Set([...ONES.keys(), ...TENS.keys(), ...ZEROS]);
const PRECEDING_PREFIXERS = new Map([["minus", "-"], ["negative", "-"], ["plus", "+"], ["positive", "+"]]);
const FOLLOWING_PREFIXERS = new Map([["pound", "£"], ["pounds", "£"], ["euro", "€"], ["euros", "€"], ["dollar", "$"], ["dollars", "$"], ["cent", "¢"], ["cents", "¢"]]);
const PREFIXES = new Set([...PRECEDING_PREFIXERS.values(), ...FOLLOWING_PREFIXERS.values()]);
const SPECIALS = new Set(["and", "double", "triple", "point"]);
const WORDS = new Set<string>([
  ...ZEROS, ...ONES.keys(), ...ONES_SUFFIXED.keys(), ...TENS.keys(), ...TENS_SUFFIXED.keys(), ...MULTIPLIERS.keys(),
  ...MULTIPLIERS_SUFFIXED.keys(), ...PRECEDING_PREFIXERS.keys(), ...FOLLOWING_PREFIXERS.keys(), "per", "percent", ...SPECIALS,
]);

// Python's `\d` (Unicode decimal digits) and `\w`. Every `\b` in these patterns sits beside a word
// character of the pattern, where it means only that the other side is no word character.
const DIGIT = "\\p{Nd}";
const WORD = "[\\p{L}\\p{N}_]";
/** `\b` before a pattern that starts with a word character. */
export const WORD_START = `(?<!${WORD})`;
/** `\b` after a pattern that ends with a word character. */
export const WORD_END = `(?!${WORD})`;
const NUMERIC = new RegExp(`^${DIGIT}+(?:\\.${DIGIT}+)?$`, "u");

/** A decimal digit's value: Unicode keeps each script's digits 0-9 in one run, so walk back to its zero. */
function digitValue(char: string): number {
  const code = char.codePointAt(0)!;
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  let zero = code;
  while (code - zero < 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return code - zero;
}

/** Python's Fraction(text) for the strings numbers are built from (digits and dots), as numerator / 10^scale; null where Fraction raises. */
function fraction(text: string): { numerator: bigint; scale: number } | null {
  const m = /^(\p{Nd}*)(?:\.(\p{Nd}*))?$/u.exec(text);
  if (!m) return null;
  const whole = m[1]!;
  const decimals = m[2] ?? "";
  if (whole === "" && decimals === "") return null;
  let numerator = 0n;
  for (const char of whole + decimals) numerator = numerator * 10n + BigInt(digitValue(char));
  return { numerator, scale: Array.from(decimals).length };
}

/** Fraction(text) * multiplier as an integer, or null when it is none (or text is no fraction). */
function scaledInteger(text: string, multiplier: bigint): bigint | null {
  const f = fraction(text);
  if (!f) return null;
  const product = f.numerator * multiplier;
  const denominator = 10n ** BigInt(f.scale);
  return product % denominator === 0n ? product / denominator : null;
}

/** Python's `str(value or "")`: an int 0 is falsy too. */
const orEmpty = (value: Value | null): string => (value === null || value === 0n || value === "" ? "" : String(value));

function processWords(words: readonly string[]): string[] {
  const out: string[] = [];
  let prefix: string | null = null;
  let value: Value | null = null;
  let skip = false;
  const emit = (result: Value) => {
    out.push(prefix === null ? String(result) : prefix + String(result));
    value = null;
    prefix = null;
  };
  const flush = () => {
    if (value !== null) emit(value);
  };

  for (let i = 0; i < words.length; i++) {
    if (skip) {
      skip = false;
      continue;
    }
    const prev = i > 0 ? words[i - 1]! : null;
    const current = words[i]!;
    const next = i + 1 < words.length ? words[i + 1]! : null;
    const nextIsNumeric = next !== null && NUMERIC.test(next);
    const nextIsWord = next !== null && WORDS.has(next);
    const hasPrefix = PREFIXES.has(current[0]!);
    const bare = hasPrefix ? current.slice(1) : current;
    const v = value as Value | null;

    if (NUMERIC.test(bare)) {
      // Arabic numerals, possibly signed or with decimals.
      if (v !== null) {
        if (typeof v === "string" && v.endsWith(".")) {
          // The digits after a spoken "point", or an address's next component.
          value = v + current;
          continue;
        }
        emit(v);
      }
      if (hasPrefix) prefix = current[0]!;
      const f = fraction(bare)!;
      const denominator = 10n ** BigInt(f.scale);
      value = f.numerator % denominator === 0n ? f.numerator / denominator : bare;
    } else if (!WORDS.has(current)) {
      flush();
      emit(current);
    } else if (ZEROS.has(current)) {
      value = orEmpty(v) + "0";
    } else if (ONES.has(current)) {
      const ones = ONES.get(current)!;
      if (v === null) value = BigInt(ones);
      else if (typeof v === "string" || (prev !== null && ONES.has(prev))) {
        if (prev !== null && TENS.has(prev) && ones < 10) value = replaceLastZero(v as string, ones);
        else value = String(v) + ones;
      } else if (ones < 10) value = v % 10n === 0n ? v + BigInt(ones) : String(v) + ones;
      else value = v % 100n === 0n ? v + BigInt(ones) : String(v) + ones;
    } else if (ONES_SUFFIXED.has(current)) {
      // An ordinal or a plural ends the number.
      const [ones, suffix] = ONES_SUFFIXED.get(current)!;
      if (v === null) emit(ones + suffix);
      else if (typeof v === "string" || (prev !== null && ONES.has(prev))) {
        if (prev !== null && TENS.has(prev) && ones < 10) emit(replaceLastZero(v as string, ones) + suffix);
        else emit(String(v) + ones + suffix);
      } else if (ones < 10) emit((v % 10n === 0n ? String(v + BigInt(ones)) : String(v) + ones) + suffix);
      else emit((v % 100n === 0n ? String(v + BigInt(ones)) : String(v) + ones) + suffix);
      value = null;
    } else if (TENS.has(current)) {
      const tens = TENS.get(current)!;
      if (v === null) value = BigInt(tens);
      else if (typeof v === "string") value = v + tens;
      else value = v % 100n === 0n ? v + BigInt(tens) : String(v) + tens;
    } else if (TENS_SUFFIXED.has(current)) {
      const [tens, suffix] = TENS_SUFFIXED.get(current)!;
      if (v === null) emit(tens + suffix);
      else if (typeof v === "string") emit(v + tens + suffix);
      else emit((v % 100n === 0n ? String(v + BigInt(tens)) : String(v) + tens) + suffix);
    } else if (MULTIPLIERS.has(current)) {
      const multiplier = MULTIPLIERS.get(current)!;
      if (v === null) value = multiplier;
      else if (typeof v === "string" || v === 0n) {
        const product = scaledInteger(String(v), multiplier);
        if (product !== null) value = product;
        else {
          emit(v);
          value = multiplier;
        }
      } else value = (v / 1000n) * 1000n + (v % 1000n) * multiplier;
    } else if (MULTIPLIERS_SUFFIXED.has(current)) {
      const [multiplier, suffix] = MULTIPLIERS_SUFFIXED.get(current)!;
      if (v === null) emit(`${multiplier}${suffix}`);
      else if (typeof v === "string") {
        const product = scaledInteger(v, multiplier);
        if (product !== null) emit(`${product}${suffix}`);
        else {
          emit(v);
          emit(`${multiplier}${suffix}`);
        }
      } else emit(`${(v / 1000n) * 1000n + (v % 1000n) * multiplier}${suffix}`);
      value = null;
    } else if (PRECEDING_PREFIXERS.has(current)) {
      // "minus", "plus": a sign only when a number follows.
      flush();
      if (nextIsWord || nextIsNumeric) prefix = PRECEDING_PREFIXERS.get(current)!;
      else emit(current);
    } else if (FOLLOWING_PREFIXERS.has(current)) {
      // "dollars", "cents": a currency sign only after a number.
      if (v !== null) {
        prefix = FOLLOWING_PREFIXERS.get(current)!;
        emit(v);
      } else emit(current);
    } else if (current === "per" || current === "percent") {
      if (v === null) emit(current);
      else if (current === "percent") emit(String(v) + "%");
      else if (next === "cent") {
        emit(String(v) + "%");
        skip = true;
      } else {
        emit(v);
        emit(current);
      }
    } else if (!nextIsWord && !nextIsNumeric) {
      // "and", "double", "triple", "point" count only before something numeric.
      flush();
      emit(current);
    } else if (current === "and") {
      // "and" after hundreds, thousands, ... is dropped.
      if (prev === null || !MULTIPLIERS.has(prev)) {
        flush();
        emit(current);
      }
    } else if (current === "double" || current === "triple") {
      if (ONES.has(next!) || ZEROS.has(next!)) {
        value = orEmpty(v) + String(ONES.get(next!) ?? 0).repeat(current === "double" ? 2 : 3);
        skip = true;
      } else {
        flush();
        emit(current);
      }
    } else if (DECIMALS.has(next!) || nextIsNumeric) {
      // "point" before a digit word; before any other number word it is dropped, as in the reference.
      value = orEmpty(v) + ".";
    }
  }
  flush();
  return out;
}

/** The reference asserts that a tens word left a trailing zero for the unit to replace. */
function replaceLastZero(value: string, ones: number): string {
  if (!value.endsWith("0")) throw new Error(`whisper number normaliser: "${value}" has no trailing zero for ${ones}`);
  return value.slice(0, -1) + ones;
}

const AND_A_HALF = new RegExp(`${WORD_START}and[${PY_SPACE}]+a[${PY_SPACE}]+half${WORD_END}`, "u");
const SUFFIX_AFTER_DIGIT = new RegExp(`([0-9])[${PY_SPACE}]+(st|nd|rd|th|s)${WORD_END}`, "gu");
const CENTS = new RegExp(`([€£$])([0-9]+) (?:and )?¢([0-9]{1,2})${WORD_END}`, "gu");
const ZERO_CURRENCY = new RegExp(`[€£$]0.([0-9]{1,2})${WORD_END}`, "gu");
const ONE_WORD = new RegExp(`${WORD_START}1(s?)${WORD_END}`, "gu");

function preprocess(text: string): string {
  // "<number> and a half" -> "<number> point five".
  const results: string[] = [];
  const segments = text.split(AND_A_HALF);
  segments.forEach((segment, i) => {
    if (pyStrip(segment).length === 0) return;
    results.push(segment);
    if (i === segments.length - 1) return;
    const words = pySplit(segment);
    const last = words[words.length - 1]!;
    results.push(DECIMALS.has(last) || MULTIPLIERS.has(last) ? "point five" : "and a half");
  });
  return results
    .join(" ")
    .replace(/([a-z])([0-9])/g, "$1 $2")
    .replace(/([0-9])([a-z])/g, "$1 $2")
    .replace(SUFFIX_AFTER_DIGIT, "$1$2");
}

function postprocess(text: string): string {
  return text
    .replace(CENTS, (_m, currency: string, integer: string, cents: string) => `${currency}${integer}.${cents.padStart(2, "0")}`)
    .replace(ZERO_CURRENCY, (_m, cents: string) => `¢${Number(cents)}`)
    .replace(ONE_WORD, "one$1");
}

/** Whisper's EnglishNumberNormalizer on already lower-cased, symbol-stripped text. */
export function standardizeNumbers(text: string): string {
  return postprocess(processWords(pySplit(preprocess(text))).join(" "));
}
