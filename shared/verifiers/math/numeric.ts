// Numbers compared the way Math-Verify's grader decides them: exact where both answers are exact
// rationals, else within a relative tolerance of 1e-15 (its numeric_precision of 15 digits).
// Expressions with variables are compared at fixed sample points.
import type { BigNumber, MathNode } from "mathjs";
import type { Budget } from "./budget.ts";
import { parseExpression } from "./evaluate.ts";
import type { Scope } from "./evaluate.ts";
import { math } from "./library.ts";
import { toExpression } from "./to_expression.ts";

// Inexact values (decimals written out, roots, π, variables) agree to 15 significant digits.
const RELATIVE_TOLERANCE = math.bignumber("1e-15");
// Exact rationals differ only by 64-digit rounding, far below this: 1 + 10^-20 is not 1.
const EXACT_TOLERANCE = math.bignumber("1e-50");
// Below this both are zero: 64-digit cancellation leaves residues far smaller.
const ZERO = math.bignumber("1e-40");
const EXACT = math.bignumber("1e50");
// Distinct transcendental-ish points, so unequal expressions rarely agree by accident.
const SAMPLES = ["0.5772156649015328606", "1.3247179572447460260", "2.6854520010653064453"].map((s) => math.bignumber(s));

const EXACT_OPERATORS = new Set(["add", "subtract", "multiply", "divide", "unaryMinus", "unaryPlus", "factorial"]);
const EXACT_FUNCTIONS = new Set(["combinations", "abs", "floor", "ceil", "gcd", "lcm"]);

/** Reads one value as a parsed expression; throws NotMath for notation outside the supported set. */
export const compile = (text: string, budget: Budget): MathNode => parseExpression(toExpression(text, budget), budget);

/** Sample scopes for these variables: one empty scope when there are none. */
export function scopes(names: readonly string[]): Scope[] {
  if (names.length === 0) return [new Map()];
  return SAMPLES.map((sample, p) => new Map(names.map((name, k) => [name, sample.plus(0.37 * ((k + p) % names.length))])));
}

/** Whether the expression is a rational number written exactly: integers, + - × ÷, integer powers. */
export function isExact(node: MathNode): boolean {
  let exact = true;
  node.traverse((n) => {
    const m = n as unknown as { type: string; value?: unknown; fn?: string | { name: string }; args?: MathNode[] };
    if (!exact) return;
    if (m.type === "ConstantNode") exact = math.isBigNumber(m.value) && m.value.isInteger();
    else if (m.type === "SymbolNode") exact = false;
    else if (m.type === "OperatorNode" && m.fn === "pow") exact = isInteger(m.args![1]!);
    else if (m.type === "OperatorNode") exact = EXACT_OPERATORS.has(m.fn as string);
    else if (m.type === "FunctionNode") exact = EXACT_FUNCTIONS.has((m.fn as { name: string }).name);
  });
  return exact;
}

/** An integer literal, maybe signed or parenthesised: the exponent of an exact power. */
function isInteger(node: MathNode): boolean {
  const m = node as unknown as { type: string; value?: unknown; content?: MathNode; args?: MathNode[]; fn?: string };
  if (m.type === "ParenthesisNode") return isInteger(m.content!);
  if (m.type === "OperatorNode" && (m.fn === "unaryMinus" || m.fn === "unaryPlus")) return isInteger(m.args![0]!);
  return m.type === "ConstantNode" && math.isBigNumber(m.value) && m.value.isInteger();
}

/** Whether two values agree: exactly for exact rationals, else to the relative tolerance. */
export function close(a: BigNumber, b: BigNumber, exact: boolean): boolean {
  if (a.isNaN() || b.isNaN()) return false;
  if (!a.isFinite() || !b.isFinite()) return a.equals(b);
  // Integers this small are exact at 64 digits: 2^100 and 2^100 + 1 differ.
  if (a.isInteger() && b.isInteger() && a.abs().lessThan(EXACT) && b.abs().lessThan(EXACT)) return a.equals(b);
  const scale = a.abs().greaterThan(b.abs()) ? a.abs() : b.abs();
  if (scale.lessThan(ZERO)) return true;
  return a.minus(b).abs().lessThanOrEqualTo(scale.times(exact ? EXACT_TOLERANCE : RELATIVE_TOLERANCE));
}

export const isZero = (x: BigNumber): boolean => x.abs().lessThan(ZERO);
