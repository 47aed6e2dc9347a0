// The final answer in a model's reply, found as HuggingFace Math-Verify finds it (LaTeX and
// plain-expression extraction, as NeMo Gym's math_with_judge configures them). Candidates come in
// priority groups, and within a group the one ending rightmost is tried first; the first that
// reads as math is the answer:
//   0   "final answer is X. I hope"
//   50  the final run of \boxed{} (boxed.ts), or "final answer ... is X"
//   100 "answer: ... X" (for a plain number, the value after the last `=` when there is one)
//   200 "answer ... X"
//   300 the last LaTeX formula ($...$, \(...\), \[...\], a bare \frac{a}{b}) or plain number/expression
// X is a LaTeX formula (several joined by "and", "or" or commas form one list) or a plain number
// or expression. Every pattern is linear or has bounded gaps, and prose is read from the last
// MAX_PROSE characters only, so a long reply costs a few passes.
import { finalBoxes } from "../boxed.ts";
import { Budget, BudgetExhausted, DEFAULT_BUDGET } from "./budget.ts";
import { tooLarge } from "./limits.ts";
import { normalizeAnswer } from "./normalize.ts";
import { compile } from "./numeric.ts";
import { answerShape } from "./structure.ts";
import type { Shape } from "./structure.ts";
import { NotMath } from "./to_expression.ts";

const MAX_PROSE = 10_000;

// One LaTeX formula, its contents in exactly one group.
const FORMULA = String.raw`(?:(?<!\\)\$\$([\s\S]+?)(?<!\\)\$\$|(?<!\\)\\\[([\s\S]+?)(?<!\\)\\\]|(?<![\\\d])\$((?:\\\$|[^\n$])+?)(?<!\\)\$|(?<!\\)\\\(((?:[^\\\n]|\\(?!\)))+?)(?<!\\)\\\))`;
const FRACTION = String.raw`(-?\\frac\{-?\d+(?:[.,]\d+)?\}\{-?\d+(?:[.,]\d+)?\})`;
const PERCENT = String.raw`(?:\s*(?:\\?%|[Pp]ercent(?:age)?|[Pp]ct))?`;
// Up to six formulas joined by "and", "or" or commas are one answer.
const FORMULAS = String.raw`(?:${FORMULA}${PERCENT}(?:\s*(?:,?\s*and|,?\s*or|,)\s*${FORMULA}${PERCENT}){0,5})`;
const FORMULA_ONE = new RegExp(FORMULA + `(${PERCENT})`, "g");
// A plain number (thousands separators, decimals, a percent) or an expression with an operator.
const NUMBER = String.raw`(?<!\d)(-?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?|\.\d+)(?:\s*(%|[Pp]ercent(?:age)?|[Pp]ct))?`;
// Bounded runs (Math-Verify's are not) keep a long run of digits from costing quadratic time.
const EXPRESSION = String.raw`(-?\(?-?\d[\d.\s+\-*×/^()÷]{0,100}[+\-*×/^()÷][\d.\s+\-*×/^()÷]{1,100}\)?)`;
const PREFIX = String.raw`(?:^|\s|=)(?:\*\*)?`;
const SUFFIX = String.raw`(?:\*\*)?(?:[.,:\s)$]|$)`;
const PLAIN_EXPRESSION = String.raw`${PREFIX}${EXPRESSION}${SUFFIX}`;
const PLAIN_NUMBER = String.raw`${PREFIX}[$€£¥₹]?${NUMBER}`;
const PLAIN = String.raw`(?:${PLAIN_EXPRESSION}|${PLAIN_NUMBER})`;

type Kind = "latex" | "plain";
interface Pattern {
  priority: number;
  kind: Kind;
  regex: RegExp;
}

const pattern = (priority: number, kind: Kind, source: string): Pattern => ({ priority, kind, regex: new RegExp(source, "gi") });

