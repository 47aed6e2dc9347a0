// kakurasu: any 0/1 grid whose weighted row and column sums are the task's: 1.0; else 0. Each line
// of the stripped answer is a row of its 0 and 1 characters (anything else on it is ignored).
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configNumber, configRange } from "../support/generator_config.ts";

const sameList = (a: readonly number[], b: unknown) => Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);

const weighted = (cells: readonly number[]) => cells.reduce((sum, cell, k) => sum + cell * (k + 1), 0);

/** Grids with these weighted sums, counted up to `limit`: each row one of its patterns, columns tracked as they fill. */
function countSolutions(rowSums: number[], colSums: number[], limit = 2): number {
  const cols = colSums.length;
  const patterns = rowSums.map((target) =>
    Array.from({ length: 1 << cols }, (_, mask) => Array.from({ length: cols }, (_, j) => (mask >> j) & 1)).filter((cells) => weighted(cells) === target),
  );
  const left = [...colSums];
  let found = 0;
  const place = (r: number): void => {
    if (r === rowSums.length) {
      if (left.every((x) => x === 0)) found++;
      return;
    }
    for (const cells of patterns[r]!) {
      if (found >= limit) return;
      cells.forEach((bit, j) => (left[j] = left[j]! - bit * (r + 1)));
      if (left.every((x) => x >= 0)) place(r + 1);
      cells.forEach((bit, j) => (left[j] = left[j]! + bit * (r + 1)));
    }
  };
  place(0);
  return found;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minRows, maxRows] = configRange(config, "rows", [4, 5], [3, 9]);
  const [minCols, maxCols] = configRange(config, "cols", [4, 5], [3, 9]);
  const pOnes = configNumber(config, "p_ones", 0.3, 0, 1);
  const retries = configInt(config, "max_retries", 1000, 1, 100_000);
  const rows = rng.int(minRows, maxRows);
  const cols = rng.int(minCols, maxCols);
  let grid: number[][] = [];
  // Unique puzzles only, unless none turns up in max_retries draws (then the last one, as the library does).
  for (let attempt = 0; attempt < retries; attempt++) {
    grid = Array.from({ length: rows }, () => Array.from({ length: cols }, () => (rng.chance(pOnes) ? 1 : 0)));
    for (const row of grid) if (!row.includes(1)) row[rng.int(0, cols - 1)] = 1;
    for (let j = 0; j < cols; j++) if (grid.every((row) => row[j] === 0)) grid[rng.int(0, rows - 1)]![j] = 1;
    const { rowSums, colSums } = sums(grid);
    if (countSolutions(rowSums, colSums) === 1) break;
  }
  const { rowSums, colSums } = sums(grid);
  const empty = grid.map((row) => row.map(() => 0));
  const text = (g: number[][]) => g.map((row) => row.join(" ")).join("\n");
  return {
    question: `Kakurasu, ${rows} x ${cols}: put a 1 or a 0 in every cell. A 1 in column j (counting from 1) adds j to its row's total; a 1 in row i adds i to its column's total. The row totals must be ${JSON.stringify(rowSums).replaceAll(",", ", ")} and the column totals ${JSON.stringify(colSums).replaceAll(",", ", ")}.\nAnswer with the grid, one row per line, cells separated by spaces:\n${text(empty)}`,
    answer: text(grid),
    metadata: {
      source_dataset: "kakurasu",
      source_index: index,
      n_rows: rows,
      n_cols: cols,
      p_ones: pOnes,
      puzzle: empty,
      row_sums: rowSums,
      col_sums: colSums,
      solution: grid,
      difficulty: { rows: [minRows, maxRows], cols: [minCols, maxCols], p_ones: pOnes },
    },
  };
}

function sums(grid: number[][]): { rowSums: number[]; colSums: number[] } {
  return { rowSums: grid.map(weighted), colSums: grid[0]!.map((_, j) => weighted(grid.map((row) => row[j]!))) };
}

export default defineFamily({
  name: "kakurasu",
  category: "games",
  scorer: "validity",
  generate,
  score(answer, entry) {
    if (answer === null) return 0;
    const { n_rows: rows, n_cols: cols, row_sums: rowSums, col_sums: colSums } = entry.metadata;
    if (typeof rows !== "number" || typeof cols !== "number") return 0;
    const lines = pyStrip(answer).split("\n");
    if (lines.length !== rows) return 0;
    const grid = lines.map((line) => [...line].filter((c) => c === "0" || c === "1").map(Number));
    if (grid.some((row) => row.length !== cols)) return 0;
    const byRow = grid.map((row) => row.reduce((sum, cell, j) => sum + cell * (j + 1), 0));
    const byCol = Array.from({ length: cols }, (_, j) => grid.reduce((sum, row, i) => sum + row[j]! * (i + 1), 0));
    return sameList(byRow, rowSums) && sameList(byCol, colSums) ? 1 : 0;
  },
});
