// Seeded levels that are solvable by construction: carve a room by a random walk, put every box
// on a target, then play backwards (the player walks, or pulls along the box behind it: the
// exact reverse of a push). Replaying those moves forward from where they end solves the level.
import { randomIndex, seededRandom } from "../../../shared/resources/seed.ts";
import { DIRECTIONS, neighbour, solved } from "./board.ts";
import type { Board, Direction } from "./board.ts";

export interface LevelSpec {
  rows: number;
  cols: number;
  boxes: number;
}

/** Rooms tried per seed before the spec is called too small. */
const ATTEMPTS = 200;
/** How often the backward play pulls a box when it can (else it walks). */
const PULL_CHANCE = 0.7;

function carve(random: () => number, { rows, cols, boxes }: LevelSpec): number[] {
  const inside = (cell: number) => cell % cols > 0 && cell % cols < cols - 1 && cell > cols && cell < (rows - 1) * cols;
  const interior = (rows - 2) * (cols - 2);
  const wanted = Math.max(Math.ceil(interior * 0.6), boxes * 2 + 3);
  let cell = (1 + randomIndex(random, rows - 2)) * cols + 1 + randomIndex(random, cols - 2);
  let direction: Direction = DIRECTIONS[randomIndex(random, 4)]!;
  const floor = new Set<number>([cell]);
  for (let walked = 0; floor.size < wanted && walked < interior * 20; walked++) {
    if (random() < 0.35) direction = DIRECTIONS[randomIndex(random, 4)]!;
    const next = neighbour({ cols }, cell, direction);
    if (!inside(next)) continue;
    cell = next;
    floor.add(cell);
  }
  return [...floor].sort((a, b) => a - b);
}

function pickDistinct(random: () => number, from: readonly number[], n: number): number[] {
  const pool = [...from];
  return Array.from({ length: n }, () => pool.splice(randomIndex(random, pool.length), 1)[0]!);
}

function playBackwards(random: () => number, start: Board, moves: number): Board {
  let board = start;
  const free = (cell: number) => board.cells[cell] !== "#" && !board.boxes.includes(cell);
  for (let i = 0; i < moves; i++) {
    const ways = DIRECTIONS.filter((d) => free(neighbour(board, board.player, d)));
    if (ways.length === 0) break;
    // Pulling the box behind: the player steps away from it and the box follows into its cell.
    const behind = (d: Direction) => board.boxes.indexOf(board.player + (board.player - neighbour(board, board.player, d)));
    const pulls = ways.filter((d) => behind(d) !== -1);
    const pull = pulls.length > 0 && random() < PULL_CHANCE;
    const way = pull ? pulls[randomIndex(random, pulls.length)]! : ways[randomIndex(random, ways.length)]!;
    const boxes = pull ? board.boxes.map((b, j) => (j === behind(way) ? board.player : b)) : board.boxes;
    board = { ...board, boxes, player: neighbour(board, board.player, way) };
  }
  return board;
}

/** How far the boxes are from the nearest targets, in steps (walls ignored). */
function displacement(board: Board): number {
  const targets = [...board.cells].flatMap((cell, i) => (cell === "O" ? [i] : []));
  const distance = (a: number, b: number) => Math.abs((a % board.cols) - (b % board.cols)) + Math.abs(Math.floor(a / board.cols) - Math.floor(b / board.cols));
  return board.boxes.reduce((sum, box) => sum + Math.min(...targets.map((t) => distance(box, t))), 0);
}

/** The level of `seed`; undefined when the room is too small for its boxes. */
export function generateLevel(seed: number, spec: LevelSpec): Board | undefined {
  const random = seededRandom(seed);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const floor = carve(random, spec);
    if (floor.length < spec.boxes * 2 + 2) continue;
    const [player, ...targets] = pickDistinct(random, floor, spec.boxes + 1);
    const cells = Array.from({ length: spec.rows * spec.cols }, (_, i) => (targets.includes(i) ? "O" : floor.includes(i) ? "_" : "#")).join("");
    const level = playBackwards(random, { cols: spec.cols, cells, boxes: targets, player: player! }, spec.rows * spec.cols);
    // A level worth playing: not solved already, at least two pushes from it.
    if (!solved(level) && displacement(level) >= 2) return level;
  }
  return undefined;
}
