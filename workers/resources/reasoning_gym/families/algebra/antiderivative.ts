// Whether an answer is an antiderivative of an integrand: the library differentiates the answer
// with sympy and asks simplify(derivative - integrand) == 0. We differentiate exactly too (forward
// mode: every value carries its derivative) and compare the two functions at fixed complex points,
// where an identity holds and a wrong answer shows. The constant C and any other name but the
// variable are constants of integration, as sympy's symbols are.
import type { Entry } from "../family.ts";
import { parseSympy, type SympyNode } from "../support/sympy_expression.ts";

type C = readonly [number, number];
type Dual = { v: C; d: C };

const cadd = (a: C, b: C): C => [a[0] + b[0], a[1] + b[1]];
const csub = (a: C, b: C): C => [a[0] - b[0], a[1] - b[1]];
const cmul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
function cdiv(a: C, b: C): C {
  const m = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / m, (a[1] * b[0] - a[0] * b[1]) / m];
}
const cexp = (a: C): C => [Math.exp(a[0]) * Math.cos(a[1]), Math.exp(a[0]) * Math.sin(a[1])];
const clog = (a: C): C => [Math.log(Math.hypot(a[0], a[1])), Math.atan2(a[1], a[0])];
const real = (x: number): C => [x, 0];
const ONE = real(1);
const I: C = [0, 1];
const cscale = (a: C, k: number): C => [a[0] * k, a[1] * k];
const csqrt = (a: C): C => (a[0] === 0 && a[1] === 0 ? [0, 0] : cexp(cscale(clog(a), 0.5)));
const csin = (a: C): C => [Math.sin(a[0]) * Math.cosh(a[1]), Math.cos(a[0]) * Math.sinh(a[1])];
const ccos = (a: C): C => [Math.cos(a[0]) * Math.cosh(a[1]), -Math.sin(a[0]) * Math.sinh(a[1])];
const csinh = (a: C): C => cmul(cmul(I, csin(cmul(I, a))), [-1, 0]);
const ccosh = (a: C): C => ccos(cmul(I, a));
const casin = (a: C): C => cmul([0, -1], clog(cadd(cmul(I, a), csqrt(csub(ONE, cmul(a, a))))));
const catan = (a: C): C => cmul([0, 0.5], csub(clog(csub(ONE, cmul(I, a))), clog(cadd(ONE, cmul(I, a)))));
const casinh = (a: C): C => clog(cadd(a, csqrt(cadd(cmul(a, a), ONE))));
const cacosh = (a: C): C => clog(cadd(a, cmul(csqrt(cadd(a, ONE)), csqrt(csub(a, ONE)))));
const catanh = (a: C): C => cscale(csub(clog(cadd(ONE, a)), clog(csub(ONE, a))), 0.5);
const inv = (a: C): C => cdiv(ONE, a);

function cpow(a: C, b: C): C {
  // Integer powers by multiplication: exact for 0 ** n and where sympy keeps them exact.
  if (b[1] === 0 && Number.isInteger(b[0]) && Math.abs(b[0]) <= 64) {
    let out = ONE;
    for (let i = 0; i < Math.abs(b[0]); i++) out = cmul(out, a);
    return b[0] < 0 ? inv(out) : out;
  }
  return cexp(cmul(b, clog(a)));
}

/** Each function: its value and its derivative at a point. */
const FUNCTIONS: Record<string, (z: C) => [C, C]> = {
  sin: (z) => [csin(z), ccos(z)],
  cos: (z) => [ccos(z), cscale(csin(z), -1)],
  tan: (z) => {
    const t = cdiv(csin(z), ccos(z));
    return [t, cadd(ONE, cmul(t, t))];
  },
  cot: (z) => {
    const t = cdiv(ccos(z), csin(z));
    return [t, cscale(cadd(ONE, cmul(t, t)), -1)];
  },
  sec: (z) => {
    const s = inv(ccos(z));
    return [s, cmul(s, cdiv(csin(z), ccos(z)))];
  },
  csc: (z) => {
    const s = inv(csin(z));
    return [s, cscale(cmul(s, cdiv(ccos(z), csin(z))), -1)];
  },
  asin: (z) => [casin(z), inv(csqrt(csub(ONE, cmul(z, z))))],
  acos: (z) => [csub(real(Math.PI / 2), casin(z)), cscale(inv(csqrt(csub(ONE, cmul(z, z)))), -1)],
  atan: (z) => [catan(z), inv(cadd(ONE, cmul(z, z)))],
  acot: (z) => [catan(inv(z)), cscale(inv(cadd(ONE, cmul(z, z))), -1)],
  sinh: (z) => [csinh(z), ccosh(z)],
  cosh: (z) => [ccosh(z), csinh(z)],
  tanh: (z) => {
    const t = cdiv(csinh(z), ccosh(z));
    return [t, csub(ONE, cmul(t, t))];
  },
  asinh: (z) => [casinh(z), inv(csqrt(cadd(cmul(z, z), ONE)))],
  acosh: (z) => [cacosh(z), inv(cmul(csqrt(csub(z, ONE)), csqrt(cadd(z, ONE))))],
  atanh: (z) => [catanh(z), inv(csub(ONE, cmul(z, z)))],
  exp: (z) => [cexp(z), cexp(z)],
  log: (z) => [clog(z), inv(z)],
  ln: (z) => [clog(z), inv(z)],
  sqrt: (z) => [csqrt(z), inv(cscale(csqrt(z), 2))],
};

