// game_of_life: a board after some steps of Conway's rules (Moore neighbourhood, wrapping edges),
// as a JSON array of rows. Parsed as Python's json.loads parses it, the share of the stored
// board's cells the answer has equal (Python ==, so true counts as 1); 0 for text that is not JSON.
import { defineFamily } from "../family.ts";
import type { Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configNumber } from "../support/generator_config.ts";
import { pyJsonLoads } from "../support/python_json.ts";
import { PyTuple, pyEquals, pyIterate, type PyValue } from "../support/python_value.ts";

class IndexError extends Error {}
class KeyError extends Error {}

/** Python's v[i] for a non-negative int i: a list's item or a str's character; KeyError for a dict, TypeError for the rest. */
function item(v: PyValue, i: number): PyValue {
  if (typeof v === "string") {
    // The i-th code point, walking no further than i (the string may be half a megabyte).
    let k = 0;
    for (const ch of v) if (k++ === i) return ch;
    throw new IndexError(`index ${i} out of range`);
  }
  if (Array.isArray(v) || v instanceof PyTuple) {
    const items = Array.isArray(v) ? v : v.items;
    if (i >= items.length) throw new IndexError(`index ${i} out of range`);
    return items[i]!;
  }
  if (v instanceof Map) throw new KeyError(String(i));
  throw new TypeError("not subscriptable");
}

/** Whether answer[...path] == expected, the lookup errors in `caught` counting as a miss. */
function matches(answer: PyValue, path: number[], expected: PyValue, caught: (e: unknown) => boolean): boolean {
  try {
    return pyEquals(
      path.reduce((v, i) => item(v, i), answer),
      expected,
    );
  } catch (e) {
    if (caught(e)) return false;
    throw e;
  }
}

function score(answer: string | null, entry: Entry): number {
  if (answer === null || typeof entry.answer !== "string") return 0;
  let given: PyValue;
  let correct: PyValue;
  try {
    given = pyJsonLoads(answer);
    correct = pyJsonLoads(entry.answer);
  } catch {
    return 0;
  }
  let total = 0;
  let right = 0;
  const rows = pyIterate(correct);
  if (rows.length > 0 && Array.isArray(item(correct, 0))) {
    rows.forEach((row, i) =>
      pyIterate(row).forEach((cell, j) => {
        total++;
        if (matches(given, [i, j], cell, (e) => e instanceof IndexError || e instanceof TypeError)) right++;
      }),
    );
  } else {
    rows.forEach((cell, i) => {
      total++;
      if (matches(given, [i], cell, (e) => e instanceof IndexError)) right++;
    });
  }
  return total === 0 ? 0 : right / total;
}

/** One step of Conway's rules on a torus. */
export function step(board: readonly (readonly number[])[]): number[][] {
  const rows = board.length;
  const cols = board[0]!.length;
  return board.map((row, r) =>
    row.map((alive, c) => {
      let n = 0;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) if (dr !== 0 || dc !== 0) n += board[(r + dr + rows) % rows]![(c + dc + cols) % cols]!;
      return n === 3 || (alive === 1 && n === 2) ? 1 : 0;
    }),
  );
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const x = configInt(config, "grid_size_x", 10, 3, 999);
  const y = configInt(config, "grid_size_y", 10, 3, 999);
  const weight = configNumber(config, "filled_cells_weights", 0.1, 0, 1);
  // The library fixes filled_cells at 10 unless given (its weight, the curriculum's knob, is then
  // unused); we take the weight's share of the board, which is the same 10 at the defaults.
  const filled = configInt(config, "filled_cells", Math.floor(weight * x * y), 0, x * y);
  const steps = configInt(config, "simulation_steps", 1, 0, 1000);
  let board = Array.from({ length: x }, () => new Array<number>(y).fill(0));
  // Up to `filled` cells: a cell drawn twice stays one cell.
  for (let k = 0; k < filled; k++) board[rng.int(0, x - 1)]![rng.int(0, y - 1)] = 1;
  const shown = board.map((row) => JSON.stringify(row)).join(",\n ");
  for (let k = 0; k < steps; k++) board = step(board);
  return {
    question: `Conway's Game of Life runs on this board, with the Moore neighbourhood (eight neighbours) and edges that wrap around. What is the board after ${steps} step${steps === 1 ? "" : "s"}? Answer with a JSON array of rows, top to bottom (an empty 3x3 board is [[0,0,0],[0,0,0],[0,0,0]]).\n\n[${shown}]`,
    answer: JSON.stringify(board),
    metadata: {
      source_dataset: "game_of_life",
      source_index: index,
      grid_size_x: x,
      grid_size_y: y,
      filled_cells: filled,
      simulation_steps: steps,
      difficulty: { grid_size_x: x, grid_size_y: y, filled_cells_weights: weight, simulation_steps: steps },
    },
  };
}

export default defineFamily({ name: "game_of_life", category: "algorithmic", scorer: "own", score, generate });
