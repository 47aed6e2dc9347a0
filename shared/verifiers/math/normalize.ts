// A final answer as written (LaTeX or plain, with math delimiters, spacing commands, units, degree
// signs, `\text{}`) reduced to the math it states. Every step is a linear scan or a regex
// without nested quantifiers, so hostile input costs at most a few passes over it.
import { stripTextWrappers, unwrapCommand } from "../latex.ts";

const UNICODE: ReadonlyArray<readonly [string, string]> = [
  ["²", "^2"], ["³", "^3"], ["√", "\\sqrt"], ["π", "\\pi"], ["×", "\\times"], ["·", "\\cdot"], ["÷", "\\div"],
  ["−", "-"], ["∞", "\\infty"], ["≤", "\\le"], ["≥", "\\ge"], ["⩽", "\\le"], ["⩾", "\\ge"], ["≠", "\\ne"], ["°", "^\\circ"], ["∪", "\\cup"],
  ["∅", "\\emptyset"], ["±", "\\pm"], ["∓", "\\mp"],
];

const DELIMITERS: ReadonlyArray<readonly [string, string]> = [["$$", "$$"], ["$", "$"], ["\\(", "\\)"], ["\\[", "\\]"]];

/** Peels math delimiters that wrap the whole answer: `\(...\)`, `\[...\]`, `$...$`, `$$...$$`. */
export function stripMathDelimiters(text: string): string {
  let out = text.trim();
  for (let peeled = true; peeled; ) {
    peeled = false;
    for (const [open, close] of DELIMITERS) {
      if (out.length >= open.length + close.length && out.startsWith(open) && out.endsWith(close)) {
        out = out.slice(open.length, out.length - close.length).trim();
        peeled = true;
      }
    }
  }
  return out;
}

// Sizing and spacing commands carry no math; `\left.` and `\right.` are invisible delimiters.
const SIZING = /\\(?:left|right|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|big|Big|bigg|Bigg)(?![A-Za-z])\.?/g;
const SPACING = /\\[,;:! ]|\\q?quad(?![A-Za-z])|~/g;
const DEGREES = /\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|\\circ|\\degree/g;
const TEXT_COMMANDS = ["\\text", "\\textrm", "\\textbf", "\\textit", "\\mathrm", "\\mathbf", "\\mathit", "\\mbox", "\\textnormal"];
// A text group with no braces inside, and a unit's power: `\text{ cm}`, `\mathrm{m}^2`, `\text{ or }`.
const TEXT_GROUP = /\\(?:text|textrm|textbf|textit|mathrm|mbox|textnormal)\s*\{([^{}]*)\}(?:\^\{?\d\}?)?/g;
const UNIT_WORDS = /^(?:[A-Za-z]+\.?(?:\^?\d)?(?:\s*\/\s*[A-Za-z]+(?:\^?\d)?)?\s*)+$/;
// A unit word after a number at the very end.
const PLAIN_UNITS =
  /(?<=[\d}).])\s*(?:cm|mm|km|kg|mg|sec|seconds?|min|minutes?|hrs?|hours?|days?|weeks?|years?|degrees?|units?|dollars?|cents?|inches|inch|feet|ft|foot|yards?|miles?|mph|meters?|metres?|liters?|litres?|ml)(?:\^?\d)?\.?$/;
// A one-letter unit after a space at the very end ("5 m", "\frac{3}{2} s"); see withoutLetterUnit.
const LETTER_UNIT = /(?<=[\d}).])\s+(?:m|g|s|h|in)(?:\^?\d)?\.?$/;

/** Drops a one-letter unit only after a number with no symbols in it: in "5m" or "2 L^2 m" the letter is a symbol. */
function withoutLetterUnit(text: string): string {
  const unit = LETTER_UNIT.exec(text);
  if (!unit) return text;
  const before = text.slice(0, unit.index);
  return /[A-Za-z]/.test(before.replace(/\\[A-Za-z]+/g, "")) ? text : before;
}

/** `5 \text{ cm}` is `5`; `\text{ or }` stays a word; any other text group keeps its content. */
function dropTextUnits(text: string): string {
  return text.replace(TEXT_GROUP, (group, content: string, at: number) => {
    const word = content.trim();
    if (/^(?:or|and)$/i.test(word)) return ` ${word.toLowerCase()} `;
    const before = text.slice(0, at).trimEnd();
    const followsMath = before !== "" && /[\d})\]a-zA-Z]$/.test(before) && !before.endsWith("\\");
    return followsMath && UNIT_WORDS.test(word) ? " " : group;
  });
}

/** Stands for a matrix row break `\\\\`, so spacing commands (`\\ `) cannot eat half of it. */
export const ROW_BREAK = "⏎";

// Notation rewritten to the spelling the translator reads: `16,\!386` (a thousands separator),
// `{n \choose k}`, `28 percent`, `\mathbb{R}` (the real line, as an interval).
const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(\d),\\!\s*(?=\d{3}(?!\d))/g, "$1"],
  [/\{([^{}]*)\\choose(?![A-Za-z])([^{}]*)\}/g, "\\binom{$1}{$2}"],
  [/\s*\b(?:percentage|percent|pct)\b/gi, "%"],
  [/\\mathbb\s*\{?R\}?(?![A-Za-z])/g, "(-\\infty,\\infty)"],
  [/\\\\/g, ROW_BREAK],
];

/** The math an answer states, in LaTeX-ish text: the input of structure.ts. */
export function normalizeAnswer(answer: string): string {
  let out = answer;
  for (const [symbol, latex] of UNICODE) out = out.replaceAll(symbol, latex);
  out = stripMathDelimiters(out.normalize("NFKC"));
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement);
  out = stripTextWrappers(out);
  out = dropTextUnits(out);
  for (const command of TEXT_COMMANDS) out = unwrapCommand(out, command);
  out = out
    .replace(SIZING, "")
    .replace(SPACING, " ")
    .replace(DEGREES, "")
    .replace(/\\displaystyle(?![A-Za-z])/g, "")
    .replace(/\\[dtc]frac(?![A-Za-z])/g, "\\frac")
    .replace(/\\[dt]binom(?![A-Za-z])/g, "\\binom")
    .replaceAll("\\$", "")
    .replaceAll("$", "")
    .replaceAll("{,}", "")
    .replaceAll("\\%", "%");
  out = out.split(/\s+/).filter(Boolean).join(" ");
  out = withoutLetterUnit(out.replace(PLAIN_UNITS, "")).trim();
  while (out.endsWith(".")) out = out.slice(0, -1).trimEnd();
  return out;
}
