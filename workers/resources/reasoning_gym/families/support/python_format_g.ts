// Python's format(x, ".Ng") for floats: N significant digits of the exact binary value, rounded
// half to even; trailing zeros dropped; exponent form (at least two exponent digits) when the
// exponent is below -4 or at least N.

/** The exact decimal digits of a finite x > 0 and the power of ten of the first one. */
function exactDigits(x: number): { digits: string; exp: number } {
  const [mantissa, e] = exactBinary(x);
  // x = mantissa * 2^e; for e < 0 that is mantissa * 5^-e / 10^-e.
  const scaled = e >= 0 ? mantissa << BigInt(e) : mantissa * 5n ** BigInt(-e);
  const digits = scaled.toString();
  const pointShift = e >= 0 ? 0 : -e;
  return { digits, exp: digits.length - 1 - pointShift };
}

function exactBinary(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return biased === 0 ? [fraction, -1074] : [fraction | (1n << 52n), biased - 1075];
}

export function pyFormatG(x: number, precision: number): string {
  if (Number.isNaN(x)) return "nan";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (!Number.isFinite(x)) return `${sign}inf`;
  if (x === 0) return `${sign}0`;
  const p = Math.max(precision, 1);
  let { digits, exp } = exactDigits(Math.abs(x));
  if (digits.length > p) {
    const rest = digits.slice(p);
    let kept = BigInt(digits.slice(0, p));
    const up = rest[0]! > "5" || (rest[0] === "5" && (/[1-9]/.test(rest.slice(1)) || kept % 2n === 1n));
    if (up) kept++;
    digits = kept.toString();
    if (digits.length > p) {
      digits = digits.slice(0, p);
      exp++;
    }
  }
  digits = digits.replace(/0+$/, "") || "0";
  if (exp < -4 || exp >= p) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const whole = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
  const fraction = digits.slice(exp + 1);
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}
