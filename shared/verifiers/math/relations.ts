// Relations compared as Math-Verify's grader compares them: an equation or inequality equals
// another when `lhs - rhs` of one is a constant multiple of the other's (positive for
// inequalities, so `-x > -1` is `x < 1` and `2x - y + 1 = 0` is `y = 2x + 1`), link by link
// along a chain; and an inequality in one named quantity reads as the interval it describes
// (`-1 < a < 10` is `(-1, 10)`, `x \le 2 or x > 5` a union).
import type { BigNumber } from "mathjs";
import type { Budget } from "./budget.ts";
import { evaluate, variables } from "./evaluate.ts";
import { compile, close, isZero, scopes } from "./numeric.ts";
import { isLabel } from "./structure.ts";
import { NotMath } from "./to_expression.ts";
import type { Shape, Value } from "./structure.ts";

type Relation = Extract<Shape, { kind: "relation" }>;

// `>` and `\ge` are read as `<` and `\le` with their sides swapped.
const SWAPPED: Record<string, string> = { ">": "<", "\\ge": "\\le" };
const INEQUALITIES = new Set(["<", "\\le"]);

const valueOf = (shape: Shape): Value | undefined => (shape.kind === "value" ? shape : undefined);

/** Whether `fa` is a constant multiple of `fb` (a positive one when `positive`) at every sample point. */
function proportional(fa: string, fb: string, positive: boolean, budget: Budget): boolean {
  const [na, nb] = [compile(fa, budget), compile(fb, budget)];
  const points = scopes([...new Set([...variables(na), ...variables(nb)])]).map((scope) => [evaluate(na, scope, budget), evaluate(nb, scope, budget)] as const);
  if (points.some(([va, vb]) => va.isNaN() || vb.isNaN() || !va.isFinite() || !vb.isFinite())) return false;
  // Sides that do not vary leave nothing to scale: `1 > 2` and `1 > 3` (or `x:x > 2` and `x:x > 3`) differ.
  const constant = (k: 0 | 1) => points.every((p) => close(p[k], points[0]![k], false));
  if (constant(0) && constant(1)) return close(points[0]![0], points[0]![1], false);
  let ratio: BigNumber | undefined;
  for (const [va, vb] of points) {
    if (isZero(va) || isZero(vb)) {
      if (isZero(va) && isZero(vb)) continue;
      return false;
    }
    const r = va.div(vb);
    if (ratio !== undefined && !close(ratio, r, false)) return false;
    ratio = r;
  }
  // Both sides zero everywhere: the same identity (`0 = 0`).
  return ratio === undefined || !positive || ratio.isPositive();
}

/** One link `lhs op rhs` against another, when all four sides are plain values. */
function sameLink(a: [Shape, string, Shape], b: [Shape, string, Shape], budget: Budget): boolean {
  const [la, opA, ra] = SWAPPED[a[1]] ? [a[2], SWAPPED[a[1]]!, a[0]] : a;
  const [lb, opB, rb] = SWAPPED[b[1]] ? [b[2], SWAPPED[b[1]]!, b[0]] : b;
  const sides = [la, ra, lb, rb].map(valueOf);
  if (opA !== opB || sides.some((v) => v === undefined || v.percent)) return false;
  const [vla, vra, vlb, vrb] = sides as [Value, Value, Value, Value];
  try {
    return proportional(`(${vla.text}) - (${vra.text})`, `(${vlb.text}) - (${vrb.text})`, INEQUALITIES.has(opA), budget);
  } catch (err) {
    if (err instanceof NotMath) return false;
    throw err;
  }
}

const link = (r: Relation, i: number): [Shape, string, Shape] => [r.terms[i]!, r.ops[i]!, r.terms[i + 1]!];

/** Whether two relations (chains) state the same thing; `compare` decides sub-answers. */
export function sameRelation(a: Relation, b: Relation, budget: Budget, compare: (x: Shape, y: Shape) => boolean): boolean {
  // `(p, q) = (3, 2)` and `(p,q)=(3,2)`: the same label with the same value.
  if (a.assignment && b.assignment && a.label === b.label && compare(a.terms.at(-1)!, b.terms.at(-1)!)) return true;
  if (a.ops.length !== b.ops.length) return false;
  return a.ops.every((_, i) => sameLink(link(a, i), link(b, i), budget));
}

const INFINITY = (sign: string): Value => ({ kind: "value", text: `${sign}\\infty`, percent: false });

/** A relation `x op c`, `c op x` or `c1 op x op c2` in one named `x`, as its interval. */
function relationInterval(r: Relation): Shape | undefined {
  const ops = r.ops.map((op) => SWAPPED[op] ?? op);
  const ascending = r.ops.every((op) => INEQUALITIES.has(op));
  const descending = r.ops.every((op) => SWAPPED[op] !== undefined);
  if (!(ascending || descending) || r.ops.length > 2) return undefined;
  // Read left to right in ascending order: `c2 > x > c1` is `c1 < x < c2`.
  const terms = ascending ? r.terms : [...r.terms].reverse();
  const order = ascending ? ops : [...ops].reverse();
  const named = terms.findIndex((t) => t.kind === "value" && isLabel(t.text));
  if (named === -1 || (terms.length === 3 && named !== 1)) return undefined;
  const bracket = (op: string, open: boolean) => (op === "\\le" ? (open ? "[" : "]") : open ? "(" : ")");
  if (terms.length === 3) return { kind: "tuple", open: bracket(order[0]!, true), close: bracket(order[1]!, false), items: [terms[0]!, terms[2]!] };
  return named === 0
    ? { kind: "tuple", open: "(", close: bracket(order[0]!, false), items: [INFINITY("-"), terms[1]!] }
    : { kind: "tuple", open: bracket(order[0]!, true), close: ")", items: [terms[0]!, INFINITY("")] };
}

/** The interval (or union, for relations joined by `or`) an inequality answer describes, if any. */
export function asInterval(shape: Shape): Shape | undefined {
  if (shape.kind === "relation") return relationInterval(shape);
  if (shape.kind !== "set" || shape.items.length < 2) return undefined;
  const parts = shape.items.map((item) => (item.kind === "relation" ? relationInterval(item) : undefined));
  return parts.every((p) => p !== undefined) ? { kind: "union", items: parts } : undefined;
}
