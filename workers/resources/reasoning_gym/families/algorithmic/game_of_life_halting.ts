// game_of_life_halting: whether a Game of Life board (Moore neighbourhood, wrapping edges) dies out
// within a number of steps, answered "True" (it halts) or "False". Scored against the stored
// answer, case and surrounding blanks ignored. The generator places oscillators (which never die)
// or short-lived shapes with a one-cell margin, then finds the answer by running the board.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { step } from "./game_of_life.ts";

interface Pattern {
  name: string;
  difficulty?: number;
  rows: string;
}

// Oscillators (period 2 to 15) by the difficulty level they belong to, and shapes that die within three steps.
const OSCILLATORS: readonly Pattern[] = [
  { name: "blinker", difficulty: 1, rows: "000/111/000" },
  { name: "toad", difficulty: 1, rows: "0110/1000/0001/0110" },
  { name: "clock", difficulty: 1, rows: "0010/1010/0101/0100" },
  { name: "bipole", difficulty: 1, rows: "00011/00101/00000/10100/11000" },
  { name: "tripole", difficulty: 1, rows: "000011/000101/000000/010100/100000/110000" },
  { name: "caterer", difficulty: 2, rows: "011100/000001/100001/000010/011000/010000/010000/010000/000000" },
  { name: "mold", difficulty: 2, rows: "000110/001001/100101/000010/101100/010000" },
  { name: "pinwheel", difficulty: 2, rows: "000000110000/000000110000/000000000000/000011110000/110100001000/110100101000/000100011011/000101001011/000011110000/000000000000/000011000000/000011000000" },
  { name: "pentadecathlon", difficulty: 3, rows: "0000000000000000/0000000000000000/0000000000000000/0100110000110010/1000111001110001/0100110000110010/0000000000000000/0000000000000000/0000000000000000" },
];
const VANISHING: readonly Pattern[] = ["100/010/001", "001/010/100", "100/010/100", "001/010/001", "1000/0100/0010/0001", "10000/01000/00100/00010/00001", "100000/010000/001000/000100/000010/000001"].map((rows) => ({ name: "non-oscillator", rows }));

const MIN_GRID: Record<number, number> = { 1: 7, 2: 13, 3: 25 };

/** Whether every cell is dead at some step from 0 to `steps`. */
function halts(board: number[][], steps: number): boolean {
  for (let k = 0; ; k++) {
    if (board.every((row) => row.every((c) => c === 0))) return true;
    if (k === steps) return false;
    board = step(board);
  }
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const level = configInt(config, "difficulty", 1, 1, 3);
  const x = configInt(config, "grid_size_x", 12, MIN_GRID[level]!, 1000);
  const y = configInt(config, "grid_size_y", 12, MIN_GRID[level]!, 1000);
  const count = configInt(config, "num_oscillators", 5, 0, 10_000);
  const steps = configInt(config, "max_simulation_steps", 20, 0, 10_000);
  const oscillate = rng.chance(0.5);
  const pool = oscillate ? OSCILLATORS.filter((p) => p.difficulty === level) : VANISHING;
  const board = Array.from({ length: x }, () => new Array<number>(y).fill(0));
  const taken = Array.from({ length: x }, () => new Array<boolean>(y).fill(false));
  const placed: { name: string; position: [number, number] }[] = [];
  for (let k = 0; k < count; k++) {
    const pattern = rng.choice(pool);
    const cells = pattern.rows.split("/");
    const [h, w] = [cells.length, cells[0]!.length];
    // Top-left corners leaving a free one-cell margin inside the board; a pattern that finds no free place is left out.
    if (x - h - 1 < 1 || y - w - 1 < 1) continue;
    for (let attempt = 0; attempt < 1000; attempt++) {
      const i = rng.int(1, x - h - 1);
      const j = rng.int(1, y - w - 1);
      let free = true;
      for (let r = i - 1; r <= i + h && free; r++) for (let c = j - 1; c <= j + w && free; c++) free = !taken[r]![c];
      if (!free) continue;
      for (let r = i - 1; r <= i + h; r++) for (let c = j - 1; c <= j + w; c++) taken[r]![c] = true;
      cells.forEach((row, dr) => [...row].forEach((cell, dc) => (board[i + dr]![j + dc] = Number(cell))));
      placed.push({ name: pattern.name, position: [i, j] });
      break;
    }
  }
  const shown = board.map((row) => `[${row.join(" ")}]`).join("\n ");
  const answer = halts(board, steps) ? "True" : "False";
  return {
    question: `A Game of Life board has halted when no cell is alive. With the Moore neighbourhood and edges that wrap around, does this board halt at or before step ${steps}? Answer True if it does, False if it does not.\n\n[${shown}]`,
    answer,
    metadata: {
      source_dataset: "game_of_life_halting",
      source_index: index,
      grid_size_x: x,
      grid_size_y: y,
      placed_patterns: placed,
      simulation_steps: steps,
      should_oscillate: oscillate,
      difficulty: { grid_size_x: x, grid_size_y: y, difficulty: level, num_oscillators: count, max_simulation_steps: steps },
    },
  };
}

export default defineFamily({
  name: "game_of_life_halting",
  category: "algorithmic",
  scorer: "own",
  deviations: [
    "The answer must equal the stored True or False (case and surrounding blanks ignored); the library compares the answer's truthiness with the stored string's, so every non-empty answer scores 1.0.",
    "Generated tasks take their answer from running the board, not from which kind of pattern was placed.",
  ],
  score: (answer, entry) => (answer !== null && typeof entry.answer === "string" && pyStrip(answer).toLowerCase() === pyStrip(entry.answer).toLowerCase() ? 1 : 0),
  generate,
});
