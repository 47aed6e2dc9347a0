// pool_matrix: max or average pooling of a matrix. Answer and stored answer are read as numpy's
// loadtxt reads text into float32 (whitespace-separated, '#' comments, blank lines skipped, axes of
// length 1 squeezed away): the same shape and every element close (numpy's allclose, rtol 1e-2) 1.0;
// the same shape only 0.1; else, or unreadable, 0.
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";
import { pyRound } from "../../../../../shared/verifiers/python_round.ts";
import { pySplit } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { digitMatrix, matrixText } from "./matrix_text.ts";

// str.splitlines()'s line boundaries.
const LINE_BREAKS = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
// The floats numpy's text reader accepts (no underscores, no hex, no digits of other scripts).
const NUMPY_FLOAT = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i;

interface Loaded {
  shape: number[];
  values: number[];
}

function toFloat32(field: string): number {
  if (!NUMPY_FLOAT.test(field)) throw new Error(`could not convert string '${field}' to float32`);
  const lower = field.toLowerCase();
  if (lower.endsWith("nan")) return Number.NaN;
  if (lower.endsWith("inf") || lower.endsWith("infinity")) return lower.startsWith("-") ? -Infinity : Infinity;
  return Math.fround(Number(field));
}

/** np.loadtxt(text.splitlines(), dtype=np.float32): its values in row order and its shape. */
function loadtxt(text: string): Loaded {
  const values: number[] = [];
  let rows = 0;
  let cols = -1;
  for (const line of text.split(LINE_BREAKS)) {
    const hash = line.indexOf("#");
    const fields = pySplit(hash < 0 ? line : line.slice(0, hash));
    if (fields.length === 0) continue;
    if (cols >= 0 && fields.length !== cols) throw new Error(`the number of columns changed from ${cols} to ${fields.length}`);
    cols = fields.length;
    rows++;
    for (const field of fields) values.push(toFloat32(field));
  }
  if (rows === 0) return { shape: [0], values };
  return { shape: [rows, cols].filter((n) => n !== 1), values };
}

/** np.isclose(x, y, rtol=1e-2) on float32 values, computed in float32 as numpy does. */
function isClose(x: number, y: number): boolean {
  if (x === y) return true;
  if (!Number.isFinite(y)) return false;
  const f = Math.fround;
  return f(Math.abs(f(x - y))) <= f(f(1e-8) + f(f(1e-2) * Math.abs(y)));
}

/** Max or average of each size x size block (the last blocks cut short at the edges), stride = size. */
function pool(matrix: readonly number[][], size: number, kind: "max" | "average"): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < matrix.length; r += size) {
    const row: number[] = [];
    for (let c = 0; c < matrix[0]!.length; c += size) {
      const block = matrix.slice(r, r + size).flatMap((cells) => cells.slice(c, c + size));
      row.push(kind === "max" ? block.reduce((a, b) => Math.max(a, b)) : block.reduce((a, b) => a + b, 0) / block.length);
    }
    out.push(row);
  }
  return out;
}

/** A matrix of digits to pool, by max or average, with a kernel (and stride) of a drawn size. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minRows, maxRows] = configRange(config, "rows", [2, 10], [2, 500]);
  const [minCols, maxCols] = configRange(config, "cols", [2, 10], [2, 500]);
  const [minPool, maxPool] = configRange(config, "pool_size", [1, 3], [1, 500]);
  const rows = rng.int(minRows, maxRows);
  const cols = rng.int(minCols, maxCols);
  const matrix = digitMatrix(rng, rows, cols);
  const poolSize = rng.int(minPool, maxPool);
  const poolType = rng.chance(0.5) ? "average" : "max";
  const solution = pool(matrix, poolSize, poolType);
  return {
    question:
      `Apply ${poolType} pooling with a ${poolSize} x ${poolSize} kernel to the matrix below. The stride equals the kernel size, so the ` +
      "windows do not overlap; windows at the right and bottom edges hold whatever cells remain.\n" +
      "Write the result in the same layout as the input (one row per line, entries separated by spaces), rounding each entry to 2 decimal places.\n\n" +
      matrixText(matrix),
    answer: matrixText(solution.map((row) => row.map((x) => (poolType === "max" ? String(x) : pyFloatRepr(pyRound(x, 2)))))),
    metadata: {
      source_dataset: "pool_matrix",
      source_index: index,
      matrix,
      pool_type: poolType,
      pool_size: poolSize,
      solution,
      rows,
      cols,
      difficulty: { rows: [minRows, maxRows], cols: [minCols, maxCols], pool_size: [minPool, maxPool] },
    },
  };
}

export default defineFamily({
  name: "pool_matrix",
  category: "algorithmic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const oracle = loadtxt(entry.answer);
    const given = loadtxt(answer);
    if (oracle.shape.join(",") !== given.shape.join(",")) return 0;
    return oracle.values.every((x, i) => isClose(x, given.values[i]!)) ? 1 : 0.1;
  },
  generate,
});
