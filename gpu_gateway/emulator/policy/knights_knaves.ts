// Knights and knaves puzzles, solved: the two role words and the islanders from the preamble, each
// islander's statement (quoted, or reported with "... said that ..."), each statement parsed
// (is a <role>, and/or, if-then, if and only if, it is not the case that, parentheses), then every
// assignment of roles tried until each islander's statement is true exactly when they tell the truth.

type Formula = (knights: readonly boolean[]) => boolean;

export interface Puzzle {
  knight: string;
  knave: string;
  names: string[];
  statements: Map<number, string>;
}

const ROLES = /inhabited only by (\w+)s and (\w+)s/;
const CAST = /You meet \d+ inhabitants?: ([^.]*)\./;
const REPORTED = /\b(\w+) (?:said|told you|expressed) that ([^".]+)\./g;
const QUOTED = /"([^"]*)"/g;

/** The text outside brackets split at `separator` (brackets are always balanced in these puzzles). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unwrap(text: string): string {
  let t = text.trim();
  while (t.startsWith("(") && t.endsWith(")") && splitTop(t.slice(1, -1), ")(").length === 1 && balanced(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

function parse(text: string, puzzle: Puzzle): Formula | undefined {
  const t = unwrap(text).replace(/[.,]$/, "");
  if (t.startsWith("it is not the case that ")) {
    const inner = parse(t.slice("it is not the case that ".length), puzzle);
    return inner && ((k) => !inner(k));
  }
  const iff = splitTop(t, " if and only if ");
  if (iff.length === 2) {
    const [a, b] = iff.map((part) => parse(part, puzzle));
    return a && b && ((k) => a(k) === b(k));
  }
  if (t.startsWith("if ")) {
    const parts = splitTop(t.slice(3), " then ");
    if (parts.length !== 2) return undefined;
    const [a, b] = parts.map((part) => parse(part, puzzle));
    return a && b && ((k) => !a(k) || b(k));
  }
  for (const connective of [" and ", " or "]) {
    const parts = splitTop(t, connective);
    if (parts.length < 2) continue;
    const subs = parts.map((part) => parse(part, puzzle));
    if (subs.some((s) => s === undefined)) return undefined;
    const fs = subs as Formula[];
    return connective === " and " ? (k) => fs.every((f) => f(k)) : (k) => fs.some((f) => f(k));
  }
  const atom = /^(\w+) is an? (\w+)$/.exec(t);
  if (!atom) return undefined;
  const who = puzzle.names.indexOf(atom[1]!);
  if (who < 0 || (atom[2] !== puzzle.knight && atom[2] !== puzzle.knave)) return undefined;
  return atom[2] === puzzle.knight ? (k) => k[who]! : (k) => !k[who]!;
}

const sentenceTail = (text: string) => text.slice(text.lastIndexOf(". ") + 1);
const sentenceHead = (text: string) => text.slice(0, text.indexOf(".") >= 0 ? text.indexOf(".") : text.length);

/** The puzzle in a prompt, or undefined when the prompt is not one. */
export function readPuzzle(prompt: string): Puzzle | undefined {
  const roles = ROLES.exec(prompt);
  const cast = CAST.exec(prompt);
  if (!roles || !cast) return undefined;
  const names = cast[1]!.split(/,\s*(?:and\s+)?|\s+and\s+/).map((n) => n.trim()).filter(Boolean);
  const puzzle: Puzzle = { knight: roles[1]!, knave: roles[2]!, names, statements: new Map() };
  const body = prompt.slice(cast.index + cast[0].length, prompt.lastIndexOf("So who is") >= 0 ? prompt.lastIndexOf("So who is") : prompt.length);
  const speaker = (text: string) => names.findIndex((name) => new RegExp(`\\b${name}\\b`).test(text));
  for (const m of body.matchAll(REPORTED)) puzzle.statements.set(names.indexOf(m[1]!), m[2]!);
  const quotes = [...body.matchAll(QUOTED)];
  quotes.forEach((m, i) => {
    const before = sentenceTail(body.slice(i === 0 ? 0 : quotes[i - 1]!.index + quotes[i - 1]![0].length, m.index));
    const after = sentenceHead(body.slice(m.index + m[0].length, i + 1 < quotes.length ? quotes[i + 1]!.index : body.length));
    const who = speaker(before) >= 0 ? speaker(before) : speaker(after);
    if (who >= 0) puzzle.statements.set(who, m[1]!);
  });
  return puzzle.statements.size === names.length && !puzzle.statements.has(-1) ? puzzle : undefined;
}

/** Who is a knight, for the first assignment that makes every statement agree with its speaker; undefined if none does. */
export function solvePuzzle(puzzle: Puzzle): boolean[] | undefined {
  const formulas = puzzle.names.map((_, i) => parse(puzzle.statements.get(i)!, puzzle));
  if (formulas.some((f) => f === undefined) || puzzle.names.length > 12) return undefined;
  for (let bits = 0; bits < 2 ** puzzle.names.length; bits++) {
    const knights = puzzle.names.map((_, i) => ((bits >> i) & 1) === 1);
    if (formulas.every((f, i) => f!(knights) === knights[i])) return knights;
  }
  return undefined;
}

/** "A is a knight, B is a knave, and C is a knight." */
export function statement(puzzle: Puzzle, knights: readonly boolean[]): string {
  const article = (role: string) => (/^[aeiou]/.test(role) ? "an" : "a");
  const parts = puzzle.names.map((name, i) => {
    const role = knights[i] ? puzzle.knight : puzzle.knave;
    return `${name} is ${article(role)} ${role}`;
  });
  return parts.length === 1 ? `${parts[0]}.` : `${parts.slice(0, -1).join(", ")}, and ${parts.at(-1)}.`;
}
