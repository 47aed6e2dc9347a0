// The library's rule for its unique-solution number grids (sudoku, mini_sudoku, futoshiki): the
// stored grid text, trailing spaces of each line aside: 1.0; else 0.9 times the share of cells
// right, reading the answer's lines that hold exactly one digit 1-9 per column, in order, as the
// rows. Either way, an answer longer than the stored text is scaled by their length ratio.
import { pyLen, pyRstrip } from "../../../../../shared/verifiers/python_str.ts";
import type { Entry } from "../family.ts";

const trimLines = (text: string) => text.split("\n").map(pyRstrip).join("\n");

function lineCount(text: string): number {
  let n = 1;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

/** The digits 1-9 of text[start, end), or undefined once there are more than `size`. */
function rowDigits(text: string, start: number, end: number, size: number): number[] | undefined {
  const digits: number[] = [];
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 49 && code <= 57 && digits.push(code - 48) > size) return undefined;
  }
  return digits;
}

/** The stored text, trailing spaces of each line aside (lines are compared only when there are as many). */
const sameText = (answer: string, oracle: string) => lineCount(answer) === lineCount(oracle) && trimLines(answer) === trimLines(oracle);

export function solutionGridScore(answer: string, entry: Entry): number {
  const oracle = entry.answer;
  const solution = entry.metadata.solution;
  if (typeof oracle !== "string" || !Array.isArray(solution) || !Array.isArray(solution[0])) throw new TypeError("the task needs its solution grid");
  const rows = solution as unknown[][];
  const size = rows[0]!.length;
  let reward: number;
  if (sameText(answer, oracle)) reward = 1;
  else {
    let row = 0;
    let matching = 0;
    for (let start = 0; start <= answer.length && row < rows.length; ) {
      const newline = answer.indexOf("\n", start);
      const end = newline < 0 ? answer.length : newline;
      const digits = rowDigits(answer, start, end, size);
      start = end + 1;
      if (digits?.length !== size) continue;
      digits.forEach((d, i) => {
        if (i < rows[row]!.length && rows[row]![i] === d) matching++;
      });
      row++;
    }
    reward = (matching / (size * size)) * 0.9;
  }
  const given = pyLen(answer);
  const stored = pyLen(oracle);
  return given > stored ? reward * (stored / given) : reward;
}
