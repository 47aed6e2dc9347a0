// The reference's reward rules and value parsing. Each rule takes the row's match params with the
// server's tolerances as defaults (so `abs_window` without `abs_tol` uses float_abs_tol).
import { pythonFloat } from "../../../shared/verifiers/python_float.ts";
import { collapsePySpace, pyStrip } from "../../../shared/verifiers/python_str.ts";

export const RULE_NAMES = ["exact", "isclose", "abs_window", "rel_window", "bool_eq", "string_eq"] as const;
export type RuleName = (typeof RULE_NAMES)[number];
export type Predicted = number | string;

const TRUE_TOKENS = new Set(["1", "1.0", "true", "yes", "present", "t", "y"]);
const FALSE_TOKENS = new Set(["0", "0.0", "false", "no", "absent", "f", "n"]);
// The reference's number token; no nested quantifiers, so linear.
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** float() of the capture, else the last number-like token in it. */
export function parseNumeric(inner: string): number | null {
  const whole = pythonFloat(pyStrip(inner));
  if (whole !== undefined) return whole;
  const tokens = pyStrip(inner).match(NUMBER);
  return tokens ? Number(tokens[tokens.length - 1]) : null;
}

export function parseBool(inner: string): number | null {
  const token = pyStrip(inner).toLowerCase();
  if (TRUE_TOKENS.has(token)) return 1;
  if (FALSE_TOKENS.has(token)) return 0;
  const num = parseNumeric(token);
  return num === null ? null : num !== 0 ? 1 : 0;
}

/** Python's str() of a row's expected value. */
const pyStr = (value: Predicted) => String(value);

/** float(value); null where Python would raise. */
function toFloat(value: Predicted): number | null {
  if (typeof value === "number") return value;
  return pythonFloat(value) ?? null;
}

/** Python's round() to an integer: halves to even. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

function isclose(a: number, b: number, relTol: number, absTol: number): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  const diff = Math.abs(a - b);
  return diff <= Math.abs(relTol * b) || diff <= Math.abs(relTol * a) || diff <= absTol;
}

const normalize = (value: Predicted) => collapsePySpace(pyStrip(pyStr(value)).toLowerCase());

export interface Params {
  rel_tol: number;
  abs_tol: number;
}

type Numeric = (p: number, e: number, params: Params) => boolean;
const NUMERIC: Record<Exclude<RuleName, "string_eq" | "bool_eq">, Numeric> = {
  exact: (p, e) => Number.isFinite(p) && Number.isFinite(e) && roundHalfEven(p) === roundHalfEven(e),
  isclose: (p, e, { rel_tol, abs_tol }) => isclose(p, e, rel_tol, abs_tol),
  abs_window: (p, e, { abs_tol }) => Math.abs(p - e) <= abs_tol,
  rel_window: (p, e, { rel_tol }) => Math.abs(p - e) <= Math.abs(rel_tol * e),
};

/**
 * The rule's reward for a predicted value. Where the reference raises on a value (float() of a
 * word, round() of infinity) the reward here is 0: it comes from the model's text, not the row.
 */
export function applyRule(rule: RuleName, predicted: Predicted, expected: Predicted, params: Params): number {
  if (rule === "string_eq") return normalize(predicted) === normalize(expected) ? 1 : 0;
  const p = toFloat(predicted);
  if (p === null) return 0;
  if (rule === "bool_eq") {
    const want = parseBool(pyStr(expected));
    return want !== null && p === want ? 1 : 0;
  }
  const e = toFloat(expected);
  return e !== null && NUMERIC[rule](p, e, params) ? 1 : 0;
}

export { toFloat };
