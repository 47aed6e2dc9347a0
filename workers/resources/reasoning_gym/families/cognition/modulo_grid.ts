// modulo_grid: fill the hidden cells of a grid whose marked cells are those where f(x, y) mod d
// equals a target (f: x + y, |x - y|, x * y or x ** y); the library's base scorer (the stored
// answer exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";

const YES = "\u2705";
const NO = "\u274c";
const HOLE = "\u2754";
const MAX_TRIES = 10_000;

/** x ** y mod d (0 ** 0 is 1, as in Python). */
function powMod(x: number, y: number, d: number): number {
  let result = 1n % BigInt(d);
  let base = BigInt(x) % BigInt(d);
  for (let e = y; e > 0; e >>= 1) {
    if (e & 1) result = (result * base) % BigInt(d);
    base = (base * base) % BigInt(d);
  }
  return Number(result);
}

const OPERATIONS: Record<string, (x: number, y: number, d: number) => number> = {
  sum: (x, y, d) => (x + y) % d,
  diff: (x, y, d) => Math.abs(x - y) % d,
  prod: (x, y, d) => (x * y) % d,
  pow: powMod,
};

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const sizeX = configInt(config, "size_x", 20, 6, 500);
  const sizeY = configInt(config, "size_y", 20, 6, 500);
  const maxDivisor = configInt(config, "max_divisor", 20, 2, 1_000_000);
  const maxTarget = configInt(config, "max_target", 20, 1, 1_000_000);
  const maxHoles = configInt(config, "max_holes", 1, 1, sizeX * sizeY);
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const divisor = rng.int(1, maxDivisor);
    const target = rng.int(1, maxTarget);
    const operation = rng.choice(Object.keys(OPERATIONS));
    const grid = Array.from({ length: sizeY }, (_, y) => Array.from({ length: sizeX }, (_, x) => (OPERATIONS[operation]!(x, y, divisor) === target ? YES : NO)));
    if (!grid.some((row) => row.includes(YES))) continue;
    const holes: string[][] = grid.map((row) => [...row]);
    for (let h = 0; h < maxHoles; h++) holes[rng.int(0, sizeY - 1)]![rng.int(0, sizeX - 1)] = HOLE;
    const text = (rows: string[][]) => rows.map((row) => row.join("")).join("\n");
    return {
      question: `The grid below is marked ${YES} or ${NO} by a hidden arithmetic rule on each cell's column and row. Work out the rule, replace every ${HOLE} with the mark it should have, and answer with the whole completed grid.\n\n${text(holes)}`,
      answer: text(grid),
      metadata: {
        source_dataset: "modulo_grid",
        source_index: index,
        divisor,
        target,
        operation,
        difficulty: { size_x: sizeX, size_y: sizeY, holes: maxHoles, divisor: maxDivisor, target: maxTarget },
      },
    };
  }
  throw new RangeError("max_divisor and max_target leave no rule that marks a cell");
}

export default defineFamily({ name: "modulo_grid", category: "cognition", scorer: "default", score: defaultScore, generate });
