// Futoshiki puzzles for the generator: a random Latin square, random inequality signs between
// neighbours (more of them at higher difficulty), then clues removed in random order while the
// puzzle keeps exactly one solution (as far as a bounded search shows), down to a tenth of the cells.
import type { Rng } from "../rng.ts";

type Grid = number[][];
/** [r1, c1, r2, c2, sign]: the first cell is smaller ("<") or larger (">") than the second. */
export type Constraint = [number, number, number, number, "<" | ">"];

const bits = (mask: number): number[] => {
  const out: number[] = [];
  for (let d = 1; mask >> d; d++) if (mask & (1 << d)) out.push(d);
  return out;
};

/** Fills or counts completions of a grid: rows and columns as bit sets, signs checked as cells fill. */
class Solver {
  readonly n: number;
  readonly rows: number[];
  readonly cols: number[];
  readonly grid: Grid;
  readonly signs: Map<number, [number, "<" | ">"][]>;
  /** Search steps left; a count that runs out of them reports `limit` (not shown unique). */
  budget = Infinity;

  constructor(grid: Grid, constraints: readonly Constraint[]) {
    this.grid = grid;
    this.n = grid.length;
    this.rows = Array<number>(this.n).fill(0);
    this.cols = Array<number>(this.n).fill(0);
    this.signs = new Map();
    for (const [r1, c1, r2, c2, sign] of constraints) {
      const [a, b] = [r1 * this.n + c1, r2 * this.n + c2];
      this.signs.set(a, [...(this.signs.get(a) ?? []), [b, sign]]);
      this.signs.set(b, [...(this.signs.get(b) ?? []), [a, sign === "<" ? ">" : "<"]]);
    }
    grid.forEach((row, r) => row.forEach((d, c) => d && this.#mark(r, c, d)));
  }

  #mark(r: number, c: number, d: number): void {
    this.rows[r]! ^= 1 << d;
    this.cols[c]! ^= 1 << d;
  }

  /** The digits (r, c) may take: unused in its row and column, and consistent with its filled neighbours' signs. */
  #options(r: number, c: number): number {
    let mask = ((1 << (this.n + 1)) - 2) & ~(this.rows[r]! | this.cols[c]!);
    for (const [other, sign] of this.signs.get(r * this.n + c) ?? []) {
      const v = this.grid[Math.floor(other / this.n)]![other % this.n]!;
      if (v === 0) continue;
      // Keep digits below v for "<", above v for ">".
      mask &= sign === "<" ? (1 << v) - 1 : ~((1 << (v + 1)) - 1);
    }
    return mask;
  }

  #tightest(): [number, number, number] | undefined {
    let best: [number, number, number] | undefined;
    let fewest = Infinity;
    for (let r = 0; r < this.n; r++)
      for (let c = 0; c < this.n; c++) {
        if (this.grid[r]![c] !== 0) continue;
        const mask = this.#options(r, c);
        const count = bits(mask).length;
        if (count < fewest) [fewest, best] = [count, [r, c, mask]];
        if (count <= 1) return best;
      }
    return best;
  }

  /** Completions counted up to `limit`; with `rng`, stops at the first one, tried in random order, and leaves it filled. */
  search(limit: number, rng?: Rng): number {
    if (--this.budget < 0) return limit;
    const cell = this.#tightest();
    if (!cell) return 1;
    const [r, c, mask] = cell;
    let found = 0;
    for (const d of rng ? rng.shuffled(bits(mask)) : bits(mask)) {
      this.grid[r]![c] = d;
      this.#mark(r, c, d);
      found += this.search(limit - found, rng);
      if (found >= limit) return found;
      this.#mark(r, c, d);
      this.grid[r]![c] = 0;
    }
    return found;
  }
}

// A clue stays when its removal is not shown to keep the solution unique within this many search
// steps: large boards then keep a few more clues, and generation stays within milliseconds.
const CHECK_BUDGET = 300;

export function futoshikiPuzzle(rng: Rng, n: number, difficulty: number): { puzzle: Grid; solution: Grid; constraints: Constraint[] } {
  const solution: Grid = Array.from({ length: n }, () => Array<number>(n).fill(0));
  new Solver(solution, []).search(1, rng);
  const constraints: Constraint[] = [];
  const chance = 0.03 + 0.07 * difficulty;
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      for (const [r2, c2] of [[r, c + 1], [r + 1, c]] as const) {
        if (r2 >= n || c2 >= n || !rng.chance(chance)) continue;
        constraints.push([r, c, r2, c2, solution[r]![c]! < solution[r2]![c2]! ? "<" : ">"]);
      }
  const puzzle = solution.map((row) => [...row]);
  let filled = n * n;
  const floor = Math.floor(0.1 * n * n);
  for (const k of rng.shuffled(Array.from({ length: n * n }, (_, i) => i))) {
    if (filled <= floor) break;
    const [r, c] = [Math.floor(k / n), k % n];
    const kept = puzzle[r]![c]!;
    puzzle[r]![c] = 0;
    const check = new Solver(puzzle.map((row) => [...row]), constraints);
    check.budget = CHECK_BUDGET;
    if (check.search(2) === 1) filled--;
    else puzzle[r]![c] = kept;
  }
  return { puzzle, solution, constraints };
}

/** The grid with its signs: < and > between cells of a row, ∧ and ∨ (the upper cell smaller, larger) between rows. */
export function futoshikiText(grid: Grid, constraints: readonly Constraint[]): string {
  const n = grid.length;
  const sign = new Map(constraints.map(([r1, c1, r2, c2, s]) => [`${r1},${c1},${r2},${c2}`, s]));
  const lines: string[] = [];
  for (let r = 0; r < n; r++) {
    lines.push(grid[r]!.map((v, c) => `${v === 0 ? "_" : v}${c < n - 1 ? ` ${sign.get(`${r},${c},${r},${c + 1}`) ?? " "} ` : ""}`).join(""));
    if (r < n - 1) lines.push(grid[r]!.map((_, c) => { const s = sign.get(`${r},${c},${r + 1},${c}`); return s === "<" ? "\u2227" : s === ">" ? "\u2228" : " "; }).join("   "));
  }
  return lines.join("\n");
}
