// Exact ratios as the reference compares them: Python's Fraction (parsed from "3/2", "0.75",
// "1e-1", or a JSON number taken as it is), or infinity. Comparisons are exact, as Fraction's are.
import { PyError } from "./py.ts";
import { pyFloatRepr } from "../../../../shared/verifiers/python_float_repr.ts";

export type Ratio = { num: bigint; den: bigint; text: string } | { inf: true; text: string };

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

export function fraction(num: bigint, den: bigint): Ratio {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  const [n, d] = [num / g, den / g];
  return { num: n, den: d, text: d === 1n ? `${n}` : `${n}/${d}` };
}

/** A finite float's exact value. */
function exactFloat(value: number): Ratio {
  if (Number.isInteger(value)) return { ...fraction(BigInt(value), 1n), text: pyFloatRepr(value) };
  let den = 1n;
  let x = value;
  while (!Number.isInteger(x)) {
    x *= 2;
    den *= 2n;
  }
  return { ...fraction(BigInt(x), den), text: pyFloatRepr(value) };
}

const FRACTION = /^\s*([+-]?)(?:(\d+(?:_\d+)*)\s*\/\s*(\d+(?:_\d+)*)|(\d*(?:_\d+)*)(?:\.(\d+(?:_\d+)*)?)?(?:[eE]([+-]?\d+(?:_\d+)*))?)\s*$/;

/** parse_fraction_or_inf: a JSON number as it is, "inf", or what Fraction(str) accepts. */
export function parseFractionOrInf(input: unknown): Ratio {
  if (typeof input === "number") return Number.isInteger(input) ? fraction(BigInt(input), 1n) : exactFloat(input);
  if (typeof input !== "string") throw new PyError(`Input must be a string, not <class '${input === null ? "NoneType" : Array.isArray(input) ? "list" : typeof input === "boolean" ? "bool" : "dict"}'>`);
  const text = input.trim().toLowerCase();
  if (text === "inf") return { inf: true, text: "inf" };
  const m = FRACTION.exec(text);
  const invalid = () => new PyError(`Invalid fraction input: Invalid input: '${text}'. Not a valid fraction or 'inf'.`);
  if (!m) throw invalid();
  const sign = m[1] === "-" ? -1n : 1n;
  if (m[2] !== undefined) {
    const den = BigInt(m[3]!.replaceAll("_", ""));
    if (den === 0n) throw invalid();
    return fraction(sign * BigInt(m[2].replaceAll("_", "")), den);
  }
  const whole = (m[4] ?? "").replaceAll("_", "");
  const decimals = (m[5] ?? "").replaceAll("_", "");
  if (whole === "" && decimals === "") throw invalid();
  let num = BigInt(whole + decimals || "0");
  let den = 10n ** BigInt(decimals.length);
  const exp = m[6] === undefined ? 0 : Number(m[6].replaceAll("_", ""));
  if (exp >= 0) num *= 10n ** BigInt(exp);
  else den *= 10n ** BigInt(-exp);
  return fraction(sign * num, den);
}

/** a <= b, exactly. */
export function lessOrEqual(a: Ratio, b: Ratio): boolean {
  if ("inf" in b) return true;
  if ("inf" in a) return false;
  return a.num * b.den <= b.num * a.den;
}

export const toFloat = (r: Ratio): number => ("inf" in r ? Infinity : Number(r.num) / Number(r.den));

/** f"{x:.2f}" for a ratio's float. */
export const fixed2 = (r: Ratio): string => {
  const x = toFloat(r);
  return Number.isFinite(x) ? x.toFixed(2) : "inf";
};
