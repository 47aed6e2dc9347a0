// rush_hour: moves like "F+1 K-2" (a car's letter, + for right/down, - for left/up, a number of
// squares), played on the task's 6x6 board: a car moves square by square until it meets a car, a
// wall or the edge (the rest of that move is lost). The red car (the first) at the exit after all
// of them: 1.0; else 0.01. As in the library, a letter one past the last piece, or a board it
// cannot read, scores 0.
import { pyInt } from "../support/python_int.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { drawRushHour, fewestMoves, randomBoard } from "./rush_hour_board.ts";

const SIDE = 6;
// Where the red car's left end stands once it is out: row 2, against the right edge.
const EXIT = 2 * SIDE + SIDE - 2;
const DIGIT = /\p{Nd}/u;

interface Move {
  index: number;
  forward: boolean;
  squares: number;
}

/** Whether the character at i is a digit (Unicode Nd, as Python's `\d`); its length in UTF-16 units, or 0. */
function digitAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code >= 48 && code <= 57) return 1;
  if (code < 128 || Number.isNaN(code)) return 0;
  const ch = String.fromCodePoint(text.codePointAt(i)!);
  return DIGIT.test(ch) ? ch.length : 0;
}

/** re.findall(r"([A-Z])([+-])(\d+)", answer), each move's number read by int(). */
function readMoves(answer: string): Move[] {
  const moves: Move[] = [];
  for (let i = 0; i + 2 < answer.length; ) {
    const letter = answer.charCodeAt(i);
    const sign = answer[i + 1];
    let end = i + 2;
    if (letter >= 65 && letter <= 90 && (sign === "+" || sign === "-")) for (let n = digitAt(answer, end); n > 0; n = digitAt(answer, end)) end += n;
    if (end === i + 2) {
      i++;
      continue;
    }
    const n = pyInt(answer.slice(i + 2, end));
    if (n === undefined) throw new RangeError("a move's number is beyond int()");
    // No car goes further than the board is wide.
    moves.push({ index: letter - 65, forward: sign === "+", squares: n > BigInt(SIDE) ? SIDE : Number(n) });
    i = end;
  }
  return moves;
}

interface Piece {
  cells: number[];
  stride: number;
  fixed: boolean;
}

function readBoard(config: string): Piece[] {
  if ([...config].length !== SIDE * SIDE) throw new RangeError("board string is wrong length");
  const byLabel = new Map<string, number[]>();
  const walls: number[] = [];
  [...config].forEach((label, i) => {
    if (label === "o") return;
    if (label === "x") walls.push(i);
    else byLabel.set(label, [...(byLabel.get(label) ?? []), i]);
  });
  const pieces = [...byLabel.keys()].sort().map((label) => {
    const cells = byLabel.get(label)!;
    if (cells.length < 2 || cells.length > 3) throw new RangeError(`piece ${label} has ${cells.length} cells`);
    const stride = cells[1]! - cells[0]!;
    if ((stride !== 1 && stride !== SIDE) || cells.some((cell, k) => k > 0 && cell - cells[k - 1]! !== stride)) throw new RangeError(`piece ${label} is not a straight car`);
    return { cells, stride, fixed: false };
  });
  return [...pieces, ...walls.map((cell) => ({ cells: [cell], stride: 1, fixed: true }))];
}

/** One square of a car's move, when the square ahead is on the board and free. */
function step(piece: Piece, forward: boolean, occupied: Set<number>): boolean {
  const { cells, stride } = piece;
  const atEdge = stride === 1 ? cells.some((c) => c % SIDE === (forward ? SIDE - 1 : 0)) : cells.some((c) => Math.floor(c / SIDE) === (forward ? SIDE - 1 : 0));
  if (atEdge) return false;
  const ahead = forward ? cells.at(-1)! + stride : cells[0]! - stride;
  if (occupied.has(ahead)) return false;
  const behind = forward ? cells[0]! : cells.at(-1)!;
  occupied.delete(behind);
  occupied.add(ahead);
  const shift = forward ? stride : -stride;
  for (let k = 0; k < cells.length; k++) cells[k] = cells[k]! + shift;
  return true;
}

const ATTEMPTS = 2000;
const MAX_STATES = 5000;

// Boards of our own drawing (the library picks from a database of 18,000 puzzles by their fewest moves).
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minMoves, maxMoves] = configRange(config, "moves", [1, 50], [1, 1000]);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const board = randomBoard(rng);
    const solution = fewestMoves(board, MAX_STATES);
    if (solution === undefined || solution.length < minMoves || solution.length > maxMoves) continue;
    return {
      question: `Rush Hour on a 6x6 board: get the red car AA out through the exit at the right end of its row.\nCars slide along their length only (a horizontal car left or right, a vertical one up or down) and never through another car or a wall (x).\nWrite the moves as a car's letter, + (right or down) or - (left or up), and a number of squares, separated by spaces: for example F+1 K+1 M-1 C+3.\n\nBoard:\n${drawRushHour(board)}\n`,
      // One shortest solution (the library stores none: any sequence that frees the car counts).
      answer: solution.join(" "),
      metadata: { source_dataset: "rush_hour", source_index: index, board_config: board, min_moves: solution.length, difficulty: { moves: [minMoves, maxMoves] } },
    };
  }
  throw new RangeError(`no board needing from min_moves to max_moves moves in ${ATTEMPTS} draws: narrow the range toward fewer moves`);
}

export default defineFamily({
  name: "rush_hour",
  category: "games",
  scorer: "validity",
  generate,
  score(answer, entry) {
    if (!answer) return 0;
    const config = entry.metadata.board_config;
    if (typeof config !== "string") return 0;
    const pieces = readBoard(config);
    const moves = readMoves(answer);
    const occupied = new Set(pieces.flatMap((p) => p.cells));
    for (const { index, forward, squares } of moves) {
      if (index > pieces.length) continue;
      const piece = pieces[index];
      if (!piece) throw new RangeError("no piece has this letter");
      if (piece.fixed) continue;
      // A blocked square blocks every later one of the same move.
      for (let k = 0; k < squares && step(piece, forward, occupied); k++);
    }
    if (pieces.length === 0) throw new RangeError("a board without pieces");
    return pieces[0]!.cells[0] === EXIT ? 1 : 0.01;
  },
});
