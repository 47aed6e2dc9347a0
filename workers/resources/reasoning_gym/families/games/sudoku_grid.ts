// Sudoku grids of side n = box² (4 for mini_sudoku, 9 for sudoku) for the generators: a random
// solved grid, then cells emptied in random order while the puzzle keeps exactly one solution.
import type { Rng } from "../rng.ts";

type Grid = number[][];

/** A grid with the digits used by each row, column and box kept as bit sets (bit d for digit d). */
class Board {
  readonly n: number;
  readonly rows: number[];
  readonly cols: number[];
  readonly boxes: number[];
  readonly grid: Grid;
  readonly box: number;

  constructor(grid: Grid, box: number) {
    this.grid = grid;
    this.box = box;
    this.n = grid.length;
    this.rows = Array<number>(this.n).fill(0);
    this.cols = Array<number>(this.n).fill(0);
    this.boxes = Array<number>(this.n).fill(0);
    grid.forEach((row, r) => row.forEach((d, c) => d && this.set(r, c, d)));
  }

  #boxOf = (r: number, c: number) => Math.floor(r / this.box) * this.box + Math.floor(c / this.box);

  set(r: number, c: number, d: number): void {
    this.grid[r]![c] = d;
    this.rows[r]! |= 1 << d;
    this.cols[c]! |= 1 << d;
    this.boxes[this.#boxOf(r, c)]! |= 1 << d;
  }

  clear(r: number, c: number): void {
    const bit = ~(1 << this.grid[r]![c]!);
    this.grid[r]![c] = 0;
    this.rows[r]! &= bit;
    this.cols[c]! &= bit;
    this.boxes[this.#boxOf(r, c)]! &= bit;
  }

  /** The empty cell with the fewest candidates and its candidates as a bit set, or undefined when the grid is full. */
  tightest(): [number, number, number] | undefined {
    let best: [number, number, number] | undefined;
    let fewest = Infinity;
    const all = (1 << (this.n + 1)) - 2;
    for (let r = 0; r < this.n; r++)
      for (let c = 0; c < this.n; c++) {
        if (this.grid[r]![c] !== 0) continue;
        const mask = all & ~(this.rows[r]! | this.cols[c]! | this.boxes[this.#boxOf(r, c)]!);
        let count = 0;
        for (let m = mask; m; m &= m - 1) count++;
        if (count < fewest) [fewest, best] = [count, [r, c, mask]];
        if (count === 0) return best;
      }
    return best;
  }
}

const digitsOf = (mask: number): number[] => Array.from({ length: 31 }, (_, d) => d).filter((d) => mask & (1 << d));

function count(board: Board, limit: number): number {
  const cell = board.tightest();
  if (!cell) return 1;
  const [r, c, mask] = cell;
  let found = 0;
  for (const d of digitsOf(mask)) {
    board.set(r, c, d);
    found += count(board, limit - found);
    board.clear(r, c);
    if (found >= limit) break;
  }
  return found;
}

/** Solutions of the grid, counted up to `limit`. */
export const countSolutions = (grid: Grid, box: number, limit = 2): number => count(new Board(grid, box), limit);

function fill(rng: Rng, board: Board): boolean {
  const cell = board.tightest();
  if (!cell) return true;
  const [r, c, mask] = cell;
  for (const d of rng.shuffled(digitsOf(mask))) {
    board.set(r, c, d);
    if (fill(rng, board)) return true;
    board.clear(r, c);
  }
  return false;
}

/** A random solved grid and a puzzle of it with up to `empty` cells emptied, still uniquely solvable. */
export function sudokuPuzzle(rng: Rng, box: number, empty: number): { puzzle: Grid; solution: Grid } {
  const n = box * box;
  const solution: Grid = Array.from({ length: n }, () => Array<number>(n).fill(0));
  fill(rng, new Board(solution, box));
  const puzzle = solution.map((row) => [...row]);
  let emptied = 0;
  for (const k of rng.shuffled(Array.from({ length: n * n }, (_, i) => i))) {
    if (emptied === empty) break;
    const [r, c] = [Math.floor(k / n), k % n];
    const kept = puzzle[r]![c]!;
    puzzle[r]![c] = 0;
    if (countSolutions(puzzle, box) === 1) emptied++;
    else puzzle[r]![c] = kept;
  }
  return { puzzle, solution };
}

/** Rows of space-separated cells, an empty one as "_". */
export const gridText = (grid: Grid): string => grid.map((row) => row.map((v) => (v === 0 ? "_" : String(v))).join(" ")).join("\n");
