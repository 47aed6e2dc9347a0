// largest_island: the area of the largest 4-connected island of 1s in a binary grid; the library's
// base scorer (the stored answer exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const DIRECTIONS: [number, number][] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/** Islands made by random walks: each from a random cell, marking land and stepping to a random neighbouring water cell while there is one. */
function islands(rng: Rng, rows: number, cols: number, count: number, size: [number, number]): number[][] {
  const grid = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  for (let k = 0; k < count; k++) {
    let [r, c] = [rng.int(0, rows - 1), rng.int(0, cols - 1)];
    const steps = Math.min(rng.int(...size), rows * cols);
    for (let s = 0; s < steps; s++) {
      grid[r]![c] = 1;
      const next = rng.shuffled(DIRECTIONS).map(([dr, dc]) => [r + dr, c + dc]).find(([nr, nc]) => nr! >= 0 && nr! < rows && nc! >= 0 && nc! < cols && grid[nr!]![nc!] === 0);
      if (next) [r, c] = next as [number, number];
    }
  }
  return grid;
}

function largestArea(grid: number[][]): number {
  const seen = grid.map((row) => row.map(() => false));
  let best = 0;
  grid.forEach((row, r0) =>
    row.forEach((cell, c0) => {
      if (cell !== 1 || seen[r0]![c0]) return;
      seen[r0]![c0] = true;
      const stack = [[r0, c0]];
      let area = 0;
      while (stack.length > 0) {
        const [r, c] = stack.pop()!;
        area++;
        for (const [dr, dc] of DIRECTIONS) {
          const [nr, nc] = [r! + dr, c! + dc];
          if (grid[nr]?.[nc] === 1 && !seen[nr]![nc]) {
            seen[nr]![nc] = true;
            stack.push([nr, nc]);
          }
        }
      }
      best = Math.max(best, area);
    }),
  );
  return best;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const rowRange = configRange(config, "rows", [5, 10], [1, 500]);
  const colRange = configRange(config, "cols", [5, 10], [1, 500]);
  const islandRange = configRange(config, "num_islands", [0, 5], [0, 10_000]);
  const sizeRange = configRange(config, "island_size", [0, 10], [0, 250_000]);
  const [rows, cols] = [rng.int(...rowRange), rng.int(...colRange)];
  const grid = islands(rng, rows, cols, rng.int(...islandRange), sizeRange);
  const answer = largestArea(grid);
  return {
    question:
      `Here is a ${rows} x ${cols} grid of land (1) and water (0):\n${grid.map((row) => row.join(" ")).join("\n")}\n` +
      "Cells of land that touch horizontally or vertically form one island; everything outside the grid is water. An island's area is its number of cells. " +
      "What is the area of the largest island? Answer 0 if there is none.",
    answer: String(answer),
    metadata: {
      source_dataset: "largest_island",
      source_index: index,
      grid,
      solution: answer,
      difficulty: { rows: rowRange, cols: colRange, num_islands: islandRange, island_size: sizeRange },
    },
  };
}

export default defineFamily({ name: "largest_island", category: "graphs", scorer: "default", score: defaultScore, generate });
