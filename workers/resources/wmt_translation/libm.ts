// log and exp rounded correctly (to the nearest double), as glibc's are in practice: V8's
// Math.log and Math.exp are off by one unit in the last place on some inputs, which sacrebleu's
// BLEU (exp of a sum of logs) would carry into the score's last digits. Computed in 128-bit fixed
// point with BigInt, then rounded once.
const F = 128n;
const ONE = 1n << F;

/** atanh(t) for a fixed-point |t| < 1/2, by its series t + t^3/3 + t^5/5 + ... */
function atanh(t: bigint): bigint {
  // Division truncates toward zero, so a negative term reaches 0 (a shift would stop at -1).
  const t2 = (t * t) / ONE;
  let power = t;
  let sum = 0n;
  for (let n = 1n; power !== 0n; n += 2n) {
    sum += power / n;
    power = (power * t2) / ONE;
  }
  return sum;
}

const LN2 = 2n * atanh(ONE / 3n);

/** A finite double as [integer mantissa, binary exponent]: x = mantissa * 2^exponent. */
function decompose(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const sign = bits >> 63n ? -1n : 1n;
  return biased === 0 ? [sign * fraction, -1074] : [sign * (fraction | (1n << 52n)), biased - 1075];
}

/** A fixed-point value rounded to the nearest double. */
function toDouble(fixed: bigint, scale = 0): number {
  return Number(fixed) * 2 ** (scale - Number(F));
}

export function log(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return Math.log(x);
  let [mantissa, exponent] = decompose(x);
  // Normalise the mantissa into [2^52, 2^53), then into [sqrt(1/2), sqrt(2)) as a fixed-point m.
  while (mantissa < 1n << 52n) {
    mantissa <<= 1n;
    exponent -= 1;
  }
  let e = exponent + 52;
  let m = mantissa << (F - 52n);
  if (m * m > 2n * ONE * ONE) {
    m >>= 1n;
    e += 1;
  }
  const t = ((m - ONE) << F) / (m + ONE);
  return toDouble(BigInt(e) * LN2 + 2n * atanh(t));
}

export function exp(y: number): number {
  // Outside these the result is subnormal, zero or infinite, where rounding twice could differ.
  if (!Number.isFinite(y) || y < -708 || y > 709) return Math.exp(y);
  const [mantissa, exponent] = decompose(y);
  const fixed = exponent >= 0 ? (mantissa << BigInt(exponent)) << F : (mantissa << F) >> BigInt(-exponent);
  const k = Math.round(y / Math.LN2);
  const r = fixed - BigInt(k) * LN2;
  let term = ONE;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n++) {
    sum += term;
    term = (term * r) / (n << F);
  }
  return toDouble(sum, k);
}
