// rotten_oranges: minutes until every orange in a grid has rotted (-1 when some never do). Scored by
// the library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";
import { matrixText } from "./matrix_text.ts";

/** Minutes of spreading rot (breadth first, a minute per ring) until no fresh orange is left; -1 if one never rots. */
function minutesToRot(grid: readonly number[][]): number {
  const n = grid.length;
  const state = grid.map((row) => [...row]);
  let fresh = 0;
  let frontier: [number, number][] = [];
  state.forEach((row, r) => row.forEach((cell, c) => (cell === 2 ? frontier.push([r, c]) : cell === 1 ? fresh++ : undefined)));
  let minutes = 0;
  for (;;) {
    const next: [number, number][] = [];
    for (const [r, c] of frontier) {
      for (const [nr, nc] of [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]] as const) {
        if (nr < 0 || nc < 0 || nr >= n || nc >= n || state[nr]![nc] !== 1) continue;
        state[nr]![nc] = 2;
        fresh--;
        next.push([nr, nc]);
      }
    }
    if (next.length === 0) break;
    frontier = next;
    minutes++;
  }
  return fresh === 0 ? minutes : -1;
}

/** An n x n grid: each cell an orange with p_oranges, and each orange rotten with p_rotten. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minN, maxN] = configRange(config, "n", [10, 30], [2, 500]);
  const pOranges = configNumber(config, "p_oranges", 0.85, Number.MIN_VALUE, 1);
  const pRotten = configNumber(config, "p_rotten", 0.1, Number.MIN_VALUE, 1);
  const n = rng.int(minN, maxN);
  const matrix = Array.from({ length: n }, () => Array.from({ length: n }, () => (rng.chance(pOranges) ? (rng.chance(pRotten) ? 2 : 1) : 0)));
  const solution = minutesToRot(matrix);
  return {
    question:
      "In the grid below, 0 is an empty cell, 1 a fresh orange and 2 a rotten orange. Each minute, every fresh orange next to a rotten one " +
      "(up, down, left or right) rots. How many minutes pass until no fresh orange is left? Answer -1 if some orange never rots.\n\n" +
      matrixText(matrix),
    answer: String(solution),
    metadata: { source_dataset: "rotten_oranges", source_index: index, matrix, solution, n, difficulty: { n: [minN, maxN] } },
  };
}

export default defineFamily({ name: "rotten_oranges", category: "algorithmic", scorer: "default", score: defaultScore, generate });
