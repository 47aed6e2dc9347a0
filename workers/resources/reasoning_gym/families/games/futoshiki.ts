// futoshiki: the unique solution grid with its constraint signs (the generator keeps the solution
// unique), scored by the library's grid rule (solution_grid.ts).
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { futoshikiPuzzle, futoshikiText } from "./futoshiki_grid.ts";
import { solutionGridScore } from "./solution_grid.ts";

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minSize, maxSize] = configRange(config, "board_size", [4, 9], [4, 9]);
  const [minDifficulty, maxDifficulty] = configRange(config, "difficulty", [0, 3], [0, 3]);
  const size = rng.int(minSize, maxSize);
  const difficulty = rng.int(minDifficulty, maxDifficulty);
  const { puzzle, solution, constraints } = futoshikiPuzzle(rng, size, difficulty);
  return {
    question: `Solve this ${size}x${size} Futoshiki: every row and every column holds each number from 1 to ${size} once, and each sign between two cells must hold (< and > between neighbours in a row; \u2227 under a cell means it is smaller than the cell below, \u2228 larger). _ marks an empty cell.\n\n${futoshikiText(puzzle, constraints)}\n\nAnswer with the solved grid drawn the same way, signs included, each _ replaced by its number.`,
    answer: futoshikiText(solution, constraints),
    metadata: {
      source_dataset: "futoshiki",
      source_index: index,
      puzzle,
      constraints,
      solution,
      board_size: size,
      difficulty_rating: difficulty,
      difficulty: { board_size: [minSize, maxSize], difficulty: [minDifficulty, maxDifficulty] },
    },
  };
}

export default defineFamily({
  name: "futoshiki",
  category: "games",
  scorer: "own",
  generate,
  score: (answer, entry) => (answer === null ? 0 : solutionGridScore(answer, entry)),
});
