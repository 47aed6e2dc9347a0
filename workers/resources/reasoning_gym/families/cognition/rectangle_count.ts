// rectangle_count: how many rectangles an ASCII drawing holds. Both counts read as Python's int();
// the right count 1.0, one to four off 0.8 x (1 - distance / 5), further off or unreadable 0.
import { pyStrip, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";

const REACH = 5;
const PARTIAL = 0.8;

// Candidate rectangles drawn before giving up on a crowded grid (the library's bound too).
const MAX_ATTEMPTS = 100_000;

/** Up to `wanted` rectangles (each at least 3x3) on a width x height grid, no cell crossed by more than two outlines; the picture and how many were placed. */
function draw(rng: Rng, wanted: number, width: number, height: number): { picture: string; count: number } {
  const hits = Array.from({ length: height }, () => new Uint8Array(width));
  let count = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && count < wanted; attempt++) {
    const left = rng.int(0, width - 3);
    const right = rng.int(left + 2, width - 1);
    const top = rng.int(0, height - 3);
    const bottom = rng.int(top + 2, height - 1);
    const outline: [number, number][] = [];
    for (let c = left; c <= right; c++) outline.push([top, c], [bottom, c]);
    for (let r = top + 1; r < bottom; r++) outline.push([r, left], [r, right]);
    if (outline.some(([r, c]) => hits[r]![c]! >= 2)) continue;
    for (const [r, c] of outline) hits[r]![c]!++;
    count++;
  }
  const picture = hits.map((row) => Array.from(row, (n) => (n === 0 ? " " : n === 1 ? "#" : "\u2588")).join("")).join("\n");
  return { picture: `${picture}\n`, count };
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const maxRectangles = configInt(config, "max_rectangles", 10, 1, 1000);
  const width = configInt(config, "width", 80, 10, 1000);
  const height = configInt(config, "height", 80, 10, 1000);
  const wanted = rng.int(1, maxRectangles);
  const { picture, count } = draw(rng, wanted, width, height);
  return {
    question: `Count the rectangles in the ASCII drawing below. A lone outline is drawn with '#'; where two outlines overlap the cell shows '\u2588' (no cell belongs to more than two). Answer with one number.\n${picture}`,
    answer: String(count),
    metadata: { source_dataset: "rectangle_count", source_index: index, puzzle: picture, solution: count, num_rectangles: wanted, difficulty: { max_rectangles: maxRectangles } },
  };
}

export default defineFamily({
  name: "rectangle_count",
  category: "cognition",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const right = pythonInt(entry.answer.toLowerCase().replaceAll("\n", ""));
    const given = pythonInt(pyStrip(answer));
    if (right === undefined || given === undefined) return 0;
    const distance = given > right ? given - right : right - given;
    if (distance === 0n) return 1;
    if (distance >= BigInt(REACH)) return 0;
    return PARTIAL * (1 - Number(distance) / REACH);
  },
  generate,
});
