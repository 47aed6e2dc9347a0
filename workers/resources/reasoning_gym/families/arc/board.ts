// ARC boards as the library writes and reads them with its default formatting: one row a line,
// cells as the digits 0..9 separated by single spaces (arc/board_format.py). arc_agi and rearc
// score an answer by reading it back into a board and comparing it with the stored output.
import { pythonEqual } from "../../../../../shared/verifiers/json_equal.ts";
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import type { Entry } from "../family.ts";

export type Board = number[][];

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/** One stripped row's cells: pieces between single spaces, each stripped, blanks skipped; throws on a piece that is not one digit. */
function parseRow(row: string): number[] {
  const cells: number[] = [];
  let from = 0;
  while (from <= row.length) {
    let to = row.indexOf(" ", from);
    if (to < 0) to = row.length;
    const cell = pyStrip(row.slice(from, to));
    if (cell.length > 0) {
      const value = DIGITS.indexOf(cell);
      if (value < 0) throw new Error(`invalid board cell ${JSON.stringify(cell.slice(0, 20))}`);
      cells.push(value);
    }
    from = to + 1;
  }
  return cells;
}

/**
 * The board a text holds, read as the library reads it: lines stripped, "Shape: " lines dropped,
 * blank lines at either end dropped (blank lines between rows are empty rows), cells as
 * parseRow reads them.
 */
export function parseBoard(text: string): Board {
  const rows: string[] = [];
  for (const line of text.split("\n")) {
    const row = pyStrip(line);
    if (!row.startsWith("Shape: ")) rows.push(row);
  }
  let first = 0;
  let last = rows.length - 1;
  while (first <= last && rows[first] === "") first++;
  while (last >= first && rows[last] === "") last--;
  // Nothing but blank lines: Python splits the empty text into one empty row.
  if (first > last) return [[]];
  return rows.slice(first, last + 1).map(parseRow);
}

/** The library's text of a board. */
export const formatBoard = (board: Board): string => board.map((row) => row.join(" ")).join("\n");

/**
 * arc_agi's and rearc's rule: an answer that reads as the stored output board 1.0, any other
 * board 0.05, text that is no board 0. The stored board arrives as JSON lists where the library
 * keeps tuples; compared cell by cell, so the exact board scores 1.0 here.
 */
export function scoreBoard(answer: string | null, entry: Entry): number {
  if (answer === null) return 0;
  let board: Board;
  try {
    board = parseBoard(answer);
  } catch {
    return 0;
  }
  if (!("output" in entry.metadata)) return 0;
  return pythonEqual(board, entry.metadata.output) ? 1 : 0.05;
}
