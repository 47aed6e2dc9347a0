// The shape of a normalised answer: one value, a tuple or interval, a set or list, a union of
// intervals, a matrix, or a relation (chain). Splitting happens only at bracket depth 0, in linear scans.
import type { MathNode } from "mathjs";
import { Budget, BudgetExhausted } from "./budget.ts";
import { ROW_BREAK } from "./normalize.ts";
import { compile } from "./numeric.ts";
import { GREEK, NotMath } from "./to_expression.ts";

/** One expression; `percent` when it ended in `%` (so 25% may mean 25 or 0.25). */
export interface Value {
  kind: "value";
  text: string;
  percent: boolean;
}

export type Shape =
  | Value
  /** Ordered, with its brackets: a point, a vector or an interval (`(1, 2]`). */
  | { kind: "tuple"; open: string; close: string; items: Shape[] }
  /**
   * Unordered: `\{1, 2\}`, a bare list `1, 2`, `x = 1 or x = 2`, or the two values of `a \pm b`.
   * `bare` when written without braces: its items keep the order they were written in, so
   * `\boxed{3}, \boxed{5}` can answer the pair `(3, 5)` (Math-Verify reads both as one list).
   */
  | { kind: "set"; items: Shape[]; bare?: true }
  | { kind: "union"; items: Shape[] }
  /** Rows of cells, from any matrix environment (`pmatrix`, `bmatrix`, `array`, ...). */
  | { kind: "matrix"; rows: Shape[][] }
  /**
   * `terms[0] ops[0] terms[1] ops[1] ...`, a chain such as `-1 < a < 10`. `assignment` when every
   * op is `=` and the first term only names something (`x`, `AB`, `f(x)`, `(p, q)`): a label.
   */
  | { kind: "relation"; ops: string[]; terms: Shape[]; label: string; assignment: boolean };

// Set braces become single characters so one depth count covers every bracket kind.
const SET_OPEN = "⦃";
const SET_CLOSE = "⦄";
const OPENERS = new Set(["(", "[", "{", SET_OPEN]);
const CLOSERS = new Set([")", "]", "}", SET_CLOSE]);
const EMPTY_SET = /^(?:\\emptyset|\\varnothing|⦃\s*⦄)$/;
const THOUSANDS = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
// A name: letters or a Greek letter, with a subscript and primes (`x_1`, `\\alpha'`, `AB`).
const SYMBOL = String.raw`(?:[A-Za-z]+|\\(?:${[...GREEK].join("|")})(?![A-Za-z]))(?:_\{?[A-Za-z0-9]+\}?)?'*`;
// What names an answer rather than computing it: `x`, `AB`, `f(x)`, `g(a, b)`, `(p, q)`.
const LABEL = new RegExp(String.raw`^(?:${SYMBOL}(?:\s*${SYMBOL})*(?:\(\s*${SYMBOL}(?:\s*,\s*${SYMBOL})*\s*\))?|\(\s*${SYMBOL}(?:\s*,\s*${SYMBOL})*\s*\))$`);
const MATRIX = /^[([]?\s*\\begin\{(matrix|[pbB]matrix|smallmatrix|array)\}(?:\{[lcr|\s]*\})?([\s\S]*)\\end\{\1\}\s*[)\]]?$/;

/** Splits at every top-level match of `separator` (a sticky regex tried at each depth-0 position). */
function splitTop(text: string, separator: RegExp): { parts: string[]; separators: string[] } {
  const parts: string[] = [];
  const separators: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (OPENERS.has(ch)) depth++;
    else if (CLOSERS.has(ch)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && text[i - 1] !== "\\") {
      separator.lastIndex = i;
      const match = separator.exec(text);
      if (match) {
        parts.push(text.slice(start, i).trim());
        separators.push(match[0].trim());
        start = i + match[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start).trim());
  return { parts, separators };
}

/** The index of the bracket closing the one at 0, any kind matching any kind (`[1, 2)`). */
function closingIndex(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (OPENERS.has(text[i]!)) depth++;
    else if (CLOSERS.has(text[i]!) && --depth === 0) return i;
  }
  return -1;
}

const wrapped = (text: string) => text.length >= 2 && OPENERS.has(text[0]!) && closingIndex(text) === text.length - 1;

const LIST_SEPARATOR = /,|;|\s+(?:or|and)\s+/y;
const UNION = /\\cup(?![A-Za-z])|\s+U\s+/y;
const RELATION = /\\(?:leqslant|geqslant|leqq|geqq|leq?|geq?|neq?|lt|gt|in)(?![A-Za-z])|<=|>=|!=|=|<|>/y;
const ROW = new RegExp(ROW_BREAK, "y");
const CELL = /&/y;
const PLUS_MINUS = /\\(?:pm|mp)(?![A-Za-z])/y;

const FLIPPED: Record<string, string> = { "<": ">", ">": "<", "\\le": "\\ge", "\\ge": "\\le", "=": "=", "\\ne": "\\ne" };
const CANONICAL_RELATION: Record<string, string> = { "\\leqslant": "\\le", "\\leqq": "\\le", "\\geqslant": "\\ge", "\\geqq": "\\ge", "\\leq": "\\le", "<=": "\\le", "\\lt": "<", "\\geq": "\\ge", ">=": "\\ge", "\\gt": ">", "\\neq": "\\ne", "!=": "\\ne" };

export const flipRelation = (op: string): string => FLIPPED[op] ?? op;

export const isLabel = (text: string): boolean => LABEL.test(text.trim());

