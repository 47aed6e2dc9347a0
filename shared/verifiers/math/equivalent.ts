// Whether two final answers state the same math, as HuggingFace Math-Verify's grader decides it.
// Both are normalised (normalize.ts), split into their shape (structure.ts) and compared shape
// by shape: tuples and intervals in order with the same brackets (or as a bare list in that
// order), sets and unions in any order (a repeated member counts once), matrices cell by cell,
// relations as relations.ts says. An assignment (`x = 5`, `f(x) = 1`, `|AB| = 1`) answers its
// value; an equation given for a plain answer answers its right side. Values are compared by
// numeric.ts at fixed sample points of their variables, so `\frac{1}{\sqrt2}` equals `\sqrt{2}/2`
// and `x^2-1` equals `(x-1)(x+1)`. Notation the translator does not know is compared as
// normalised text. The expected answer plays Math-Verify's gold: an inequality expected may be
// answered by its interval, not the other way round. Every check has an operation budget
// (budget.ts); one that runs out is "not equivalent", reported as `budgetExhausted`.
import type { BigNumber } from "mathjs";
import { Budget, BudgetExhausted, DEFAULT_BUDGET } from "./budget.ts";
import { evaluate, variables } from "./evaluate.ts";
import { math } from "./library.ts";
import { tooLarge } from "./limits.ts";
import { normalizeAnswer } from "./normalize.ts";
import { close, compile, isExact, scopes } from "./numeric.ts";
import { asInterval, sameRelation } from "./relations.ts";
import { answerShape } from "./structure.ts";
import type { Shape, Value } from "./structure.ts";
import { NotMath } from "./to_expression.ts";

export interface MathCheck {
  equal: boolean;
  /** The check ran out of its operation budget (or the answer was too long) before deciding. */
  budgetExhausted: boolean;
}

export interface MathCheckOptions {
  /** Operation units for the whole check (see budget.ts); the default decides typical answers with room to spare. */
  budget?: number;
}

const MAX_ITEMS = 64;

const HUNDRED = math.bignumber(100);

type Compare = (a: Shape, b: Shape) => boolean;

const plainText = (text: string) => text.toLowerCase().replace(/\s+/g, "");

function sameValue(a: Value, b: Value, budget: Budget): boolean {
  if (plainText(a.text) === plainText(b.text) && a.percent === b.percent) return true;
  let nodes;
  try {
    nodes = [a, b].map((v) => compile(v.text, budget));
  } catch (err) {
    if (err instanceof NotMath) return plainText(a.text) === plainText(b.text);
    throw err;
  }
  const [na, nb] = nodes as [ReturnType<typeof compile>, ReturnType<typeof compile>];
  const exact = !a.percent && !b.percent && isExact(na) && isExact(nb);
  // A percentage may be meant as its number or as a fraction: 25% is 25 or 0.25.
  const readings = (v: Value, x: BigNumber) => (v.percent ? [x, x.div(HUNDRED)] : [x]);
  let decided = false;
  for (const scope of scopes([...new Set([...variables(na), ...variables(nb)])])) {
    const va = evaluate(na, scope, budget);
    const vb = evaluate(nb, scope, budget);
    // Both undefined at this point (outside a shared domain) says nothing either way.
    if (va.isNaN() && vb.isNaN()) continue;
    if (!readings(a, va).some((x) => readings(b, vb).some((y) => close(x, y, exact)))) return false;
    decided = true;
  }
  return decided;
}

/** The items with repeats dropped: a set lists each member once, however often it is written. */
function distinct(items: readonly Shape[], compare: Compare): Shape[] {
  const kept: Shape[] = [];
  for (const item of items) if (!kept.some((k) => compare(k, item))) kept.push(item);
  return kept;
}

/** Whether every item of `a` pairs with a distinct equal item of `b` (same count). */
function sameItems(a: readonly Shape[], b: readonly Shape[], compare: Compare): boolean {
  if (a.length > MAX_ITEMS || b.length > MAX_ITEMS) return false;
  return pairUp(distinct(a, compare), distinct(b, compare), compare);
}

function pairUp(a: readonly Shape[], b: readonly Shape[], compare: Compare): boolean {
  if (a.length !== b.length) return false;
  const used = new Array<boolean>(b.length).fill(false);
  return a.every((x) => {
    const j = b.findIndex((y, i) => !used[i] && compare(x, y));
    if (j === -1) return false;
    used[j] = true;
    return true;
  });
}

const lastTerm = (r: Extract<Shape, { kind: "relation" }>): Shape => r.terms.at(-1)!;

/** Whether the expected answer `a` (Math-Verify's gold) and the given answer `b` state the same math. */
function sameShape(a: Shape, b: Shape, budget: Budget): boolean {
  const compare: Compare = (x, y) => sameShape(x, y, budget);
  if (a.kind === "value" && b.kind === "value") return sameValue(a, b, budget);
  if (a.kind === "relation" && b.kind === "relation") return sameRelation(a, b, budget, compare);
  // Labels: `x = 5` answers 5, and `(p, q) = (3, 2)` answers `(3, 2)`.
  if (a.kind === "relation" && a.assignment) return compare(lastTerm(a), b);
  if (b.kind === "relation" && b.ops.every((op) => op === "=")) return compare(a, lastTerm(b));
  // An inequality expected, its interval given: `-1 < a < 10` and `(-1, 10)`.
  if (b.kind === "tuple" || b.kind === "union") {
    const interval = asInterval(a);
    if (interval !== undefined) return compare(interval, b);
  }
  // A one-element set answers as its element: {3} and 3.
  if (a.kind === "set" && a.items.length === 1 && b.kind !== "set") return compare(a.items[0]!, b);
  if (b.kind === "set" && b.items.length === 1 && a.kind !== "set") return compare(a, b.items[0]!);
  // A pair or longer tuple answered by its items in order, as several boxes write it: `(3, 5)` and
  // `\boxed{3}, \boxed{5}`. Math-Verify reads a closed `[3, 5]` as an interval, never as a list.
  if (a.kind === "tuple" && b.kind === "set" && b.bare) return (a.items.length > 2 || (a.open === "(" && a.close === ")")) && sameItemsInOrder(a.items, b.items, compare);
  if (a.kind === "set" && a.bare && b.kind === "tuple") return sameItemsInOrder(a.items, b.items, compare);
  if (a.kind === "tuple" && b.kind === "tuple") {
    return a.open === b.open && a.close === b.close && a.items.length === b.items.length && a.items.every((x, i) => compare(x, b.items[i]!));
  }
  if (a.kind === "matrix" && b.kind === "matrix") {
    return a.rows.length === b.rows.length && a.rows.every((row, i) => sameItemsInOrder(row, b.rows[i]!, compare));
  }
  if ((a.kind === "set" && b.kind === "set") || (a.kind === "union" && b.kind === "union")) return sameItems(a.items, b.items, compare);
  return false;
}

function sameItemsInOrder(a: readonly Shape[], b: readonly Shape[], compare: Compare): boolean {
  return a.length === b.length && a.length <= MAX_ITEMS && a.every((x, i) => compare(x, b[i]!));
}

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
