// Python's decimal.Decimal(text) (the C implementation the library runs on) and the comparisons its
// scorers make. Decimal strips str's whitespace, drops every underscore, reads digits of any script,
// and takes "inf", "infinity", "nan", "snan" (any case); a finite value is kept exactly, as
// sign, digits and exponent. Comparisons work on the digit strings, so a 500 KB answer costs
// linear time; only sums (with stored answers) go through bigint.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { asciiDigits } from "./python_number.ts";

export type PyDecimal =
  /** ±digits × 10^exp; digits without leading or trailing zeros ("" is zero). */
  | { kind: "finite"; negative: boolean; digits: string; exp: bigint }
  | { kind: "infinity"; negative: boolean }
  | { kind: "nan"; signaling: boolean };

export type FiniteDecimal = Extract<PyDecimal, { kind: "finite" }>;

const SYNTAX = /^([+-]?)(?:(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?)(\d+))?|(inf|infinity)|(s?)nan\d*)$/i;
// The C library's limits on a string's exponent: the adjusted exponent at most MAX_EMAX, the
// exponent at least MIN_ETINY; outside them the constructor raises InvalidOperation.
const MAX_EMAX = 999_999_999_999_999_999n;
const MIN_ETINY = -1_999_999_999_999_999_997n;

/** A finite decimal with its coefficient's leading and trailing zeros taken off. */
export function finite(negative: boolean, coefficient: string, exp: bigint): FiniteDecimal {
  let start = 0;
  while (start < coefficient.length && coefficient[start] === "0") start++;
  let end = coefficient.length;
  while (end > start && coefficient[end - 1] === "0") end--;
  const digits = coefficient.slice(start, end);
  return { kind: "finite", negative, digits, exp: digits === "" ? 0n : exp + BigInt(coefficient.length - end) };
}

/** Decimal(text); undefined where the constructor raises. */
export function parseDecimal(text: string): PyDecimal | undefined {
  const ascii = asciiDigits(pyStrip(text).replaceAll("_", ""));
  const match = ascii === undefined ? null : SYNTAX.exec(ascii);
  if (!match) return undefined;
  const [, sign, whole, fraction, onlyFraction, expSign, expDigits, infinity, signaling] = match;
  const negative = sign === "-";
  if (infinity) return { kind: "infinity", negative };
  if (signaling !== undefined) return { kind: "nan", signaling: signaling !== "" };
  const places = fraction ?? onlyFraction ?? "";
  const coefficient = (whole ?? "") + places;
  const expText = (expDigits ?? "0").replace(/^0+(?=\d)/, "");
  if (expText.length > 20) return undefined;
  const exp = (expSign === "-" ? -BigInt(expText) : BigInt(expText)) - BigInt(places.length);
  const significant = Math.max(1, coefficient.replace(/^0+/, "").length);
  if (exp + BigInt(significant) - 1n > MAX_EMAX || exp < MIN_ETINY) return undefined;
  return finite(negative, coefficient, exp);
}

/** The exponent of a nonzero finite decimal's first digit (Decimal.adjusted()). */
export const adjusted = (d: FiniteDecimal): bigint => d.exp + BigInt(d.digits.length) - 1n;

/** -1, 0 or 1 as |a| is below, equal to or above |b|. */
function compareMagnitude(a: FiniteDecimal, b: FiniteDecimal): number {
  if (a.digits === "" || b.digits === "") return (a.digits === "" ? 0 : 1) - (b.digits === "" ? 0 : 1);
  const adjA = adjusted(a);
  const adjB = adjusted(b);
  if (adjA !== adjB) return adjA < adjB ? -1 : 1;
  // Same first exponent, no trailing zeros: digit strings compare as the values do.
  return a.digits === b.digits ? 0 : a.digits < b.digits ? -1 : 1;
}

/** -1, 0 or 1 as a is below, equal to or above b (zero has no sign). */
export function compareFinite(a: FiniteDecimal, b: FiniteDecimal): number {
  const signA = a.digits === "" ? 0 : a.negative ? -1 : 1;
  const signB = b.digits === "" ? 0 : b.negative ? -1 : 1;
  if (signA !== signB) return signA < signB ? -1 : 1;
  return signA * compareMagnitude(a, b);
}

/** a == b as Decimal's == decides it; throws where it raises (a signaling NaN). */
export function decimalEquals(a: PyDecimal, b: PyDecimal): boolean {
  if (a.kind === "nan" || b.kind === "nan") {
    if ((a.kind === "nan" && a.signaling) || (b.kind === "nan" && b.signaling)) throw new RangeError("comparison with a signaling NaN");
    return false;
  }
  if (a.kind === "infinity" || b.kind === "infinity") return a.kind === b.kind && a.negative === b.negative;
  return compareFinite(a, b) === 0;
}

// Sums align both coefficients as bigints: refuse a pair whose digits span more than this.
const MAX_ALIGNED_DIGITS = 20_000n;

/** a + b exactly. Throws for operands whose digits lie too far apart to align. */
export function addFinite(a: FiniteDecimal, b: FiniteDecimal): FiniteDecimal {
  if (a.digits === "") return b;
  if (b.digits === "") return a;
  const low = a.exp < b.exp ? a.exp : b.exp;
  const high = adjusted(a) > adjusted(b) ? adjusted(a) : adjusted(b);
  if (high - low > MAX_ALIGNED_DIGITS) throw new RangeError("decimal operands too far apart");
  const scaled = (d: FiniteDecimal) => (d.negative ? -1n : 1n) * BigInt(d.digits) * 10n ** (d.exp - low);
  const sum = scaled(a) + scaled(b);
  return finite(sum < 0n, (sum < 0n ? -sum : sum).toString(), low);
}

export const negate = (d: FiniteDecimal): FiniteDecimal => ({ ...d, negative: !d.negative });

/** d rounded to `significant` digits, halves to even (the default context's rounding). */
export function roundSignificant(d: FiniteDecimal, significant: number): FiniteDecimal {
  if (d.digits.length <= significant) return d;
  const kept = d.digits.slice(0, significant);
  const rest = d.digits.slice(significant);
  const up = rest[0]! > "5" || (rest[0] === "5" && (rest.length > 1 || Number(kept.at(-1)) % 2 === 1));
  const coefficient = (BigInt(kept) + (up ? 1n : 0n)).toString();
  return finite(d.negative, coefficient, d.exp + BigInt(rest.length));
}

/** str(Decimal) of coefficient × 10^exp: plain notation unless the exponent is positive or the number is below 1e-6, then "1.5E-7". */
export function decimalString(coefficient: bigint, exp: number): string {
  const sign = coefficient < 0n ? "-" : "";
  const digits = (coefficient < 0n ? -coefficient : coefficient).toString();
  const leftDigits = exp + digits.length;
  const dot = exp <= 0 && leftDigits > -6 ? leftDigits : 1;
  let text: string;
  if (dot <= 0) text = `0.${"0".repeat(-dot)}${digits}`;
  else if (dot >= digits.length) text = digits + "0".repeat(dot - digits.length);
  else text = `${digits.slice(0, dot)}.${digits.slice(dot)}`;
  const shown = leftDigits - dot;
  return sign + text + (shown === 0 ? "" : `E${shown > 0 ? "+" : "-"}${Math.abs(shown)}`);
}
