// Our intermediate_integration tasks: for each of the library's problem types an integrand built
// from random parameters together with an antiderivative worked out in closed form (substitution,
// integration by parts done by the tabular method, the standard cyclic results).
import type { Rng } from "../rng.ts";
import { add, monomial, polynomialText, rational, type Rational } from "./polynomial_text.ts";

export const PROBLEM_TYPES = ["linear", "radical", "log_inverse_trig", "trigonometric", "polynomial_exp_trig", "exponential", "cyclic", "repeated_parts"] as const;

export interface IntegrationSettings {
  linear: [number, number];
  linearDegree: [number, number];
  outer: [number, number];
  polyDegree: [number, number];
  operators: readonly string[];
}

/** c * body in sympy's style: "body", "-body", "3*body", "3*body/4". The body must bind tighter than * and /. */
function scaled(c: Rational, body: string): string {
  const negative = c.n < 0n;
  const n = negative ? -c.n : c.n;
  const text = `${n === 1n ? "" : `${n}*`}${body}${c.d === 1n ? "" : `/${c.d}`}`;
  return negative ? `-${text}` : text;
}

/** Terms joined with their signs: ["x", "-2*y"] -> "x - 2*y". */
const sum = (terms: readonly string[]): string => terms.map((t, i) => (i === 0 ? t : t.startsWith("-") ? ` - ${t.slice(1)}` : ` + ${t}`)).join("") || "0";

const q = (n: number | bigint, d: number | bigint = 1) => rational(n, d);
const times = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);

/** sum of c_i * x**i for the given coefficients, as text. */
function polynomial(x: string, coefficients: readonly number[]): string {
  let p = { vars: [x], terms: new Map() } as ReturnType<typeof monomial>;
  coefficients.forEach((c, i) => (p = add(p, monomial([x], [i], q(c)))));
  return polynomialText(p);
}

const power = (x: string, m: number) => (m === 1 ? x : `${x}**${m}`);

/**
 * ∫ x**n * f(c*x) dx by the tabular method, f one of exp (c = 1), sin, cos: the sum over j of
 * (-1)**j * (x**n)^(j) times the (j+1)-th antiderivative of f(c*x).
 */
function byParts(x: string, n: number, f: "exp" | "sin" | "cos", c: number, outer: Rational): string {
  const arg = c === 1 ? x : `${c}*${x}`;
  // The k-th antiderivative of f(c*x) (k >= 1): a sign, the function, and 1/c**k.
  const cycle: Record<string, [number, string][]> = {
    sin: [[-1, "cos"], [-1, "sin"], [1, "cos"], [1, "sin"]],
    cos: [[1, "sin"], [-1, "cos"], [-1, "sin"], [1, "cos"]],
    exp: [[1, "exp"], [1, "exp"], [1, "exp"], [1, "exp"]],
  };
  const terms: string[] = [];
  let falling = 1n;
  for (let j = 0; j <= n; j++) {
    const [sign, fn] = cycle[f]![j % 4]!;
    const coefficient = times(outer, q(BigInt((j % 2 === 0 ? 1 : -1) * sign) * falling, BigInt(c) ** BigInt(j + 1)));
    const m = n - j;
    terms.push(scaled(coefficient, m === 0 ? `${fn}(${arg})` : `${power(x, m)}*${fn}(${arg})`));
    falling *= BigInt(n - j);
  }
  return sum(terms);
}

