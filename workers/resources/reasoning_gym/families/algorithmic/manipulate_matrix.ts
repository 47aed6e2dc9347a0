// manipulate_matrix: a matrix after a series of rotations, mirrorings, crops, value maps and row or
// column removals, as rows of space-separated numbers. The stored text (both stripped) scores 1.0;
// so does an answer that equals it once each row's blanks are collapsed; an answer that contains
// it scores its share of the answer's length; else 0.
import { pyLen, pySplit, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

function score(answer: string | null, entry: { answer: string | null | undefined }): number {
  if (typeof entry.answer !== "string") return 0;
  const oracle = pyStrip(entry.answer);
  if (answer === null || answer.length === 0) return 0;
  const given = pyStrip(answer);
  if (given === oracle) return 1;
  const tidy = pyStrip(
    given
      .split("\n")
      .map((row) => pySplit(row).join(" "))
      .join("\n"),
  );
  if (tidy === oracle) return 1;
  // An empty tidy answer containing an empty oracle divides by zero in the library, which scores 0.
  return tidy.includes(oracle) && tidy.length > 0 ? pyLen(oracle) / pyLen(tidy) : 0;
}

type Matrix = number[][];

const transpose = (m: Matrix): Matrix => (m.length === 0 ? [] : m[0]!.map((_, c) => m.map((row) => row[c]!)));
const hmirror = (m: Matrix): Matrix => [...m].reverse();
const vmirror = (m: Matrix): Matrix => m.map((row) => [...row].reverse());
const ROTATIONS: Record<string, (m: Matrix) => Matrix> = {
  "90": (m) => vmirror(transpose(m)),
  "180": (m) => vmirror(hmirror(m)),
  "270": (m) => hmirror(transpose(m)),
  "360": (m) => m,
};

const TRANSFORMS = ["rotate", "hmirror", "vmirror", "dmirror", "cmirror", "map", "crop", "remove_every_nth_row", "remove_every_nth_col", "zero_divisible"] as const;
type Transform = (typeof TRANSFORMS)[number];

/** One transform applied: the new matrix and its instruction, or undefined when it does not apply (nothing to remove). */
function apply(rng: Rng, kind: Transform, m: Matrix): { matrix: Matrix; op: Record<string, unknown> } | undefined {
  const rows = m.length;
  const cols = m[0]?.length ?? 0;
  switch (kind) {
    case "rotate": {
      const degrees = rng.choice(Object.keys(ROTATIONS));
      return { matrix: ROTATIONS[degrees]!(m), op: { transform: kind, degrees, instruction: `- Rotate the matrix ${degrees} degrees clockwise` } };
    }
    case "hmirror":
      return { matrix: hmirror(m), op: { transform: kind, instruction: "- Mirror the matrix top to bottom (reverse the order of its rows)" } };
    case "vmirror":
      return { matrix: vmirror(m), op: { transform: kind, instruction: "- Mirror the matrix left to right (reverse each row)" } };
    case "dmirror":
      return { matrix: transpose(m), op: { transform: kind, instruction: "- Mirror the matrix along its main diagonal (transpose it)" } };
    case "cmirror":
      return { matrix: hmirror(vmirror(transpose(m))), op: { transform: kind, instruction: "- Mirror the matrix along its counter-diagonal" } };
    case "map": {
      const [from, to] = rng.sample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 2) as [number, number];
      return { matrix: m.map((row) => row.map((x) => (x === from ? to : x))), op: { transform: kind, from, to, instruction: `- Replace every ${from} with ${to}` } };
    }
    case "zero_divisible": {
      const k = rng.int(1, 9);
      return { matrix: m.map((row) => row.map((x) => (x % k === 0 ? 0 : x))), op: { transform: kind, k, instruction: `- Set every element divisible by ${k} to zero` } };
    }
    case "crop": {
      const rowStart = rng.int(1, rows);
      const rowEnd = rng.int(rowStart, rows);
      const colStart = rng.int(1, cols);
      const colEnd = rng.int(colStart, cols);
      return {
        matrix: m.slice(rowStart - 1, rowEnd).map((row) => row.slice(colStart - 1, colEnd)),
        op: { transform: kind, row_start: rowStart, row_end: rowEnd, col_start: colStart, col_end: colEnd, instruction: `- Keep only rows ${rowStart} to ${rowEnd} and columns ${colStart} to ${colEnd} (counting from 1)` },
      };
    }
    case "remove_every_nth_row": {
      if (rows < 2) return undefined;
      const n = rng.int(2, rows);
      return { matrix: m.filter((_, i) => (i + 1) % n !== 0), op: { transform: kind, n, instruction: `- Delete rows ${n}, ${2 * n}, ${3 * n}, ... (every ${n}th row, counting from 1)` } };
    }
    case "remove_every_nth_col": {
      if (cols < 2) return undefined;
      const n = rng.int(2, cols);
      return { matrix: m.map((row) => row.filter((_, i) => (i + 1) % n !== 0)), op: { transform: kind, n, instruction: `- Delete columns ${n}, ${2 * n}, ${3 * n}, ... (every ${n}th column, counting from 1)` } };
    }
  }
}

const text = (m: Matrix) => m.map((row) => row.join(" ")).join("\n");

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minRows, maxRows] = configRange(config, "rows", [2, 10], [2, 1000]);
  const [minCols, maxCols] = configRange(config, "cols", [2, 10], [2, 1000]);
  const [minT, maxT] = configRange(config, "transforms", [1, 10], [1, 1000]);
  // The library draws a transform with the softmax of these weights.
  const weights = TRANSFORMS.map((t) => Math.exp(configNumber(config, `w_${t}`, 1, -700, 700)));
  const total = weights.reduce((a, b) => a + b, 0);
  const rows = rng.int(minRows, maxRows);
  const cols = rng.int(minCols, maxCols);
  const matrix = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rng.int(0, 9)));
  const numTransforms = rng.int(minT, maxT);
  const operations: Record<string, unknown>[] = [];
  let current = matrix;
  // A draw that does not apply is drawn again; a bounded number of times, as removals alone may never apply.
  for (let draws = 0; operations.length < numTransforms && draws < 100 * numTransforms; draws++) {
    let pick = rng.float() * total;
    const kind = TRANSFORMS.find((_, i) => (pick -= weights[i]!) < 0) ?? TRANSFORMS.at(-1)!;
    const done = apply(rng, kind, current);
    if (!done) continue;
    current = done.matrix;
    operations.push(done.op);
  }
  if (operations.length < numTransforms) throw new RangeError("the w_* weights leave no transform that applies");
  return {
    question: `Start from this matrix:\n${text(matrix)}\n\nApply these operations in order:\n${operations.map((op) => op.instruction).join("\n")}\n\nGive the resulting matrix, one row per line, numbers separated by spaces.`,
    answer: text(current),
    metadata: {
      source_dataset: "manipulate_matrix",
      source_index: index,
      matrix,
      solution: current,
      operations,
      rows,
      cols,
      num_transforms: numTransforms,
      difficulty: { rows: [minRows, maxRows], cols: [minCols, maxCols], num_transforms: [minT, maxT] },
    },
  };
}

export default defineFamily({ name: "manipulate_matrix", category: "algorithmic", scorer: "own", score, generate });
