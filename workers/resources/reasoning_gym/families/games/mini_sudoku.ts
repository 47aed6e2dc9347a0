// mini_sudoku: the unique solution grid (the generator keeps the puzzle's solution unique), scored by the
// library's grid rule (solution_grid.ts); an empty answer 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { solutionGridScore } from "./solution_grid.ts";
import { gridText, sudokuPuzzle } from "./sudoku_grid.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minEmpty, maxEmpty] = configRange(config, "empty", [8, 12], [0, 12]);
  const empty = rng.int(minEmpty, maxEmpty);
  const { puzzle, solution } = sudokuPuzzle(rng, 2, empty);
  return {
    question: `Fill in this 4x4 Sudoku so that every row, every column and every 2x2 box holds each of the digits 1 to 4 once (_ marks an empty cell):\n${gridText(puzzle)}\nAnswer with the full grid in the same layout: digits separated by spaces, one row per line.`,
    answer: gridText(solution),
    metadata: { source_dataset: "mini_sudoku", source_index: index, puzzle, solution, num_empty: empty, difficulty: { empty: [minEmpty, maxEmpty] } },
  };
}

export default defineFamily({
  name: "mini_sudoku",
  category: "games",
  scorer: "own",
  generate,
  score: (answer, entry) => (answer ? solutionGridScore(answer, entry) : 0),
});
