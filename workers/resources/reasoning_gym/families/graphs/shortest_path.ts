// shortest_path: a shortest walk (up, down, left, right) from * to # through the open cells of a
// grid, or "infeasible". The stored answer 1.0; any other valid walk as long as it 1.0, longer
// 0.5; anything else 0.
import { pySplit, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

const STEPS: Record<string, [number, number]> = { right: [0, 1], down: [1, 0], left: [0, -1], up: [-1, 0] };

/** Where a cell first holds `mark`, row by row; throws if none does (the library's next() raises). */
function find(matrix: readonly (readonly unknown[])[], mark: string, cols: number): [number, number] {
  for (let r = 0; r < matrix.length; r++) for (let c = 0; c < cols; c++) if (cell(matrix, r, c) === mark) return [r, c];
  throw new Error(`no ${mark} in the grid`);
}

function cell(matrix: readonly (readonly unknown[])[], r: number, c: number): unknown {
  const row = matrix[r]!;
  if (c >= row.length) throw new Error("ragged grid");
  return row[c];
}

/** Whether the walk goes from * to # on the grid without leaving it or entering an X (it may pass # on the way). */
function isValidWalk(matrix: readonly (readonly unknown[])[], walk: readonly string[]): boolean {
  const rows = matrix.length;
  const cols = matrix[0]!.length;
  const [startR, startC] = find(matrix, "*", cols);
  const end = find(matrix, "#", cols);
  let [r, c] = [startR, startC];
  for (const step of walk) {
    const delta = Object.hasOwn(STEPS, step) ? STEPS[step] : undefined;
    if (!delta) return false;
    r += delta[0];
    c += delta[1];
    if (r < 0 || r >= rows || c < 0 || c >= cols) return false;
    if (cell(matrix, r, c) === "X") return false;
  }
  return r === end[0] && c === end[1];
}

/** A shortest walk from * to # by breadth-first search through open cells (none: no walk). */
function shortestWalk(grid: readonly string[][]): string[] | undefined {
  const rows = grid.length;
  const cols = grid[0]!.length;
  const [sr, sc] = find(grid, "*", cols);
  const from = new Map<number, { prev: number; step: string }>();
  const queue = [sr * cols + sc];
  const seen = new Set(queue);
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    const [r, c] = [Math.floor(at / cols), at % cols];
    for (const [step, [dr, dc]] of Object.entries(STEPS)) {
      const [nr, nc] = [r + dr, c + dc];
      const next = nr * cols + nc;
      if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || seen.has(next) || grid[nr]![nc] === "X") continue;
      seen.add(next);
      from.set(next, { prev: at, step });
      if (grid[nr]![nc] === "#") {
        const walk: string[] = [];
        for (let k = next; k !== sr * cols + sc; k = from.get(k)!.prev) walk.push(from.get(k)!.step);
        return walk.reverse();
      }
      queue.push(next);
    }
  }
  return undefined;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const rowRange = configRange(config, "rows", [5, 8], [1, 200]);
  const colRange = configRange(config, "cols", [5, 8], [1, 200]);
  const pBlocked = configNumber(config, "p_blocked", 0.4, 0, 1);
  if (rowRange[0] * colRange[0] < 2) throw new RangeError("min_rows and min_cols must leave room for a start and an end (at least 2 cells)");
  const rows = rng.int(...rowRange);
  const cols = rng.int(...colRange);
  const grid: string[][] = Array.from({ length: rows }, () => Array.from({ length: cols }, () => (rng.chance(pBlocked) ? "X" : "O")));
  const start = rng.int(0, rows * cols - 1);
  let end = rng.int(0, rows * cols - 2);
  if (end >= start) end++;
  grid[Math.floor(start / cols)]![start % cols] = "*";
  grid[Math.floor(end / cols)]![end % cols] = "#";
  const walk = shortestWalk(grid);
  return {
    question:
      "Find a shortest route from * to # in the grid below. Cells: * start, # destination, O open, X blocked. " +
      "Move one cell at a time up, down, left or right, through open cells only. " +
      'Answer with the moves separated by spaces (for example: up up left down), or "infeasible" if # cannot be reached.\n' +
      grid.map((row) => row.join(" ")).join("\n"),
    answer: walk ? walk.join(" ") : "infeasible",
    metadata: { source_dataset: "shortest_path", source_index: index, matrix: grid, solution: walk ?? [], difficulty: { rows: rowRange, cols: colRange } },
  };
}

export default defineFamily({
  name: "shortest_path",
  category: "graphs",
  scorer: "validity",
  score(answer, entry) {
    if (answer === null || answer.length === 0 || typeof entry.answer !== "string") return 0;
    const oracle = pyStrip(entry.answer);
    const given = pyStrip(answer);
    if (given === oracle) return 1;
    const matrix = entry.metadata.matrix;
    if (!Array.isArray(matrix) || matrix.length === 0 || !matrix.every(Array.isArray)) throw new Error("shortest_path metadata needs the grid");
    const walk = pySplit(given);
    if (!isValidWalk(matrix as unknown[][], walk)) return 0;
    return walk.length === pySplit(oracle).length ? 1 : 0.5;
  },
  generate,
});
