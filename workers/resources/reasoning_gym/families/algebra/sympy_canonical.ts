// The form sympy's automatic evaluation gives an expression (what parse_expr returns, before any
// expand or simplify), so two answers compare as sympy's `==` compares them: sums collect like
// terms, products collect powers of the same base, a rational number times a sum distributes over
// it, an integer power of a product distributes over its factors, but a product of sums stays a
// product. Floats never equal integers (2.0*x is not 2*x), as in sympy 1.13 and later.
import type { SympyNode } from "../support/sympy_expression.ts";

type Num = { float: false; n: bigint; d: bigint } | { float: true; v: number };
type Factor = { base: Expr; exp: Expr };
type Expr =
  | { t: "num"; n: Num }
  | { t: "sym"; name: string }
  | { t: "fn"; name: string; args: Expr[] }
  | { t: "add"; c: Num; terms: Map<string, { c: Num; e: Expr }> }
  | { t: "mul"; c: Num; factors: Map<string, Factor> };

/** An integer power's result bits beyond this: sympy would grind on; no polynomial answer needs it. */
const MAX_POWER_BITS = 20_000n;

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

function rational(n: bigint, d: bigint): Num {
  if (d === 0n) throw new RangeError("division by zero");
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { float: false, n: n / g, d: d / g };
}
const ONE = rational(1n, 1n);
const toFloat = (x: Num): number => (x.float ? x.v : Number(x.n) / Number(x.d));
const isZero = (x: Num): boolean => (x.float ? x.v === 0 : x.n === 0n);
const isOne = (x: Num): boolean => !x.float && x.n === 1n && x.d === 1n;
const isInteger = (x: Num): x is { float: false; n: bigint; d: bigint } => !x.float && x.d === 1n;
const numKey = (x: Num): string => (x.float ? `f${x.v}` : `q${x.n}/${x.d}`);

const addNum = (a: Num, b: Num): Num => (a.float || b.float ? { float: true, v: toFloat(a) + toFloat(b) } : rational(a.n * b.d + b.n * a.d, a.d * b.d));
const mulNum = (a: Num, b: Num): Num => (a.float || b.float ? { float: true, v: toFloat(a) * toFloat(b) } : rational(a.n * b.n, a.d * b.d));

function powNum(a: Num, e: bigint): Num {
  if (a.float) return { float: true, v: toFloat(a) ** Number(e) };
  const bits = BigInt(Math.max(a.n.toString(2).length, a.d.toString(2).length));
  if (bits * (e < 0n ? -e : e) > MAX_POWER_BITS) throw new RangeError("power too large");
  return e >= 0n ? rational(a.n ** e, a.d ** e) : rational(a.d ** -e, a.n ** -e);
}

const keys = new WeakMap<Expr, string>();
function key(e: Expr): string {
  const cached = keys.get(e);
  if (cached !== undefined) return cached;
  let k: string;
  if (e.t === "num") k = numKey(e.n);
  else if (e.t === "sym") k = `s${e.name}`;
  else if (e.t === "fn") k = `f${e.name}(${e.args.map(key).join(",")})`;
  else if (e.t === "add") k = `a${numKey(e.c)}[${[...e.terms].map(([tk, { c }]) => `${numKey(c)}*${tk}`).sort().join(";")}]`;
  else k = `m${numKey(e.c)}[${[...e.factors.values()].map((f) => `${key(f.base)}^${key(f.exp)}`).sort().join(";")}]`;
  keys.set(e, k);
  return k;
}

const num = (n: Num): Expr => ({ t: "num", n });

/** A product from its coefficient and factors, in sympy's shape (a lone factor is itself). */
function product(c: Num, factors: Map<string, Factor>): Expr {
  if (isZero(c)) return num(rational(0n, 1n));
  if (factors.size === 0) return num(c);
  if (isOne(c) && factors.size === 1) {
    const [only] = factors.values();
    if (only!.exp.t === "num" && isOne(only!.exp.n)) return only!.base;
  }
  return { t: "mul", c, factors };
}

function asProduct(e: Expr): { c: Num; factors: Map<string, Factor> } {
  if (e.t === "num") return { c: e.n, factors: new Map() };
  if (e.t === "mul") return { c: e.c, factors: e.factors };
  return { c: ONE, factors: new Map([[key(e), { base: e, exp: num(ONE) }]]) };
}

