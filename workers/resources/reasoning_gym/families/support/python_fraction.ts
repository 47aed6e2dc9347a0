// Python's Fraction(text) (3.12, NeMo Gym's Python: "3/4", " 1 / 2 ", "-0.25", "1.5e-3", "1_000")
// and float() of a fraction, correctly rounded, for scorers that read an answer as an exact ratio.

// Python's pattern, with ASCII digits; \s as str's whitespace.
const RATIONAL = /^\s*([-+]?)(?=\d|\.\d)(\d*|\d+(?:_\d+)*)(?:\s*\/\s*(\d+(?:_\d+)*)|(?:\.(\d*|\d+(?:_\d+)*))?(?:[eE]([-+]?\d+(?:_\d+)*))?)\s*$/;

/** Fractions whose exponent or digits pass this would take Python seconds; no answer needs them. */
const MAX_DIGITS = 5000;

/** Fraction(text) as numerator and positive denominator (not reduced); undefined where it raises (ValueError, ZeroDivisionError). */
export function parseFraction(text: string): { n: bigint; d: bigint } | undefined {
  if (text.length > 2 * MAX_DIGITS) return undefined;
  const m = RATIONAL.exec(text);
  if (!m) return undefined;
  const clean = (s: string | undefined) => (s ?? "").replaceAll("_", "");
  const sign = m[1] === "-" ? -1n : 1n;
  if (m[3] !== undefined) {
    const d = BigInt(clean(m[3]));
    return d === 0n ? undefined : { n: sign * BigInt(clean(m[2]) || "0"), d };
  }
  const decimal = clean(m[4]);
  const exp = Number(clean(m[5]) || "0") - decimal.length;
  if (Math.abs(exp) > MAX_DIGITS) return undefined;
  const n = sign * BigInt(clean(m[2]) + decimal || "0");
  return exp >= 0 ? { n: n * 10n ** BigInt(exp), d: 1n } : { n, d: 10n ** BigInt(-exp) };
}

const bitLength = (x: bigint): number => (x === 0n ? 0 : x.toString(2).length);

/** float(Fraction(n, d)) for d > 0, rounded to nearest even; ±Infinity where Python raises OverflowError. */
export function ratioToFloat(n: bigint, d: bigint): number {
  const negative = n < 0n;
  const a = negative ? -n : n;
  if (a === 0n) return 0;
  // Scale so the quotient has 66 bits, keep a sticky bit for the remainder, and let Number() round once.
  const shift = 66 - (bitLength(a) - bitLength(d));
  const num = shift >= 0 ? a << BigInt(shift) : a;
  const den = shift >= 0 ? d : d << BigInt(-shift);
  let q = num / den;
  q = (q << 1n) | (num % den === 0n ? 0n : 1n);
  // Two power-of-two steps, so a scale past 2^1023 does not overflow on the way to a tiny result.
  const k = shift + 1;
  const result = k > 1000 ? Number(q) * 2 ** -1000 * 2 ** -(k - 1000) : Number(q) * 2 ** -k;
  return negative ? -result : result;
}
