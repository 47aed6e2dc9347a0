// n_queens: the completed board, written as the puzzle is ("_ Q _ _" rows). A valid completion of
// the puzzle (n queens, none attacking another, the puzzle's queens kept) written exactly so: 1.0;
// one written as a Python list of rows (the library evals the answer): 0.5; else 0.
import { defineFamily } from "../family.ts";
import type { Metadata } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { pyLiteralEval } from "../support/python_eval_literal.ts";
import { PyTuple, type PyValue } from "../support/python_value.ts";

/** Whether `text` is a board in the puzzle's format that completes it validly. */
function validCompletion(text: string, puzzle: unknown[]): boolean {
  const n = puzzle.length;
  const rows = text.split("\n");
  if (rows.length !== n) return false;
  const cols = new Set<number>();
  const sums = new Set<number>();
  const diffs = new Set<number>();
  for (let r = 0; r < n; r++) {
    const row = rows[r]!;
    if (row.length !== 2 * n - 1) return false;
    const given = puzzle[r];
    if (!Array.isArray(given) || given.length !== n) return false;
    let queens = 0;
    for (let c = 0; c < n; c++) {
      const cell = row[2 * c];
      if ((c > 0 && row[2 * c - 1] !== " ") || (cell !== "Q" && cell !== "_")) return false;
      if (given[c] === "Q" && cell !== "Q") return false;
      if (cell !== "Q") continue;
      queens++;
      if (cols.has(c) || sums.has(r + c) || diffs.has(r - c)) return false;
      cols.add(c);
      sums.add(r + c);
      diffs.add(r - c);
    }
    if (queens !== 1) return false;
  }
  return true;
}

function isSolution(text: string, metadata: Metadata): boolean {
  if (Array.isArray(metadata.puzzle)) return validCompletion(text, metadata.puzzle);
  // A row without its puzzle: the library's own list of valid boards.
  return Array.isArray(metadata.valid_answers) && metadata.valid_answers.includes(text);
}

/** What iterating a Python value yields: a string's characters, a list's or tuple's items; undefined for anything else. */
const items = (value: PyValue): PyValue[] | undefined => (typeof value === "string" ? [...value] : Array.isArray(value) ? value : value instanceof PyTuple ? [...value.items] : undefined);

/** The library's board string of an evaluated answer: rows joined by newlines, each row's items (or characters) by spaces. */
function boardString(board: PyValue): string | undefined {
  const rows: string[] = [];
  for (const row of items(board) ?? []) {
    const cells = items(row);
    if (cells === undefined || !cells.every((cell) => typeof cell === "string")) return undefined;
    rows.push(cells.join(" "));
  }
  return items(board) === undefined ? undefined : rows.join("\n");
}

// Every solution of the n-queens puzzle, as each row's queen column, by n (there are 14,200 for n = 12).
const SOLUTIONS = new Map<number, number[][]>();

function allSolutions(n: number): number[][] {
  let found = SOLUTIONS.get(n);
  if (found) return found;
  found = [];
  const cols: number[] = [];
  const place = (r: number): void => {
    if (r === n) return void found!.push([...cols]);
    for (let c = 0; c < n; c++) {
      if (cols.some((q, i) => q === c || Math.abs(q - c) === r - i)) continue;
      cols.push(c);
      place(r + 1);
      cols.pop();
    }
  };
  place(0);
  SOLUTIONS.set(n, found);
  return found;
}

const boardOf = (n: number, queens: (number | undefined)[]): string[][] => queens.map((q) => Array.from({ length: n }, (_, c) => (c === q ? "Q" : "_")));
const boardText = (board: string[][]): string => board.map((row) => row.join(" ")).join("\n");

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const n = configInt(config, "n", 8, 4, 12);
  const minRemove = configInt(config, "min_remove", 1, 1, n);
  const maxRemove = configInt(config, "max_remove", 7, minRemove, n);
  const solved = rng.choice(allSolutions(n));
  const removed = rng.int(minRemove, maxRemove);
  const dropped = new Set(rng.sample(Array.from({ length: n }, (_, r) => r), removed));
  const kept = solved.map((c, r) => (dropped.has(r) ? undefined : c));
  const puzzle = boardOf(n, kept);
  const valid = allSolutions(n)
    .filter((s) => kept.every((c, r) => c === undefined || s[r] === c))
    .map((s) => boardText(boardOf(n, s)))
    .sort();
  return {
    question: `Place ${removed} more queen(s) on this ${n} x ${n} board (Q is a queen, _ an empty square) so that it holds ${n} queens and none attacks another: no two share a row, a column or a diagonal.\n${boardText(puzzle)}\nAnswer with the whole board in the same format, each new queen written as Q.`,
    answer: rng.choice(valid),
    metadata: { source_dataset: "n_queens", source_index: index, puzzle, num_removed: removed, valid_answers: valid, difficulty: { n, num_removed: [minRemove, maxRemove] } },
  };
}

export default defineFamily({
  name: "n_queens",
  category: "games",
  scorer: "validity",
  generate,
  deviations: ["The Python-list form of a board is read as a literal of strings, lists and tuples: the library eval()s the answer as any Python expression."],
  score(answer, entry) {
    if (answer === null) return 0;
    if (isSolution(answer, entry.metadata)) return 1;
    let text: string | undefined;
    try {
      text = boardString(pyLiteralEval(answer));
    } catch {
      // Not a literal: nothing to read.
    }
    return text !== undefined && isSolution(text, entry.metadata) ? 0.5 : 0;
  },
});