function distribute(r: Num, sum: Extract<Expr, { t: "add" }>): Expr {
  const terms = new Map([...sum.terms].map(([k, { c, e }]) => [k, { c: mulNum(r, c), e }]));
  return { t: "add", c: mulNum(r, sum.c), terms };
}

export function mul(a: Expr, b: Expr): Expr {
  // sympy's two-argument rule: a rational times a sum multiplies each of its terms.
  if (b.t === "num" && !b.n.float) [a, b] = [b, a];
  if (a.t === "num" && !a.n.float && !isZero(a.n) && b.t === "add") return distribute(a.n, b);
  const left = asProduct(a);
  const right = asProduct(b);
  let c = mulNum(left.c, right.c);
  const factors = new Map(left.factors);
  for (const [k, f] of right.factors) {
    const same = factors.get(k);
    factors.set(k, same ? { base: f.base, exp: add(same.exp, f.exp) } : f);
  }
  for (const [k, f] of factors) {
    if (f.exp.t === "num" && isZero(f.exp.n)) factors.delete(k);
    else if (f.base.t === "num" && f.exp.t === "num" && isInteger(f.exp.n) && !f.base.n.float) {
      c = mulNum(c, powNum(f.base.n, f.exp.n.n));
      factors.delete(k);
    }
  }
  return product(c, factors);
}

function asTerm(e: Expr): { c: Num; e: Expr } {
  if (e.t === "mul") return { c: e.c, e: product(ONE, e.factors) };
  return { c: ONE, e };
}

export function add(a: Expr, b: Expr): Expr {
  let c = rational(0n, 1n);
  const terms = new Map<string, { c: Num; e: Expr }>();
  for (const side of [a, b]) {
    if (side.t === "num") c = addNum(c, side.n);
    else {
      const parts = side.t === "add" ? [...side.terms.values()] : [asTerm(side)];
      if (side.t === "add") c = addNum(c, side.c);
      for (const term of parts) {
        const k = key(term.e);
        const same = terms.get(k);
        terms.set(k, same ? { c: addNum(same.c, term.c), e: term.e } : term);
      }
    }
  }
  for (const [k, term] of terms) if (isZero(term.c)) terms.delete(k);
  if (terms.size === 0) return num(isZero(c) ? rational(0n, 1n) : c);
  if (isZero(c) && terms.size === 1) {
    const [only] = terms.values();
    return mul(num(only!.c), only!.e);
  }
  return { t: "add", c: isZero(c) ? rational(0n, 1n) : c, terms };
}

export function pow(base: Expr, exp: Expr): Expr {
  if (exp.t === "num" && !exp.n.float) {
    if (exp.n.n === 0n) return num(ONE);
    if (isOne(exp.n)) return base;
    if (isInteger(exp.n)) {
      const e = exp.n.n;
      if (base.t === "num") {
        if (isZero(base.n) && e < 0n) throw new RangeError("zero to a negative power");
        return num(powNum(base.n, e));
      }
      // An integer power of a product is the product of its factors' powers.
      if (base.t === "mul") {
        const factors = new Map([...base.factors].map(([k, f]) => [k, { base: f.base, exp: mul(f.exp, exp) }]));
        return product(powNum(base.c, e), factors);
      }
    }
  }
  if (base.t === "num" && exp.t === "num" && (base.n.float || exp.n.float)) return num({ float: true, v: toFloat(base.n) ** toFloat(exp.n) });
  return product(ONE, new Map([[key(base), { base, exp }]]));
}

/** The evaluated form of a parsed answer. */
export function canonical(node: SympyNode): Expr {
  switch (node.k) {
    case "int":
      return num(rational(node.v, 1n));
    case "float":
      return num({ float: true, v: node.v });
    case "name":
      return { t: "sym", name: node.name };
    case "call":
      return { t: "fn", name: node.name, args: node.args.map(canonical) };
    case "neg":
      return mul(num(rational(-1n, 1n)), canonical(node.a));
    case "add":
      return add(canonical(node.a), canonical(node.b));
    case "sub":
      return add(canonical(node.a), mul(num(rational(-1n, 1n)), canonical(node.b)));
    case "mul":
      return mul(canonical(node.a), canonical(node.b));
    case "div":
      return mul(canonical(node.a), pow(canonical(node.b), num(rational(-1n, 1n))));
    case "pow":
      return pow(canonical(node.a), canonical(node.b));
  }
}

/** Whether sympy would find the two parsed expressions `==` after evaluation. */
export const sympyEqual = (a: SympyNode, b: SympyNode): boolean => key(canonical(a)) === key(canonical(b));