const PATTERNS: Pattern[] = [
  pattern(0, "latex", String.raw`final answer is:?\s*${FORMULAS}\.?\s?I hope`),
  pattern(0, "plain", String.raw`final answer is:?\s*${PLAIN}\.?\s?I hope`),
  pattern(50, "latex", String.raw`final answer[\s\S]{0,100}?\s+is:?\s*${FORMULAS}`),
  pattern(50, "plain", String.raw`final answer[\s\S]{0,100}?\s+is:?${PLAIN}`),
  pattern(100, "latex", String.raw`answer:[\s\S]{0,50}?${FORMULAS}`),
  pattern(100, "plain", String.raw`answer:(?:[\s\S]{0,100}=\s*|[\s\S]{0,50}?)${PLAIN}(?!\s*=)`),
  pattern(200, "latex", String.raw`answer[\s\S]{0,50}?${FORMULAS}`),
  pattern(200, "plain", String.raw`answer(?:[\s\S]{0,100}=\s*|[\s\S]{0,50}?)${PLAIN}(?!\s*=)`),
  pattern(300, "latex", `${FORMULAS}|${FRACTION}`),
  pattern(300, "plain", PLAIN),
];
const BOXED_PRIORITY = 50;

interface Candidate {
  priority: number;
  kind: Kind;
  start: number;
  end: number;
  answer: string;
}

/** The formulas a LaTeX match holds, as one answer (a list when there are several). */
function latexAnswer(matched: string): string {
  const parts: string[] = [];
  for (const m of matched.matchAll(FORMULA_ONE)) {
    const inner = m.slice(1, 5).find((g) => g !== undefined) ?? "";
    parts.push(inner.trim() + (m[5]?.trim() ? "%" : ""));
  }
  return parts.join(", ");
}

/** The number or expression a plain match holds: separators dropped, percent kept. */
function plainAnswer(groups: Array<string | undefined>): string {
  const [expression, number, percent] = groups;
  if (expression !== undefined) return expression.trim();
  return number!.replaceAll(",", "") + (percent !== undefined ? "%" : "");
}

function candidates(text: string, offset: number): Candidate[] {
  const found: Candidate[] = [];
  for (const { priority, kind, regex } of PATTERNS) {
    for (const m of text.matchAll(regex)) {
      const start = m.index + offset;
      const end = start + m[0].length;
      if (kind === "plain") {
        found.push({ priority, kind, start, end, answer: plainAnswer(m.slice(1)) });
      } else {
        // The formulas start at the first delimiter; a bare fraction has none.
        const from = m[0].search(/\$|\\\[|\\\(/);
        found.push({ priority, kind, start, end, answer: from === -1 ? m[0].trim() : latexAnswer(m[0].slice(from)) });
      }
    }
  }
  return found;
}

function values(shape: Shape): string[] {
  switch (shape.kind) {
    case "value":
      return [shape.text];
    case "relation":
      return shape.terms.flatMap(values);
    case "matrix":
      return shape.rows.flat().flatMap(values);
    default:
      return shape.items.flatMap(values);
  }
}

/** Whether the answer reads as math (Math-Verify moves on from one its parser cannot read). */
function readable(answer: string, budget: Budget): boolean {
  const normalized = normalizeAnswer(answer);
  if (normalized === "" || tooLarge(normalized)) return false;
  try {
    for (const value of values(answerShape(normalized))) compile(value, budget);
    return true;
  } catch (err) {
    if (err instanceof NotMath || err instanceof BudgetExhausted) return false;
    throw err;
  }
}

const overlaps = (c: Candidate, spans: Array<[number, number]>) => spans.some(([lo, hi]) => c.start < hi && c.end > lo);

/** The reply's final answer as Math-Verify would extract it, or undefined when it has none. */
export function finalAnswer(text: string): string | undefined {
  const offset = Math.max(0, text.length - MAX_PROSE);
  const found = candidates(text.slice(offset), offset);
  const boxes = finalBoxes(text);
  if (boxes !== undefined && boxes.contents.some((c) => c !== "")) {
    found.push({ priority: BOXED_PRIORITY, kind: "latex", start: -1, end: boxes.end, answer: boxes.contents.join(", ") });
  }
  found.sort((a, b) => a.priority - b.priority || b.end - a.end || a.start - b.start);
  const budget = new Budget(DEFAULT_BUDGET);
  // A formula that failed to read must not supply a number from inside it.
  const failed: Array<[number, number]> = [];
  for (const c of found) {
    if (c.kind === "plain" && overlaps(c, failed)) continue;
    // Boxes are the answer as written even when only their text can be compared.
    if (c.start === -1 || readable(c.answer, budget)) return c.answer;
    if (c.kind === "latex") failed.push([c.start, c.end]);
  }
  return undefined;
}
