// The distinct real roots of a polynomial with rational coefficients, as floats: the square-free
// part (exact, by polynomial gcd), then one root in each interval between the roots of its
// derivative where its sign changes, found by bisection. For our polynomial_equations generator.
import type { Rational } from "./polynomial_text.ts";

type Q = Rational;
const gcdInt = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const q = (n: bigint, d = 1n): Q => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcdInt(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const sub = (a: Q, b: Q) => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q) => q(a.n * b.d, a.d * b.n);

/** Coefficients by degree, without trailing zeros. */
const trim = (p: Q[]): Q[] => {
  const out = [...p];
  while (out.length > 0 && out.at(-1)!.n === 0n) out.pop();
  return out;
};

function remainder(a: Q[], b: Q[]): Q[] {
  let r = trim(a);
  while (r.length >= b.length) {
    const factor = div(r.at(-1)!, b.at(-1)!);
    const shift = r.length - b.length;
    r = trim(r.map((c, i) => (i >= shift ? sub(c, mul(factor, b[i - shift]!)) : c)));
  }
  return r;
}

function quotient(a: Q[], b: Q[]): Q[] {
  let r = trim(a);
  const out: Q[] = Array.from({ length: Math.max(r.length - b.length + 1, 0) }, () => q(0n));
  while (r.length >= b.length) {
    const factor = div(r.at(-1)!, b.at(-1)!);
    const shift = r.length - b.length;
    out[shift] = factor;
    r = trim(r.map((c, i) => (i >= shift ? sub(c, mul(factor, b[i - shift]!)) : c)));
  }
  return out;
}

const derivativeOf = (p: Q[]): Q[] => p.slice(1).map((c, i) => mul(c, q(BigInt(i + 1))));

function gcdPoly(a: Q[], b: Q[]): Q[] {
  let [x, y] = [trim(a), trim(b)];
  while (y.length > 0) [x, y] = [y, remainder(x, y)];
  return x;
}

const evaluate = (p: readonly number[], x: number): number => p.reduceRight((acc, c) => acc * x + c, 0);

/** Roots of p (floats, square-free) inside (lo, hi), ascending. */
function rootsBetween(p: readonly number[], lo: number, hi: number): number[] {
  if (p.length <= 1) return [];
  if (p.length === 2) return [-p[0]! / p[1]!].filter((r) => r > lo && r < hi);
  const turning = rootsBetween(p.slice(1).map((c, i) => c * (i + 1)), lo, hi);
  const points = [lo, ...turning, hi];
  const out: number[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    let [a, b] = [points[i]!, points[i + 1]!];
    let fa = evaluate(p, a);
    if (fa === 0) {
      if (i > 0) out.push(a);
      continue;
    }
    if (Math.sign(evaluate(p, b)) === Math.sign(fa)) continue;
    for (let step = 0; step < 200 && b - a > 0; step++) {
      const m = (a + b) / 2;
      if (m === a || m === b) break;
      const fm = evaluate(p, m);
      if (fm === 0) [a, b] = [m, m];
      else if (Math.sign(fm) === Math.sign(fa)) [a, fa] = [m, fm];
      else b = m;
    }
    out.push((a + b) / 2);
  }
  return out;
}

/** The distinct real roots of the polynomial with these coefficients (index = degree), ascending. */
export function realRoots(coefficients: readonly Rational[]): number[] {
  const p = trim(coefficients.map((c) => q(c.n, c.d)));
  if (p.length <= 1) return [];
  const squareFree = quotient(p, gcdPoly(p, derivativeOf(p)));
  const lead = squareFree.at(-1)!;
  const monic = squareFree.map((c) => div(c, lead)).map((c) => Number(c.n) / Number(c.d));
  // Cauchy's bound: every root lies within 1 + max |c_i| of the origin.
  const bound = 1 + Math.max(...monic.slice(0, -1).map(Math.abs));
  return rootsBetween(monic, -bound - 1, bound + 1);
}