// Reading a label costs little; a budget keeps a hostile one from costing more.
const LABEL_BUDGET = 10_000;
const NAMING_OPERATORS = new Set(["add", "multiply", "divide"]);
const CONSTANTS = new Set(["pi", "e", "Infinity"]);

/** Whether a parsed expression is built from names only: no number, no minus, no power. */
function namesOnly(node: MathNode): boolean {
  let names = true;
  node.traverse((n) => {
    const m = n as unknown as { type: string; name?: string; fn?: string };
    if (m.type === "ConstantNode" || (m.type === "SymbolNode" && CONSTANTS.has(m.name!))) names = false;
    else if (m.type === "OperatorNode" && !NAMING_OPERATORS.has(m.fn!)) names = false;
  });
  return names;
}

/**
 * Whether the left side of `=` names what the answer is, so `lhs = value` answers `value`: a
 * label (`x`, `(p, q)`, `f(x)`), or, as Math-Verify decides it, any expression of names alone
 * (`|AB|`, `x + y`, `V_1 : V_2`, `\angle ABC`), never one with a number (`2x`, `x^2`, `f(2)`).
 */
export function namesAnswer(text: string): boolean {
  if (isLabel(text)) return true;
  try {
    return namesOnly(compile(text, new Budget(LABEL_BUDGET)));
  } catch (err) {
    if (err instanceof NotMath || err instanceof BudgetExhausted) return false;
    throw err;
  }
}

function value(text: string): Value {
  const percent = text.endsWith("%");
  return { kind: "value", text: percent ? text.slice(0, -1).trim() : text, percent };
}

/** The items of a list; the two values of an item `\pm b` join the list (`\{\pm 1\}` is `\{-1, 1\}`). */
function listItems(parts: readonly string[]): Shape[] {
  return parts.map(shapeOf).flatMap((item) => (item.kind === "set" && item.bare ? item.items : [item]));
}

function items(inner: string): Shape[] {
  return inner.trim() === "" ? [] : listItems(splitTop(inner, LIST_SEPARATOR).parts);
}

const GROUP_SEPARATOR = /;/y;
const ITEM_SEPARATOR = /,|\s+(?:or|and)\s+/y;

/**
 * A bare list. Semicolons separate groups, as in latex2sympy: `p=5, q=2; p=7, q=2` lists the
 * solutions `(p=5, q=2)` and `(p=7, q=2)`, while `1; 2; 3` is the list `1, 2, 3`.
 */
function bareList(text: string): Shape | undefined {
  const written = splitTop(text, GROUP_SEPARATOR).parts.map((group) => splitTop(group, ITEM_SEPARATOR).parts);
  if (written.length === 1 && written[0]!.length === 1) return undefined;
  const groups = written.map(listItems);
  if (groups.length === 1 || groups.every((group) => group.length === 1)) return { kind: "set", items: groups.flat(), bare: true };
  return { kind: "set", items: groups.map((group) => (group.length === 1 ? group[0]! : { kind: "tuple", open: "(", close: ")", items: group })), bare: true };
}

function shapeOf(text: string): Shape {
  const s = text.trim();
  if (EMPTY_SET.test(s)) return { kind: "set", items: [] };
  const matrix = MATRIX.exec(s);
  if (matrix) {
    const rows = splitTop(matrix[2]!, ROW).parts.filter((row) => row !== "");
    return { kind: "matrix", rows: rows.map((row) => splitTop(row, CELL).parts.map(shapeOf)) };
  }
  const union = splitTop(s, UNION).parts;
  if (union.length > 1) return { kind: "union", items: union.map(shapeOf) };
  if (s.startsWith(SET_OPEN) && wrapped(s)) return { kind: "set", items: items(s.slice(1, -1)) };
  if ((s[0] === "(" || s[0] === "[") && wrapped(s)) {
    const inner = splitTop(s.slice(1, -1), LIST_SEPARATOR).parts;
    if (inner.length > 1) return { kind: "tuple", open: s[0], close: s.at(-1)!, items: listItems(inner) };
  }
  if (THOUSANDS.test(s)) return value(s.replaceAll(",", ""));
  const list = bareList(s);
  if (list !== undefined) return list;
  const relation = splitTop(s, RELATION);
  if (relation.parts.length > 1) return relationOf(relation.parts, relation.separators.map((op) => CANONICAL_RELATION[op] ?? op));
  const plusMinus = splitTop(s, PLUS_MINUS);
  if (plusMinus.parts.length === 2) {
    const [a, b] = plusMinus.parts as [string, string];
    return { kind: "set", items: [value(`${a}+(${b})`), value(`${a}-(${b})`)], bare: true };
  }
  return value(s);
}

function relationOf(parts: string[], ops: string[]): Shape {
  const label = parts[0]!;
  // `x \in [-2, 7]` answers the set itself.
  if (ops.length === 1 && ops[0] === "\\in" && isLabel(label)) return shapeOf(parts[1]!);
  const assignment = ops.every((op) => op === "=") && namesAnswer(label);
  return { kind: "relation", ops, terms: parts.map(shapeOf), label: label.replace(/\s+/g, ""), assignment };
}

/** The shape of a normalised answer (normalize.ts). */
export function answerShape(normalized: string): Shape {
  const marked = normalized.replace(/\\\{|\\lbrace(?![A-Za-z])/g, SET_OPEN).replace(/\\\}|\\rbrace(?![A-Za-z])/g, SET_CLOSE);
  return shapeOf(marked);
}