/** An integrand and one of its antiderivatives, in the variable x. */
export function integrationTask(rng: Rng, type: (typeof PROBLEM_TYPES)[number], x: string, s: IntegrationSettings): { integrand: string; antiderivative: string } {
  const signed = (n: number) => (rng.choice(s.operators) === "-" ? -n : n);
  const k = signed(rng.int(...s.outer));
  const K = q(k);
  const bound = () => rng.int(...s.linear);
  switch (type) {
    case "linear": {
      const a = bound();
      const b = signed(bound());
      const n = rng.int(...s.linearDegree);
      const inner = `(${polynomial(x, [b, a])})`;
      return { integrand: scaled(K, `${inner}**${n}`), antiderivative: scaled(q(k, a * (n + 1)), `${inner}**${n + 1}`) };
    }
    case "exponential": {
      const quadratic = rng.chance(0.5);
      const t = Array.from({ length: quadratic ? 3 : 2 }, () => signed(bound()));
      const u = polynomial(x, quadratic ? [t[2]!, t[1]!, t[0]!] : [t[1]!, t[0]!]);
      const du = polynomial(x, quadratic ? [t[1]!, 2 * t[0]!] : [t[0]!]);
      const integrand = quadratic ? scaled(K, `(${du})*exp(${u})`) : scaled(q(k * t[0]!), `exp(${u})`);
      return { integrand, antiderivative: scaled(K, `exp(${u})`) };
    }
    case "radical": {
      const a = signed(bound());
      const b = signed(bound());
      const inner = polynomial(x, [b, a]);
      return { integrand: scaled(q(k * a), `sqrt(${inner})`), antiderivative: scaled(q(2 * k, 3), `(${inner})**(3/2)`) };
    }
    case "trigonometric": {
      const fn = rng.choice(["sin", "cos"] as const);
      const a = signed(bound());
      const b = signed(bound());
      const p = rng.int(1, 4);
      const inner = polynomial(x, [b, a]);
      const other = fn === "sin" ? "cos" : "sin";
      // d/dx sin(u)**(p+1) = (p+1) a cos(u) sin(u)**p; d/dx cos(u)**(p+1) = -(p+1) a sin(u) cos(u)**p.
      const integrand = scaled(q(fn === "sin" ? k * a : -k * a), `${other}(${inner})*${fn}(${inner})${p === 1 ? "" : `**${p}`}`);
      return { integrand, antiderivative: scaled(q(k, p + 1), `${fn}(${inner})**${p + 1}`) };
    }
    case "polynomial_exp_trig":
    case "repeated_parts": {
      const repeated = type === "repeated_parts";
      const n = repeated ? rng.int(Math.min(3, s.polyDegree[1]), s.polyDegree[1]) : rng.int(...s.polyDegree);
      const f = rng.choice(["exp", "sin", "cos"] as const);
      const c = f === "exp" || repeated ? 1 : rng.int(1, 3);
      const arg = c === 1 ? x : `${c}*${x}`;
      return { integrand: scaled(K, `${power(x, n)}*${f}(${arg})`), antiderivative: byParts(x, n, f, c, K) };
    }
    case "log_inverse_trig": {
      const fn = rng.choice(["log", "asin", "atan"] as const);
      const c = rng.int(1, 3);
      const arg = c === 1 ? x : `${c}*${x}`;
      if (fn === "log") {
        const m = rng.chance(0.8) ? 1 : rng.int(2, 3);
        // ∫ log(x**m) = x*log(x**m) - m*x.
        const logArg = m === 1 ? x : `${x}**${m}`;
        return { integrand: scaled(K, `log(${logArg})`), antiderivative: sum([scaled(K, `${x}*log(${logArg})`), scaled(q(-k * m), x)]) };
      }
      if (fn === "asin") return { integrand: scaled(K, `asin(${arg})`), antiderivative: sum([scaled(K, `${x}*asin(${arg})`), scaled(q(k, c), `sqrt(${polynomial(x, [1, 0, -c * c])})`)]) };
      return { integrand: scaled(K, `atan(${arg})`), antiderivative: sum([scaled(K, `${x}*atan(${arg})`), scaled(q(-k, 2 * c), `log(${polynomial(x, [1, 0, c * c])})`)]) };
    }
    case "cyclic": {
      const pair = rng.int(0, 2);
      if (pair === 0) return { integrand: scaled(K, `exp(${x})*sin(${x})`), antiderivative: scaled(q(k, 2), `(sin(${x}) - cos(${x}))*exp(${x})`) };
      if (pair === 1) return { integrand: scaled(K, `exp(${x})*cos(${x})`), antiderivative: scaled(q(k, 2), `(sin(${x}) + cos(${x}))*exp(${x})`) };
      return { integrand: scaled(K, `sin(${x})*cos(${x})`), antiderivative: scaled(q(k, 2), `sin(${x})**2`) };
    }
  }
}