const CONSTANTS: Record<string, C> = { E: real(Math.E), pi: real(Math.PI), I };
// sympy's names that are not symbols; used bare, or called with arguments we do not model, they
// make the answer something other than a plain antiderivative.
const RESERVED = new Set(["oo", "zoo", "nan", "S", "N", "O", "Q", "Integral", "integrate", "Derivative", "diff", ...Object.keys(FUNCTIONS)]);

function evaluate(node: SympyNode, variable: string, at: ReadonlyMap<string, C>): Dual {
  const go = (n: SympyNode) => evaluate(n, variable, at);
  switch (node.k) {
    case "int":
      return { v: real(Number(node.v)), d: [0, 0] };
    case "float":
      return { v: real(node.v), d: [0, 0] };
    case "name": {
      if (node.name === variable) return { v: at.get(variable)!, d: ONE };
      const constant = CONSTANTS[node.name] ?? at.get(node.name);
      if (constant === undefined || RESERVED.has(node.name)) throw new RangeError(`unsupported name ${node.name}`);
      return { v: constant, d: [0, 0] };
    }
    case "call": {
      const fn = FUNCTIONS[node.name];
      if (node.name === "log" && node.args.length === 2) {
        const [x, base] = node.args.map(go) as [Dual, Dual];
        const lx = clog(x.v);
        const lb = clog(base.v);
        // d(log x / log b) = (x'/x * log b - log x * b'/b) / log(b)^2
        const d = cdiv(csub(cmul(cdiv(x.d, x.v), lb), cmul(lx, cdiv(base.d, base.v))), cmul(lb, lb));
        return { v: cdiv(lx, lb), d };
      }
      if (!fn || node.args.length !== 1) throw new RangeError(`unsupported function ${node.name}`);
      const arg = go(node.args[0]!);
      const [v, slope] = fn(arg.v);
      return { v, d: cmul(slope, arg.d) };
    }
    case "neg": {
      const a = go(node.a);
      return { v: cscale(a.v, -1), d: cscale(a.d, -1) };
    }
    case "add":
    case "sub": {
      const a = go(node.a);
      const b = go(node.b);
      return node.k === "add" ? { v: cadd(a.v, b.v), d: cadd(a.d, b.d) } : { v: csub(a.v, b.v), d: csub(a.d, b.d) };
    }
    case "mul": {
      const a = go(node.a);
      const b = go(node.b);
      return { v: cmul(a.v, b.v), d: cadd(cmul(a.d, b.v), cmul(a.v, b.d)) };
    }
    case "div": {
      const a = go(node.a);
      const b = go(node.b);
      return { v: cdiv(a.v, b.v), d: cdiv(csub(cmul(a.d, b.v), cmul(a.v, b.d)), cmul(b.v, b.v)) };
    }
    case "pow": {
      const a = go(node.a);
      const b = go(node.b);
      const v = cpow(a.v, b.v);
      // (a^b)' = b a^(b-1) a' + a^b log(a) b'; the second term only where the exponent varies.
      let d = cmul(cmul(b.v, cpow(a.v, csub(b.v, ONE))), a.d);
      if (b.d[0] !== 0 || b.d[1] !== 0) d = cadd(d, cmul(cmul(v, clog(a.v)), b.d));
      return { v, d };
    }
  }
}

function names(node: SympyNode, out: Set<string>): Set<string> {
  if (node.k === "name") out.add(node.name);
  else if (node.k === "call") for (const arg of node.args) names(arg, out);
  else if (node.k !== "int" && node.k !== "float") {
    names(node.a, out);
    if ("b" in node) names(node.b, out);
  }
  return out;
}

// Points off the real axis (clear of the branch cuts real integrands put there), and values for
// the constants; an identity holds at all of them, a wrong answer fails at some.
const POINTS: readonly C[] = [
  [0.37, 0.21],
  [1.13, -0.47],
  [-0.61, 0.33],
  [0.82, 0.91],
  [-1.27, -0.38],
];
const CONSTANT_VALUES: readonly C[] = [
  [0.713, 0.291],
  [-0.452, 0.867],
  [1.379, -0.183],
  [-0.921, -0.554],
];

/** Whether d(answer)/d(variable) equals the integrand, both as parse_expr reads them. */
export function isAntiderivative(answer: string, integrand: string, variable: string): boolean {
  const f = parseSympy(integrand);
  const big = parseSympy(answer);
  const free = [...names(big, new Set())].filter((n) => n !== variable && !(n in CONSTANTS));
  let compared = 0;
  for (const [i, x] of POINTS.entries()) {
    const at = new Map<string, C>([[variable, x]]);
    free.forEach((n, j) => at.set(n, CONSTANT_VALUES[(i + j) % CONSTANT_VALUES.length]!));
    const want = evaluate(f, variable, at).v;
    const got = evaluate(big, variable, at).d;
    if (![...want, ...got].every(Number.isFinite)) continue;
    const scale = Math.max(1, Math.hypot(...want));
    if (Math.hypot(got[0] - want[0], got[1] - want[1]) > 1e-8 * scale) return false;
    compared++;
  }
  return compared >= 3;
}

/** Both integration families' score: 1 for an antiderivative of the task's integrand, else 0. */
export function scoreAntiderivative(answer: string | null, entry: Entry): number {
  const { integrand, variable } = entry.metadata;
  if (answer === null || typeof integrand !== "string" || typeof variable !== "string") return 0;
  return isAntiderivative(answer, integrand, variable) ? 1 : 0;
}
