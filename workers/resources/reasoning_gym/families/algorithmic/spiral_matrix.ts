// spiral_matrix: a matrix's elements in clockwise spiral order. The answer stripped equal to the
// stored one stripped 1.0; a Python list (or tuple, or string) whose items, str()'d and joined
// with spaces, give it 0.1; else 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { digitMatrix, matrixText } from "./matrix_text.ts";
import { evalPythonLiteral, pyIterate, pyStr } from "../support/python_literal.ts";

/** " ".join(str(item) for item in eval(answer)); undefined where eval or str() fails us. */
function joinedItems(answer: string): string | undefined {
  try {
    const parts = pyIterate(evalPythonLiteral(answer)).map(pyStr);
    return parts.every((part) => part !== undefined) ? parts.join(" ") : undefined;
  } catch {
    return undefined;
  }
}

/** The elements clockwise from the top-left corner, ring by ring inward. */
function spiral(m: readonly number[][]): number[] {
  const out: number[] = [];
  let [top, bottom, left, right] = [0, m.length - 1, 0, m[0]!.length - 1];
  while (top <= bottom && left <= right) {
    for (let c = left; c <= right; c++) out.push(m[top]![c]!);
    for (let r = top + 1; r <= bottom; r++) out.push(m[r]![right]!);
    if (top < bottom) for (let c = right - 1; c >= left; c--) out.push(m[bottom]![c]!);
    if (left < right) for (let r = bottom - 1; r > top; r--) out.push(m[r]![left]!);
    [top, bottom, left, right] = [top + 1, bottom - 1, left + 1, right - 1];
  }
  return out;
}

/** A square matrix of digits to read in spiral order. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minN, maxN] = configRange(config, "n", [2, 10], [2, 500]);
  const n = rng.int(minN, maxN);
  const matrix = digitMatrix(rng, n, n);
  const solution = spiral(matrix);
  return {
    question:
      "List the elements of the matrix below in clockwise spiral order: start at the top-left corner, go right along the top row, down the " +
      "right column, left along the bottom row and up the left column, then repeat on the rings inside until every element is listed.\n" +
      "Answer with the elements separated by single spaces, for example 1 2 3 6 9 8 7 4 5.\n\n" +
      matrixText(matrix),
    answer: solution.join(" "),
    metadata: { source_dataset: "spiral_matrix", source_index: index, matrix, solution, n, difficulty: { n: [minN, maxN] } },
  };
}

export default defineFamily({
  name: "spiral_matrix",
  category: "algorithmic",
  scorer: "own",
  deviations: ["A list answer is read as a Python literal (lists, tuples, strings, numbers), never run as code as the library's eval() does."],
  score(answer, entry) {
    if (typeof entry.answer !== "string") return 0;
    const oracle = pyStrip(entry.answer);
    if (!answer) return 0;
    const stripped = pyStrip(answer);
    if (stripped === oracle) return 1;
    return joinedItems(stripped) === oracle ? 0.1 : 0;
  },
  generate,
});
