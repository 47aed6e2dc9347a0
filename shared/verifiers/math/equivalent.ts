// Whether two final answers state the same math. Both are normalised (normalize.ts), split into
// their shape (structure.ts) and compared shape by shape: tuples and intervals in order with the
// same brackets, sets and unions in any order, relations side by side. Two values are equal when
// they agree at 64 significant digits (relative 1e-12) at fixed sample points of their variables,
// so `\frac{1}{\sqrt2}` equals `\sqrt{2}/2` and `x^2-1` equals `(x-1)(x+1)`. Notation the
// translator does not know is compared as normalised text. Every check has an operation budget
// (budget.ts); one that runs out is "not equivalent", reported as `budgetExhausted`.
import type { BigNumber } from "mathjs";
import { Budget, BudgetExhausted, DEFAULT_BUDGET } from "./budget.ts";
import { evaluate, parseExpression, variables } from "./evaluate.ts";
import type { Scope } from "./evaluate.ts";
import { math } from "./library.ts";
import { normalizeAnswer } from "./normalize.ts";
import { answerShape, flipRelation } from "./structure.ts";
import type { Shape, Value } from "./structure.ts";
import { NotMath, toExpression } from "./to_expression.ts";

export interface MathCheck {
  equal: boolean;
  /** The check ran out of its operation budget (or the answer was too long) before deciding. */
  budgetExhausted: boolean;
}

export interface MathCheckOptions {
  /** Operation units for the whole check (see budget.ts); the default decides typical answers with room to spare. */
  budget?: number;
}

const MAX_ANSWER_CHARS = 2_000;
// Brackets nest at most this deep: parsing and evaluation recurse once per level.
const MAX_DEPTH = 100;
const MAX_ITEMS = 64;

const RELATIVE_TOLERANCE = math.bignumber("1e-12");
// Below this both are zero: 64-digit cancellation leaves residues far smaller.
const ZERO = math.bignumber("1e-40");
const HUNDRED = math.bignumber(100);
const EXACT = math.bignumber("1e50");
// Distinct transcendental-ish points, so unequal expressions rarely agree by accident.
const SAMPLES = ["0.5772156649015328606", "1.3247179572447460260", "2.6854520010653064453"].map((s) => math.bignumber(s));

type Compare = (a: Shape, b: Shape) => boolean;

const plainText = (text: string) => text.toLowerCase().replace(/\s+/g, "");

function scopes(names: readonly string[]): Scope[] {
  if (names.length === 0) return [new Map()];
  return SAMPLES.map((sample, p) => new Map(names.map((name, k) => [name, sample.plus(0.37 * ((k + p) % names.length))])));
}

function close(a: BigNumber, b: BigNumber): boolean {
  if (a.isNaN() || b.isNaN()) return false;
  if (!a.isFinite() || !b.isFinite()) return a.equals(b);
  // Integers this small are exact at 64 digits: 2^100 and 2^100 + 1 differ.
  if (a.isInteger() && b.isInteger() && a.abs().lessThan(EXACT) && b.abs().lessThan(EXACT)) return a.equals(b);
  const scale = a.abs().greaterThan(b.abs()) ? a.abs() : b.abs();
  if (scale.lessThan(ZERO)) return true;
  return a.minus(b).abs().lessThanOrEqualTo(scale.times(RELATIVE_TOLERANCE));
}

function sameValue(a: Value, b: Value, budget: Budget): boolean {
  if (plainText(a.text) === plainText(b.text) && a.percent === b.percent) return true;
  let nodes;
  try {
    nodes = [a, b].map((v) => parseExpression(toExpression(v.text, budget), budget));
  } catch (err) {
    if (err instanceof NotMath) return plainText(a.text) === plainText(b.text);
    throw err;
  }
  const [na, nb] = nodes as [ReturnType<typeof parseExpression>, ReturnType<typeof parseExpression>];
  // A percentage may be meant as its number or as a fraction: 25% is 25 or 0.25.
  const readings = (v: Value, x: BigNumber) => (v.percent ? [x, x.div(HUNDRED)] : [x]);
  let decided = false;
  for (const scope of scopes([...new Set([...variables(na), ...variables(nb)])])) {
    const va = evaluate(na, scope, budget);
    const vb = evaluate(nb, scope, budget);
    // Both undefined at this point (outside a shared domain) says nothing either way.
    if (va.isNaN() && vb.isNaN()) continue;
    if (!readings(a, va).some((x) => readings(b, vb).some((y) => close(x, y)))) return false;
    decided = true;
  }
  return decided;
}

/** Whether every item of `a` pairs with a distinct equal item of `b` (same count). */
function sameItems(a: readonly Shape[], b: readonly Shape[], compare: Compare): boolean {
  if (a.length !== b.length || a.length > MAX_ITEMS) return false;
  const used = new Array<boolean>(b.length).fill(false);
  return a.every((x) => {
    const j = b.findIndex((y, i) => !used[i] && compare(x, y));
    if (j === -1) return false;
    used[j] = true;
    return true;
  });
}

function sameShape(a: Shape, b: Shape, budget: Budget): boolean {
  const compare: Compare = (x, y) => sameShape(x, y, budget);
  if (a.kind === "value" && b.kind === "value") return sameValue(a, b, budget);
  // A one-element set answers as its element: {3} and 3.
  if (a.kind === "set" && a.items.length === 1 && b.kind !== "set") return compare(a.items[0]!, b);
  if (b.kind === "set" && b.items.length === 1 && a.kind !== "set") return compare(a, b.items[0]!);
  if (a.kind === "tuple" && b.kind === "tuple") {
    return a.open === b.open && a.close === b.close && a.items.length === b.items.length && a.items.every((x, i) => compare(x, b.items[i]!));
  }
  if ((a.kind === "set" && b.kind === "set") || (a.kind === "union" && b.kind === "union")) return sameItems(a.items, b.items, compare);
  if (a.kind === "relation" && b.kind === "relation") {
    return (a.op === b.op && compare(a.lhs, b.lhs) && compare(a.rhs, b.rhs)) || (a.op === flipRelation(b.op) && compare(a.lhs, b.rhs) && compare(a.rhs, b.lhs));
  }
  return false;
}

function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const ch of text) {
    if (ch === "(" || ch === "[" || ch === "{") deepest = Math.max(deepest, ++depth);
    else if (ch === ")" || ch === "]" || ch === "}") depth--;
  }
  return deepest;
}

const tooLarge = (text: string) => text.length > MAX_ANSWER_CHARS || nestingDepth(text) > MAX_DEPTH;

/** Whether `given` states the same math as `expected`, within the check's operation budget. */
export function mathEquivalent(expected: string, given: string, options: MathCheckOptions = {}): MathCheck {
  const budget = new Budget(options.budget ?? DEFAULT_BUDGET);
  const [e, g] = [expected, given].map(normalizeAnswer) as [string, string];
  if (tooLarge(e) || tooLarge(g)) return { equal: false, budgetExhausted: true };
  try {
    return { equal: sameShape(answerShape(e), answerShape(g), budget), budgetExhausted: false };
  } catch (err) {
    if (err instanceof BudgetExhausted) return { equal: false, budgetExhausted: true };
    throw err;
  }
}
