// codeio's similarity of two JSON values (json.loads results): each becomes a tree (an object's
// entries by sorted key, a list's items labelled item_<i>, a leaf labelled "<key>:<str(value)>"),
// and the trees' edit distance, with codeio's label distance, is set against a fifth of the
// longer json.dumps text: 1 - distance / (0.2 * longest), at least 0.
import { pyNumber } from "../../../../../shared/json/exact.ts";
import { compareCodePoints, pyJsonDumps } from "../../../../../shared/json/python_text.ts";
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyFloatOfDigits, pyIsNumeric } from "../support/python_numeric.ts";
import { Budget, BudgetExceeded, treeEditDistance, type TreeNode } from "./tree_edit_distance.ts";

// Work units (table cells and character comparisons) one comparison may take: a few ms.
const WORK_BUDGET = 1_000_000;

/** str() of a JSON leaf as Python holds it. */
function pyStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  const number = pyNumber(value);
  if (!number) return String(value);
  return number.int !== undefined ? String(number.int) : pyFloatRepr(number.float);
}

/** A node label as code points, with where its first colon is (-1: none). */
interface Label {
  text: string;
  chars: string[];
  colon: number;
}

function label(text: string): Label {
  const chars = Array.from(text);
  return { text, chars, colon: chars.indexOf(":") };
}

function toTree(value: unknown, key: string): TreeNode<Label> {
  if (Array.isArray(value)) return { label: label(key), children: value.map((item, i) => toTree(item, `item_${i}`)) };
  if (typeof value === "object" && value !== null && !(value instanceof Number)) {
    const keys = Object.keys(value).sort(compareCodePoints);
    return { label: label(key), children: keys.map((k) => toTree((value as Record<string, unknown>)[k], k)) };
  }
  return { label: label(`${key}:${pyStr(value)}`), children: [] };
}

/** Levenshtein distance over code points, charged to the budget. */
function editDistance(a: readonly string[], b: readonly string[], budget: Budget): number {
  budget.spend(a.length * b.length + 1);
  if (a.length === 0 || b.length === 0) return a.length + b.length;
  let prev = new Int32Array(b.length + 1);
  let curr = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= b.length; j++) curr[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! : 1 + Math.min(prev[j]!, curr[j - 1]!, prev[j - 1]!);
    [prev, curr] = [curr, prev];
  }
  return prev[b.length]!;
}

/** codeio's distance between two node labels: keys and values apart when both have a colon, numbers by their relative difference. */
function labelDistance(l1: Label, l2: Label, budget: Budget): number {
  const [t1, t2, colon1, colon2] = [l1.chars, l2.chars, l1.colon, l2.colon];
  if (colon1 < 0 || colon2 < 0) return l1.text === l2.text ? 0 : editDistance(t1, t2, budget);
  const [key1, value1] = [t1.slice(0, colon1), t1.slice(colon1 + 1)];
  const [key2, value2] = [t2.slice(0, colon2), t2.slice(colon2 + 1)];
  const [v1, v2] = [value1.join(""), value2.join("")];
  const keyDistance = key1.join("") !== key2.join("") ? editDistance(key1, key2, budget) : 0;
  if (v1 === v2) return keyDistance;
  let valueDistance = editDistance(value1, value2, budget);
  if (pyIsNumeric(v1.replaceAll(".", "")) && pyIsNumeric(v2.replaceAll(".", ""))) {
    const x = pyFloatOfDigits(v1);
    const y = pyFloatOfDigits(v2);
    // float() refusing either (two points, a numeric character that is no digit) keeps the text distance.
    if (x !== undefined && y !== undefined) {
      const [abs1, abs2] = [Math.abs(x), Math.abs(y)];
      const divisor = Math.max(Math.min(abs1, abs2), 10e-5);
      valueDistance = Math.max(value1.length, value2.length) * Math.abs((abs1 - abs2) / divisor);
    }
  } else if (pyIsNumeric(v1) || pyIsNumeric(v2)) {
    // A number where text belongs, or text where a number does, costs the longer label again.
    valueDistance += Math.max(t1.length, t2.length);
  }
  return keyDistance + valueDistance;
}

/** How many tree nodes a value makes. */
function nodeCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + nodeCount(item), 1);
  if (typeof value === "object" && value !== null && !(value instanceof Number)) return Object.values(value).reduce((sum: number, item) => sum + nodeCount(item), 1);
  return 1;
}

/** The similarity, from 0 to 1; 0 for values too large to compare within the work budget. */
export function jsonSimilarity(a: unknown, b: unknown): number {
  // The root pair alone fills a table of one cell per pair of nodes: too large ones stop here, before any tree is built.
  if (nodeCount(a) * nodeCount(b) > WORK_BUDGET) return 0;
  const budget = new Budget(WORK_BUDGET);
  let distance: number;
  try {
    // Removing or inserting a node costs its label's distance from the empty label: its length.
    distance = treeEditDistance(toTree(a, "root"), toTree(b, "root"), (l) => l.chars.length, (x, y) => labelDistance(x, y, budget), budget);
  } catch (error) {
    if (error instanceof BudgetExceeded) return 0;
    throw error;
  }
  const longest = Math.max(pyJsonDumps(a).length, pyJsonDumps(b).length);
  return Math.max(0, 1 - distance / (0.2 * longest));
}
