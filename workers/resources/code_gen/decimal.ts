// Python's Decimal, as far as LiveCodeBench's output comparison uses it: parse a token the way
// Decimal(token) would, and test two for numeric equality (1 == 1.0 == 1e0; NaN equals nothing).
// Exact: no float rounding, so 50000000000000000 and 50000000000000001 differ, as in Python.

export type Decimal = { kind: "finite"; negative: boolean; digits: string; exponent: bigint } | { kind: "infinite"; negative: boolean } | { kind: "nan" };

const FINITE = /^([+-]?)(?:(\d+)(?:\.(\d+)?)?|\.(\d+))(?:e([+-]?\d+))?$/i;
const INFINITE = /^([+-]?)inf(?:inity)?$/i;
const NAN = /^[+-]?s?nan\d*$/i;

/** The token as a Decimal, or null where Python's Decimal() would raise. */
export function parseDecimal(token: string): Decimal | null {
  // CPython's Decimal drops every underscore before it parses ("1__0", "i_nf" and "1._5" read).
  const text = token.replaceAll("_", "");
  const finite = FINITE.exec(text);
  if (finite) {
    const [, sign, whole = "", fraction = "", bareFraction = "", exponent = "0"] = finite;
    const fractionDigits = fraction || bareFraction;
    // The value is digits × 10^exponent, with no leading or trailing zero in digits.
    let digits = (whole + fractionDigits).replace(/^0+/, "");
    let scale = BigInt(exponent) - BigInt(fractionDigits.length);
    const trailing = digits.length - digits.replace(/0+$/, "").length;
    digits = digits.slice(0, digits.length - trailing);
    scale += BigInt(trailing);
    return digits === "" ? { kind: "finite", negative: false, digits: "", exponent: 0n } : { kind: "finite", negative: sign === "-", digits, exponent: scale };
  }
  const infinite = INFINITE.exec(text);
  if (infinite) return { kind: "infinite", negative: infinite[1] === "-" };
  return NAN.test(text) ? { kind: "nan" } : null;
}

export function decimalsEqual(a: Decimal, b: Decimal): boolean {
  if (a.kind === "nan" || b.kind === "nan") return false;
  if (a.kind === "infinite" || b.kind === "infinite") return a.kind === b.kind && a.negative === b.negative;
  return b.kind === "finite" && a.negative === b.negative && a.digits === b.digits && a.exponent === b.exponent;
}
