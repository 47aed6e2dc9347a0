// grl_tetris: each observation draws the board ("Tetris board:" then rows of _ # X); answer with
// the <action> moves for the falling piece, one piece a turn (a move after it lands would move the
// next one). The right path tries every sideways shift, plays each out (a piece lands on the move
// that brings it to rest) and takes the placement that clears a row, else the lowest and least
// holey one. Wrong path: "I will just drop it" straight down every turn. Only the piece's cells on
// the board are seen, so a piece still partly above the top is planned by its visible part.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

type Cell = [x: number, y: number];
interface Board {
  width: number;
  height: number;
  settled: Set<string>;
  piece: Cell[];
}

const GUESS = "I will just drop it";
// Boards are a few cells a side; planning is quadratic in the side, so a larger drawing is not played.
const MAX_SIDE = 32;
const key = ([x, y]: Cell) => `${x},${y}`;

function readBoard(text: string): Board | undefined {
  const start = text.indexOf("Tetris board:\n");
  if (start === -1) return undefined;
  const end = text.indexOf("\n\n", start);
  const lines = text.slice(start + "Tetris board:\n".length, end === -1 ? undefined : end).split("\n");
  if (lines.length > MAX_SIDE || lines.some((line) => line.length > MAX_SIDE)) return undefined;
  const board: Board = { width: lines[0]?.length ?? 0, height: lines.length, settled: new Set(), piece: [] };
  lines.forEach((line, y) =>
    [...line].forEach((symbol, x) => {
      if (symbol === "#") board.settled.add(key([x, y]));
      if (symbol === "X") board.piece.push([x, y]);
    }),
  );
  return board.piece.length > 0 && board.width > 0 ? board : undefined;
}

const blocked = (board: Board, cells: Cell[]) => cells.some(([x, y]) => x < 0 || x >= board.width || y >= board.height || board.settled.has(key([x, y])));
const moved = (cells: Cell[], dx: number, dy: number): Cell[] => cells.map(([x, y]) => [x + dx, y + dy]);

/** The moves that shift the piece by `shift` and drop it, and where it lands; none if a sideways move is blocked. */
function placement(board: Board, shift: number): { moves: string[]; landed: Cell[] } | undefined {
  let cells = board.piece;
  const moves: string[] = [];
  const dx = Math.sign(shift);
  for (let i = 0; i < Math.abs(shift); i++) {
    const next = moved(cells, dx, 0);
    if (blocked(board, next)) return undefined;
    cells = next;
    moves.push(dx < 0 ? "Left" : "Right");
    if (blocked(board, moved(cells, 0, 1))) return { moves, landed: cells };
  }
  for (;;) {
    cells = moved(cells, 0, 1);
    moves.push("Down");
    if (blocked(board, moved(cells, 0, 1))) return { moves, landed: cells };
  }
}

/** Rows cleared first, then deep landings, then few empty cells left under the piece. */
function score(board: Board, landed: Cell[]): number {
  const filled = new Set([...board.settled, ...landed.map(key)]);
  const rows = new Set(landed.map(([, y]) => y));
  const cleared = [...rows].filter((y) => Array.from({ length: board.width }, (_, x) => filled.has(key([x, y]))).every(Boolean)).length;
  let holes = 0;
  for (const [x, y] of landed) for (let below = y + 1; below < board.height && !filled.has(key([x, below])); below++) holes++;
  return cleared * 1000 + landed.reduce((sum, [, y]) => sum + y, 0) * 10 - holes * 15;
}

function play({ turns, correct }: Situation): Action {
  const opening = turns.find((turn) => turn.role === "assistant")?.content;
  const guessing = opening === undefined ? !correct : opening.startsWith(GUESS);
  const board = readBoard(lastUserText(turns));
  if (!board) return decline("I cannot see the board.");
  const options = Array.from({ length: 2 * board.width + 1 }, (_, i) => placement(board, i - board.width)).filter((p) => p !== undefined);
  const straight = placement(board, 0)!;
  const best = options.reduce((a, b) => (score(board, b.landed) > score(board, a.landed) ? b : a), straight);
  const chosen = guessing ? straight : best;
  const tags = chosen.moves.map((move) => `<action>${move}</action>`).join("");
  return say(`${guessing ? `${GUESS}:` : "Best placement for this piece:"} ${tags}`);
}

export default { play } satisfies Skill;
