// rotate_matrix: a square matrix rotated clockwise by quarter turns, rows of space-separated digits.
// Scored by the library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { digitMatrix, matrixText } from "./matrix_text.ts";

/** The matrix turned a quarter clockwise: row r of the result is column r read bottom to top. */
const quarterTurn = (m: readonly number[][]): number[][] => m[0]!.map((_, c) => m.map((row) => row[c]!).reverse());

/** A square matrix of digits and a number of quarter turns. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minN, maxN] = configRange(config, "n", [2, 10], [2, 500]);
  const [minRotations, maxRotations] = configRange(config, "rotations", [0, 10], [0, 1_000_000]);
  const n = rng.int(minN, maxN);
  const matrix = digitMatrix(rng, n, n);
  const rotations = rng.int(minRotations, maxRotations);
  let solution = matrix;
  for (let i = 0; i < rotations % 4; i++) solution = quarterTurn(solution);
  return {
    question:
      `Rotate this square matrix clockwise by ${rotations * 90} degrees. Write the result the way the matrix is written ` +
      "(one row per line, entries separated by spaces).\n\n" +
      matrixText(matrix),
    answer: matrixText(solution),
    metadata: {
      source_dataset: "rotate_matrix",
      source_index: index,
      matrix,
      num_rotations: rotations,
      solution,
      n,
      difficulty: { n: [minN, maxN], num_rotations: [minRotations, maxRotations] },
    },
  };
}

export default defineFamily({ name: "rotate_matrix", category: "algorithmic", scorer: "default", score: defaultScore, generate });
