// Arithmetic answers (countdown, puzzle24) read the way the library's SymPy parse reads the plain
// arithmetic in them: integer literals, + - * / with Python's precedence, unary signs, parentheses,
// exact rational values, and SymPy's zoo (x/0) and nan (0/0) for division by zero. Anything else
// (powers, factorials, decimals, names, functions) is not an arithmetic answer: `undefined`.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";

export type Value = { kind: "rational"; num: bigint; den: bigint } | { kind: "zoo" } | { kind: "nan" } | { kind: "unknown" };

export interface Parsed {
  /** The integer literals in the order written (what the library's `\b\d+\b` scan finds); undefined past `maxNumbers` of them. */
  numbers: bigint[] | undefined;
  /** "unknown" past `maxNumbers` literals: such an answer cannot use a task's numbers, and a long sum of them would cost. */
  value: Value;
}

const ZOO: Value = { kind: "zoo" };
const NAN: Value = { kind: "nan" };
const UNKNOWN: Value = { kind: "unknown" };
// Python's parser refuses deeper nesting; its int() refuses longer literals.
const MAX_NESTING = 200;
const MAX_DIGITS = 4300;
const WORD_OR_DOT = /[\p{L}\p{N}_.]/u;

const abs = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

function rational(num: bigint, den: bigint): Value {
  if (den === 0n) return num === 0n ? NAN : ZOO;
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { kind: "rational", num: num / g, den: den / g };
}

type Op = "+" | "-" | "*" | "/";

function apply(op: Op, a: Value, b: Value): Value {
  if (a.kind === "unknown" || b.kind === "unknown") return UNKNOWN;
  if (a.kind === "nan" || b.kind === "nan") return NAN;
  if (a.kind === "rational" && b.kind === "rational") {
    switch (op) {
      case "+":
        return rational(a.num * b.den + b.num * a.den, a.den * b.den);
      case "-":
        return rational(a.num * b.den - b.num * a.den, a.den * b.den);
      case "*":
        return rational(a.num * b.num, a.den * b.den);
      case "/":
        return rational(a.num * b.den, a.den * b.num);
    }
  }
  // At least one side is zoo (complex infinity), as SymPy combines it.
  const zero = (v: Value) => v.kind === "rational" && v.num === 0n;
  switch (op) {
    case "+":
    case "-":
      return a.kind === "zoo" && b.kind === "zoo" ? NAN : ZOO;
    case "*":
      return zero(a) || zero(b) ? NAN : ZOO;
    case "/":
      if (a.kind === "zoo" && b.kind === "zoo") return NAN;
      return a.kind === "zoo" ? ZOO : rational(0n, 1n);
  }
}

const negate = (v: Value): Value => (v.kind === "rational" ? { ...v, num: -v.num } : v);

type Pending = Op | "neg" | "(";
const PRECEDENCE: Record<Pending, number> = { "(": 0, "+": 1, "-": 1, "*": 2, "/": 2, neg: 3 };
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * One pass over the text, operators waiting on a stack (no recursion: an answer may be half a
 * megabyte of "1+1+..."). Whitespace as Python's tokenizer takes it: spaces, tabs and form feeds
 * anywhere, line breaks only inside parentheses, `#` comments to the end of the line.
 */
function evaluate(text: string, maxNumbers: number): Parsed | undefined {
  const numbers: bigint[] = [];
  let count = 0;
  const values: Value[] = [];
  const pending: Pending[] = [];
  let depth = 0;
  let operand = true; // whether an operand (or a sign or "(") comes next

  const reduce = () => {
    const op = pending.pop()!;
    if (op === "neg") values.push(negate(values.pop()!));
    else {
      const right = values.pop()!;
      values.push(apply(op as Op, values.pop()!, right));
    }
  };

  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    const code = text.charCodeAt(i);
    if (c === " " || c === "\t" || c === "\f" || ((c === "\n" || c === "\r") && depth > 0)) {
      i++;
    } else if (c === "#") {
      const lineEnd = text.indexOf("\n", i);
      i = lineEnd < 0 ? text.length : lineEnd;
    } else if (operand) {
      if (c === "+" || c === "-") {
        if (c === "-") pending.push("neg");
        i++;
      } else if (c === "(") {
        if (++depth >= MAX_NESTING) return undefined;
        pending.push("(");
        i++;
      } else if (isDigit(code)) {
        const start = i;
        let nonZero = false;
        for (; isDigit(text.charCodeAt(i)); i++) nonZero ||= text.charCodeAt(i) !== 48;
        // Python reads no leading zeros on a non-zero literal, no digit run over its int limit, and no 2.5 or 2e3 or 2x here.
        if (i - start > MAX_DIGITS || (nonZero && code === 48) || WORD_OR_DOT.test(text[i] ?? "")) return undefined;
        if (++count > maxNumbers) values.push(UNKNOWN);
        else {
          const value = BigInt(text.slice(start, i));
          numbers.push(value);
          values.push(rational(value, 1n));
        }
        operand = false;
      } else return undefined;
    } else if (c === "+" || c === "-" || c === "*" || c === "/") {
      // ** and // are not ours.
      if ((c === "*" || c === "/") && text[i + 1] === c) return undefined;
      while (pending.length > 0 && PRECEDENCE[pending.at(-1)!] >= PRECEDENCE[c]) reduce();
      pending.push(c);
      operand = true;
      i++;
    } else if (c === ")") {
      while (pending.length > 0 && pending.at(-1) !== "(") reduce();
      if (pending.pop() !== "(") return undefined;
      depth--;
      i++;
    } else return undefined;
  }
  if (operand || depth !== 0) return undefined;
  while (pending.length > 0) reduce();
  return { numbers: count > maxNumbers ? undefined : numbers, value: values[0]! };
}

/** The expression's literals and exact value; undefined where it is not plain integer arithmetic. */
export function parseArithmetic(text: string, maxNumbers = 64): Parsed | undefined {
  // SymPy strips the text before parsing it.
  return evaluate(pyStrip(text), maxNumbers);
}

/** The same numbers, each as often (a multiset comparison, as the library's sorted lists are). */
export function sameNumbers(used: readonly bigint[] | undefined, given: readonly unknown[]): boolean {
  if (!used || used.length !== given.length) return false;
  const key = (xs: readonly (bigint | string)[]) => xs.map(String).sort().join(",");
  const givenInts = given.map((n) => (typeof n === "number" && Number.isInteger(n) ? BigInt(n) : undefined));
  return !givenInts.includes(undefined) && key(used) === key(givenInts as bigint[]);
}

/** A rational's float value (exact when both parts are below 2**53, as in these tasks). */
export function toFloat(v: Value & { kind: "rational" }): number {
  const n = Number(v.num);
  const d = Number(v.den);
  if (Number.isFinite(n) && Number.isFinite(d)) return n / d;
  return Number((v.num * 10n ** 20n) / v.den) / 1e20;
}
