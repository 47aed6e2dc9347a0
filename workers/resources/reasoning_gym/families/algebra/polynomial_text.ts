// Polynomials with rational coefficients in one or more variables, for our generators: sums,
// products, derivatives, and the text sympy's printer would give them in substance ("-9*x**8/10
// + 3*x*y - 2"), which parse_expr reads back to the same expression.

export type Rational = { n: bigint; d: bigint };
type Term = { exps: number[]; c: Rational };
export type Polynomial = { vars: readonly string[]; terms: Map<string, Term> };

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

export function rational(n: bigint | number, d: bigint | number = 1n): Rational {
  let [p, q] = [BigInt(n), BigInt(d)];
  if (q < 0n) [p, q] = [-p, -q];
  const g = gcd(p, q) || 1n;
  return { n: p / g, d: q / g };
}
const addQ = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
const mulQ = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);

/** c * vars[0]**exps[0] * ... */
export function monomial(vars: readonly string[], exps: readonly number[], c: Rational): Polynomial {
  return { vars, terms: c.n === 0n ? new Map() : new Map([[exps.join(","), { exps: [...exps], c }]]) };
}

export function add(a: Polynomial, b: Polynomial): Polynomial {
  const terms = new Map(a.terms);
  for (const [k, t] of b.terms) {
    const c = terms.has(k) ? addQ(terms.get(k)!.c, t.c) : t.c;
    if (c.n === 0n) terms.delete(k);
    else terms.set(k, { exps: t.exps, c });
  }
  return { vars: a.vars, terms };
}

export function multiply(a: Polynomial, b: Polynomial): Polynomial {
  let out: Polynomial = { vars: a.vars, terms: new Map() };
  for (const s of a.terms.values()) for (const t of b.terms.values()) out = add(out, monomial(a.vars, s.exps.map((e, i) => e + t.exps[i]!), mulQ(s.c, t.c)));
  return out;
}

/** d/d(vars[v]). */
export function derivative(p: Polynomial, v = 0): Polynomial {
  let out: Polynomial = { vars: p.vars, terms: new Map() };
  for (const t of p.terms.values()) {
    if (t.exps[v] === 0) continue;
    out = add(out, monomial(p.vars, t.exps.map((e, i) => (i === v ? e - 1 : e)), mulQ(t.c, rational(t.exps[v]!))));
  }
  return out;
}

/** The coefficients by degree (index = degree) of a one-variable polynomial with no negative powers. */
export function coefficients(p: Polynomial): Rational[] {
  const out: Rational[] = [];
  for (const t of p.terms.values()) out[t.exps[0]!] = t.c;
  return Array.from(out, (c) => c ?? rational(0));
}

function powerText(name: string, e: number): string {
  if (e === 1) return name;
  return e < 0 ? `${name}**(${e})` : `${name}**${e}`;
}

/** Highest total degree first, then by the first variable's exponent, and so on. */
function order(a: Term, b: Term): number {
  const total = (t: Term) => t.exps.reduce((x, y) => x + y, 0);
  if (total(a) !== total(b)) return total(b) - total(a);
  for (let i = 0; i < a.exps.length; i++) if (a.exps[i] !== b.exps[i]) return b.exps[i]! - a.exps[i]!;
  return 0;
}

export function polynomialText(p: Polynomial): string {
  const terms = [...p.terms.values()].sort(order);
  if (terms.length === 0) return "0";
  return terms
    .map((t, i) => {
      const negative = t.c.n < 0n;
      const n = negative ? -t.c.n : t.c.n;
      const powers = t.exps.flatMap((e, v) => (e === 0 ? [] : [powerText(p.vars[v]!, e)])).join("*");
      let body: string;
      if (!powers) body = t.c.d === 1n ? `${n}` : `${n}/${t.c.d}`;
      else body = `${n === 1n ? "" : `${n}*`}${powers}${t.c.d === 1n ? "" : `/${t.c.d}`}`;
      if (i === 0) return negative ? `-${body}` : body;
      return negative ? ` - ${body}` : ` + ${body}`;
    })
    .join("");
}
