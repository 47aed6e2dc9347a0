// Matrices as the algorithmic tasks show them: one line per row, entries separated by spaces; and
// random matrices of digits for their generators.
import type { Rng } from "../rng.ts";

export const matrixText = (rows: readonly (readonly (number | string)[])[]): string => rows.map((row) => row.join(" ")).join("\n");

export const digitMatrix = (rng: Rng, rows: number, cols: number): number[][] => Array.from({ length: rows }, () => Array.from({ length: cols }, () => rng.int(0, 9)));
