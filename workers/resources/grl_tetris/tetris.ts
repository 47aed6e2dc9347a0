// Tetris as NeMo Gym's grl_tetris plays it (its vendored GRL TetrisEnv): a board dim_x wide and
// dim_y tall, pieces of one or two cells or a 2x2 square falling from the top row, moved Left,
// Right or Down. A piece lands as soon as the cell below it is taken, whatever the move; each move
// costs 0.1 and each full row cleared earns 10. A cleared row, or a landed piece reaching the top
// row, ends the game. The pieces are dealt at reset from the seed, as Python's `random` deals them.
import { PythonRandom } from "./python_random.ts";

type Cell = [dx: number, dy: number];
export type Shape = Cell[];

// The piece kinds of each box_type (any other value: the single cell), in the reference's order.
const SHAPES: Record<number, Shape[]> = {
  2: [
    [[0, 0], [0, -1]],
    [[0, 0], [-1, 0]],
  ],
  3: [
    [[0, 0], [0, -1]],
    [[0, 0], [-1, 0]],
    [[0, 0], [-1, 0], [0, -1], [-1, -1]],
  ],
};
const SINGLE: Shape[] = [[[0, 0]]];

export const ACTIONS = ["Left", "Right", "Down"] as const;
export const MOVE_COST = -0.1;
export const LINE_REWARD = 10;

export interface Piece {
  anchor: [x: number, y: number];
  shape: Shape;
}

export interface Game {
  width: number;
  height: number;
  /** Column-major: cell (x, y) at x * height + y; 1 settled, 0 empty. */
  board: number[];
  piece: Piece;
  /** The pieces dealt at reset still to come, in order. */
  queue: Piece[];
}

export interface MoveInfo {
  action_is_effective: boolean;
  action_is_valid: true;
  success: boolean;
  dropped: boolean;
}

function occupied(game: Game, shape: Shape, [ax, ay]: Piece["anchor"]): boolean {
  return shape.some(([dx, dy]) => {
    const [x, y] = [ax + dx, ay + dy];
    if (y < 0) return false;
    return x < 0 || x >= game.width || y >= game.height || game.board[x * game.height + y] === 1;
  });
}

function setPiece(game: Game, on: boolean): void {
  const [ax, ay] = game.piece.anchor;
  for (const [dx, dy] of game.piece.shape) {
    const [x, y] = [ax + dx, ay + dy];
    if (x >= 0 && x < game.width && y >= 0 && y < game.height) game.board[x * game.height + y] = on ? 1 : 0;
  }
}

/**
 * Deals width * height + 1 pieces (more than a game can land: each landing fills a cell). The kind
 * is drawn with weights favouring the kinds dealt least; a piece with a cell to its left starts one
 * column in. The reference's generator has already dealt a board's worth of pieces from an unseeded
 * draw when it is seeded (its constructor resets once), so its counts start from a random state;
 * ours start from zero, the only choice a seed can reproduce.
 */
export function deal(seed: number, width: number, height: number, boxType: number): Piece[] {
  const random = new PythonRandom(seed);
  const shapes = SHAPES[boxType] ?? SINGLE;
  const counts = shapes.map(() => 0);
  return Array.from({ length: width * height + 1 }, () => {
    const most = Math.max(...counts);
    const weights = counts.map((count) => 5 + most - count);
    let r = random.randint(1, weights.reduce((a, b) => a + b, 0));
    const kind = weights.findIndex((weight) => (r -= weight) <= 0);
    counts[kind]!++;
    const shape = shapes[kind]!;
    const reachesLeft = shape.some(([dx, dy]) => dx === -1 && dy === 0);
    return { anchor: [reachesLeft ? random.randint(1, width - 1) : random.randint(0, width - 1), 0], shape };
  });
}

export function newGame(seed: number, width: number, height: number, boxType: number): Game {
  const [piece, ...queue] = deal(seed, width, height, boxType);
  return { width, height, board: new Array<number>(width * height).fill(0), piece: piece!, queue };
}

/** The board as text, a row per line: `#` settled, `_` empty, `X` the falling piece's cells on the board. */
export function render(game: Game): string {
  const lines = Array.from({ length: game.height }, (_, y) =>
    Array.from({ length: game.width }, (_, x): string => (game.board[x * game.height + y] ? "#" : "_")),
  );
  const [ax, ay] = game.piece.anchor;
  for (const [dx, dy] of game.piece.shape) {
    const [x, y] = [ax + dx, ay + dy];
    if (y >= 0 && y < game.height && x >= 0 && x < game.width) lines[y]![x] = "X";
  }
  return lines.map((line) => line.join("")).join("\n");
}

/** One move, in place: its reward, whether the game is over, its info, and the board after it. */
export function play(game: Game, action: number): { reward: number; done: boolean; info: MoveInfo; observation: string } {
  const before = game.piece.anchor;
  const [dx, dy] = [[-1, 0], [1, 0], [0, 1]][action]!;
  const target: Piece["anchor"] = [before[0] + dx!, before[1] + dy!];
  if (!occupied(game, game.piece.shape, target)) game.piece = { ...game.piece, anchor: target };

  let reward = MOVE_COST;
  let done = false;
  let dropped = false;
  let cleared = 0;
  const [px, py] = game.piece.anchor;
  if (occupied(game, game.piece.shape, [px, py + 1])) {
    dropped = true;
    setPiece(game, true);
    cleared = clearLines(game);
    reward += cleared * LINE_REWARD;
    if (Array.from({ length: game.width }, (_, x) => game.board[x * game.height]).some(Boolean)) done = true;
    else game.piece = game.queue.shift()!;
  }
  // As the reference draws the board: the piece is set, drawn, then its cells emptied, so a piece
  // dealt over settled cells (or a landed one that ended the game) empties them.
  setPiece(game, true);
  const observation = render(game);
  setPiece(game, false);

  const after = game.piece.anchor;
  const info: MoveInfo = {
    action_is_effective: before[0] !== after[0] || before[1] !== after[1],
    action_is_valid: true,
    success: cleared > 0,
    dropped,
  };
  return { reward, done: done || cleared > 0, info, observation };
}

/** Removes the full rows, dropping those above; how many. */
function clearLines(game: Game): number {
  const full = (y: number) => Array.from({ length: game.width }, (_, x) => game.board[x * game.height + y]).every(Boolean);
  const kept = Array.from({ length: game.height }, (_, y) => y).filter((y) => !full(y));
  const board = new Array<number>(game.width * game.height).fill(0);
  const shift = game.height - kept.length;
  kept.forEach((y, i) => {
    for (let x = 0; x < game.width; x++) board[x * game.height + shift + i] = game.board[x * game.height + y]!;
  });
  game.board = board;
  return shift;
}
