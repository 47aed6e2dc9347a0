// survo: the completed matrix. Any fill of the puzzle's empty cells with its candidate numbers (each
// used once) that makes every row's and column's last element the sum of the others: 1.0; else 0.
// The answer's lines are rows of their integer words (int() as Python reads them); lines with none
// are skipped.
import { pySplit, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { pyInt } from "../support/python_int.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

function parseGrid(answer: string, size: number): bigint[][] | undefined {
  const grid: bigint[][] = [];
  for (const line of pyStrip(answer).split("\n")) {
    const row: bigint[] = [];
    for (const word of pySplit(line)) {
      const n = pyInt(word);
      if (n !== undefined && row.push(n) > size) return undefined;
    }
    if (row.length === 0) continue;
    if (row.length !== size || grid.length === size) return undefined;
    grid.push(row);
  }
  return grid.length === size ? grid : undefined;
}

const sorted = (xs: readonly bigint[]) => xs.map(String).sort().join(",");

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minSize, maxSize] = configRange(config, "board_size", [4, 5], [4, 20]);
  const [minEmpty, maxEmpty] = configRange(config, "empty", [3, 5], [1, (minSize - 1) ** 2]);
  const [minNum, maxNum] = configRange(config, "num", [1, 9], [1, 1_000_000], true);
  const size = rng.int(minSize, maxSize);
  const empty = rng.int(minEmpty, maxEmpty);
  const inner = Array.from({ length: size - 1 }, () => Array.from({ length: size - 1 }, () => rng.int(minNum, maxNum)));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const bordered = [...inner.map((row) => [...row, sum(row)])];
  bordered.push(bordered[0]!.map((_, j) => sum(bordered.map((row) => row[j]!))));
  const puzzle = bordered.map((row) => [...row]);
  const cells = Array.from({ length: (size - 1) ** 2 }, (_, k) => [Math.floor(k / (size - 1)), k % (size - 1)] as const);
  const candidates = rng.sample(cells, empty).map(([r, c]) => {
    puzzle[r]![c] = 0;
    return bordered[r]![c]!;
  });
  const text = (m: number[][]) => m.map((row) => row.join(" ")).join("\n");
  return {
    question: `In this ${size}*${size} matrix the last number of every row and of every column is the sum of the others in it; the 0s are missing numbers:\n${text(puzzle)}\nFill the 0s with the numbers ${JSON.stringify(candidates).replaceAll(",", ", ")}, each used once, and answer with the completed matrix in the same layout.`,
    answer: text(bordered),
    metadata: {
      source_dataset: "survo",
      source_index: index,
      puzzle,
      solution: bordered,
      candidate_numbers: candidates,
      board_size: size,
      num_empty: empty,
      min_num: minNum,
      max_num: maxNum,
      difficulty: { board_size: [minSize, maxSize], empty: [minEmpty, maxEmpty] },
    },
  };
}

export default defineFamily({
  name: "survo",
  category: "games",
  scorer: "validity",
  generate,
  deviations: ["Any completion that satisfies the sums with the candidate numbers scores 1.0: the library compares with its stored matrix, though a puzzle can have more than one."],
  score(answer, entry) {
    if (answer === null) return 0;
    const { board_size: size, puzzle, candidate_numbers: candidates } = entry.metadata;
    if (typeof size !== "number" || !Array.isArray(puzzle) || !Array.isArray(candidates)) return 0;
    const grid = parseGrid(answer, size);
    if (!grid) return 0;
    const placed: bigint[] = [];
    for (let i = 0; i < size; i++)
      for (let j = 0; j < size; j++) {
        const given = (puzzle[i] as unknown[] | undefined)?.[j];
        if (given === 0) placed.push(grid[i]![j]!);
        else if (typeof given !== "number" || BigInt(given) !== grid[i]![j]) return 0;
      }
    if (sorted(placed) !== sorted(candidates.map((c) => BigInt(c as number)))) return 0;
    for (let k = 0; k < size; k++) {
      let rowSum = 0n;
      let colSum = 0n;
      for (let m = 0; m < size - 1; m++) {
        rowSum += grid[k]![m]!;
        colSum += grid[m]![k]!;
      }
      if (rowSum !== grid[k]![size - 1] || colSum !== grid[size - 1]![k]) return 0;
    }
    return 1;
  },
});
