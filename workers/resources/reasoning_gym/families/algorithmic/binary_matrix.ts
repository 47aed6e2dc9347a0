// binary_matrix: each cell's taxicab distance to the nearest 0, as rows of space-separated numbers.
// The stored text exactly scores 1.0; a Python list literal whose rows, written that way, give the
// stored text scores 0.1 (the library evals the answer; we read it as a literal); else 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";
import { pyLiteralEval } from "../support/python_eval_literal.ts";
import { pyIterate, pyStr } from "../support/python_value.ts";

/** The library's "\n".join(" ".join(str(x) for x in row) for row in matrix), for any evaluated value. */
function matrixText(answer: string): string | undefined {
  try {
    return pyIterate(pyLiteralEval(answer))
      .map((row) => pyIterate(row).map(pyStr).join(" "))
      .join("\n");
  } catch {
    return undefined;
  }
}

export function distances(matrix: readonly (readonly number[])[]): number[][] {
  const n = matrix.length;
  const out = matrix.map((row) => row.map((x) => (x === 0 ? 0 : Infinity)));
  let frontier: [number, number][] = [];
  matrix.forEach((row, r) => row.forEach((x, c) => x === 0 && frontier.push([r, c])));
  for (let d = 1; frontier.length > 0; d++) {
    const next: [number, number][] = [];
    for (const [r, c] of frontier)
      for (const [nr, nc] of [
        [r + 1, c],
        [r - 1, c],
        [r, c + 1],
        [r, c - 1],
      ] as const)
        if (nr >= 0 && nr < n && nc >= 0 && nc < n && out[nr]![nc] === Infinity) {
          out[nr]![nc] = d;
          next.push([nr, nc]);
        }
    frontier = next;
  }
  return out;
}

const text = (matrix: readonly (readonly number[])[]) => matrix.map((row) => row.join(" ")).join("\n");

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minN, maxN] = configRange(config, "n", [3, 10], [1, 1000]);
  const pZero = configNumber(config, "p_zero", 0.25, Number.MIN_VALUE, 1);
  const n = rng.int(minN, maxN);
  // One zero at least, so that every distance exists.
  const cells = rng.shuffled([0, ...Array.from({ length: n * n - 1 }, () => (rng.chance(pZero) ? 0 : 1))]);
  const matrix = Array.from({ length: n }, (_, r) => cells.slice(r * n, (r + 1) * n));
  const solution = distances(matrix);
  return {
    question: `For every cell of this square matrix, give the taxicab (Manhattan) distance to the nearest 0. Answer with a matrix of the same size, one row per line, numbers separated by spaces.\n\n${text(matrix)}`,
    answer: text(solution),
    metadata: { source_dataset: "binary_matrix", source_index: index, matrix, solution, n, difficulty: { n: [minN, maxN], p_zero: pZero } },
  };
}

export default defineFamily({
  name: "binary_matrix",
  category: "algorithmic",
  scorer: "own",
  deviations: ["An answer other than the stored text is read as a Python literal (lists, tuples, strings, numbers, True, False, None), never run as code as the library's eval() does: an expression such as [[0]*3], or a dict or set, scores 0 where the library may give 0.1."],
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    if (answer === entry.answer) return 1;
    return matrixText(answer) === entry.answer ? 0.1 : 0;
  },
  generate,
});
