// Python's float(text) and int(text, 0) as the library's scorers call them on a model's answer.
// Both skip str's whitespace less U+001C..U+001F around the number and read digits of any script
// (Unicode Nd) as ASCII ones; any other non-ASCII character makes them raise.
import { pythonFloat } from "../../../../../shared/verifiers/python_float.ts";
import { isPySpace } from "../../../../../shared/verifiers/python_str.ts";

const NON_ASCII = /[^\x00-\x7f]/u;
const DIGIT = /^\p{Nd}$/u;

const VALUES = new Map<number, number>();

/** The value of an Nd digit: Unicode lays decimal digits out in whole runs of ten, 0 first. */
function digitValue(cp: number): number {
  let value = VALUES.get(cp);
  if (value === undefined) {
    let below = 0;
    while (below < 60 && DIGIT.test(String.fromCodePoint(cp - below - 1))) below++;
    value = below % 10;
    VALUES.set(cp, value);
  }
  return value;
}

/** Every Nd digit as its ASCII digit; undefined when another non-ASCII character remains. */
export function asciiDigits(text: string): string | undefined {
  if (!NON_ASCII.test(text)) return text;
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out += ch;
    else if (DIGIT.test(ch)) out += String(digitValue(cp));
    else return undefined;
  }
  return out;
}

/** text without the whitespace float() and int() skip around a number. */
function stripNumberSpace(text: string): string {
  const skipped = (i: number) => isPySpace(text[i]!) && !/[\x1c-\x1f]/.test(text[i]!);
  let start = 0;
  let end = text.length;
  while (start < end && skipped(start)) start++;
  while (end > start && skipped(end - 1)) end--;
  return text.slice(start, end);
}

/** The value float(text) gives; undefined where it raises. */
export function pyFloat(text: string): number | undefined {
  const ascii = asciiDigits(stripNumberSpace(text));
  return ascii === undefined ? undefined : pythonFloat(ascii);
}

// int(text, 0): a sign, then 0x/0o/0b and digits of that base (an underscore may follow the prefix
// and separate digits), or a decimal without leading zeros (zeros alone are fine).
const BASE0 = /^([+-]?)(?:0([xX])((?:_?[0-9a-fA-F])+)|0([oO])((?:_?[0-7])+)|0([bB])((?:_?[01])+)|(0(?:_?0)*)|([1-9](?:_?[0-9])*))$/;
// Python (3.11+) refuses to convert more decimal digits than this by default.
const MAX_DECIMAL_DIGITS = 4300;

/** The value int(text, 0) gives, as a bigint; undefined where it raises ValueError. */
export function pyIntBase0(text: string): bigint | undefined {
  const ascii = asciiDigits(stripNumberSpace(text));
  const match = ascii === undefined ? null : BASE0.exec(ascii);
  if (!match) return undefined;
  const [, sign, x, hex, o, oct, b, bin, zeros, decimal] = match;
  let value: bigint;
  if (x) value = BigInt(`0x${hex!.replaceAll("_", "")}`);
  else if (o) value = BigInt(`0o${oct!.replaceAll("_", "")}`);
  else if (b) value = BigInt(`0b${bin!.replaceAll("_", "")}`);
  else if (zeros !== undefined) value = 0n;
  else {
    const digits = decimal!.replaceAll("_", "");
    if (digits.length > MAX_DECIMAL_DIGITS) return undefined;
    value = BigInt(digits);
  }
  return sign === "-" ? -value : value;
}
