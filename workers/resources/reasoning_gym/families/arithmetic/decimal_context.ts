// Decimal arithmetic in a context of `precision` significant digits, rounding halves to even (the
// library's decimal_arithmetic sets only the precision), enough to evaluate the expressions our
// generator writes: + - * / and parentheses over decimal literals, each operation rounded as
// Python's decimal module rounds it.
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";

/** (-1)^neg × m × 10^e: a sign of its own, as Decimal has, so zero can be negative. */
export interface Dec {
  neg: boolean;
  m: bigint;
  e: number;
}

const digitCount = (n: bigint) => n.toString().length;
const pow10 = (k: number) => 10n ** BigInt(k);

/** d rounded to `precision` digits, halves to even; `sticky` marks a nonzero remainder already cut off below d. */
function round(d: Dec, precision: number, sticky = false): Dec {
  let { m, e } = d;
  const drop = digitCount(m) - precision;
  if (drop <= 0) return d;
  const unit = pow10(drop);
  const twice = 2n * (m % unit);
  m /= unit;
  e += drop;
  if (twice > unit || (twice === unit && (sticky || m % 2n === 1n))) m += 1n;
  if (digitCount(m) > precision) {
    m /= 10n;
    e += 1;
  }
  return { neg: d.neg, m, e };
}

function add(a: Dec, b: Dec, precision: number): Dec {
  const e = Math.min(a.e, b.e);
  const signed = (d: Dec) => (d.neg ? -d.m : d.m) * pow10(d.e - e);
  const sum = signed(a) + signed(b);
  // An exact zero is negative only when both terms are.
  return round({ neg: sum < 0n || (sum === 0n && a.neg && b.neg), m: sum < 0n ? -sum : sum, e }, precision);
}

const multiply = (a: Dec, b: Dec, precision: number): Dec => round({ neg: a.neg !== b.neg, m: a.m * b.m, e: a.e + b.e }, precision);

/** a / b: exact quotients keep the exponent a.e - b.e where their digits allow; others get `precision` digits. */
function divide(a: Dec, b: Dec, precision: number): Dec {
  if (b.m === 0n) throw new RangeError("division by zero");
  const neg = a.neg !== b.neg;
  const ideal = a.e - b.e;
  // Scale the dividend so the quotient has more digits than the precision.
  const k = Math.max(0, precision + digitCount(b.m) - digitCount(a.m) + 1);
  const scaled = a.m * pow10(k);
  let m = scaled / b.m;
  let e = ideal - k;
  if (scaled % b.m !== 0n) return round({ neg, m, e }, precision, true);
  if (m === 0n) return { neg, m, e: ideal };
  while (e < ideal && m % 10n === 0n) {
    m /= 10n;
    e += 1;
  }
  return round({ neg, m, e }, precision);
}

/**
 * The value of `source` (decimal literals, + - * /, parentheses), as the library computes it:
 * Python reads a literal with a point as a float and takes Decimal(str(float)) (an integer as
 * it is), then applies each
 * operation at the context's precision in Python's order. Throws on a division by zero.
 */
export function evaluateDecimal(source: string, precision: number): Dec {
  const tokens = source.match(/\d+(?:\.\d*)?|\.\d+|\S/g) ?? [];
  let at = 0;
  // An integer literal is read exactly; Decimal(repr(float)) keeps the repr's digits, trailing zeros included ("10.0" is 100e-1).
  const literal = (text: string): Dec => {
    if (/^\d+$/.test(text)) return { neg: false, m: BigInt(text), e: 0 };
    const repr = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(pyFloatRepr(Number(text)));
    if (!repr) throw new SyntaxError(`not a literal: ${text}`);
    const [, whole, fraction = "", exponent = "0"] = repr;
    return { neg: false, m: BigInt(whole! + fraction), e: Number(exponent) - fraction.length };
  };
  function atom(): Dec {
    const token = tokens[at++];
    if (token === "(") {
      const value = sum();
      if (tokens[at++] !== ")") throw new SyntaxError("unbalanced parentheses");
      return value;
    }
    if (token === "-") {
      const value = atom();
      return { ...value, neg: !value.neg };
    }
    if (token === undefined || !/^[\d.]/.test(token)) throw new SyntaxError(`unexpected ${token ?? "end"}`);
    return literal(token);
  }
  function product(): Dec {
    let value = atom();
    while (tokens[at] === "*" || tokens[at] === "/") value = tokens[at++] === "*" ? multiply(value, atom(), precision) : divide(value, atom(), precision);
    return value;
  }
  function sum(): Dec {
    let value = product();
    while (tokens[at] === "+" || tokens[at] === "-") {
      const op = tokens[at++];
      const right = product();
      value = add(value, op === "+" ? right : { ...right, neg: !right.neg }, precision);
    }
    return value;
  }
  const value = sum();
  if (at !== tokens.length) throw new SyntaxError("trailing input");
  return value;
}
