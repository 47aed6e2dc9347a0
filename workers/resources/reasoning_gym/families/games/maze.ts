// maze: the number of steps of the shortest path, scored by the library's base rule. Generated
// mazes: a square grid walled round, each inner cell open with probability 0.7, start and goal on
// open cells, four random printable characters for wall, passage, start and goal; redrawn until
// the shortest path's length lies in [min_dist, max_dist].
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const OPEN = 0.7;
const RETRIES = 1000;
// Python's string.printable[:94]: digits, letters, punctuation.
const PRINTABLE = [..."0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"];

/** Steps of the shortest path between two cells through open ones, or undefined. */
function shortest(open: boolean[][], from: number[], to: number[]): number | undefined {
  const size = open.length;
  const seen = open.map((row) => row.map(() => false));
  let frontier = [from];
  seen[from[0]!]![from[1]!] = true;
  for (let steps = 0; frontier.length > 0; steps++) {
    const next: number[][] = [];
    for (const [r, c] of frontier) {
      if (r === to[0] && c === to[1]) return steps;
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]] as const) {
        const [nr, nc] = [r! + dr, c! + dc];
        if (nr < 0 || nc < 0 || nr >= size || nc >= size || seen[nr]![nc] || !open[nr]![nc]) continue;
        seen[nr]![nc] = true;
        next.push([nr, nc]);
      }
    }
    frontier = next;
  }
  return undefined;
}

function openCell(rng: Rng, open: boolean[][]): number[] | undefined {
  for (let k = 0; k < RETRIES; k++) {
    const cell = [rng.int(1, open.length - 2), rng.int(1, open.length - 2)];
    if (open[cell[0]!]![cell[1]!]) return cell;
  }
  return undefined;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minDist, maxDist] = configRange(config, "dist", [5, 10], [1, 10_000]);
  const [minSize, maxSize] = configRange(config, "grid_size", [5, 10], [3, 200]);
  const [wall, path, start, goal] = rng.sample(PRINTABLE, 4) as [string, string, string, string];
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const size = rng.int(minSize, maxSize);
    const open = Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => r > 0 && c > 0 && r < size - 1 && c < size - 1 && rng.chance(OPEN)));
    const from = openCell(rng, open);
    const to = openCell(rng, open);
    if (!from || !to || (from[0] === to[0] && from[1] === to[1])) continue;
    const dist = shortest(open, from, to);
    if (dist === undefined || dist < minDist || dist > maxDist) continue;
    const grid = open.map((row, r) => row.map((o, c) => (r === from[0] && c === from[1] ? start : r === to[0] && c === to[1] ? goal : o ? path : wall)).join(""));
    return {
      question: `In this maze '${wall}' is a wall and '${path}' an open square. How many steps (up, down, left or right, one square each) does the shortest way from '${start}' to '${goal}' take?\n\n\`\`\`\n${grid.join("\n")}\n\`\`\`\n\nAnswer with the number of steps alone.`,
      answer: String(dist),
      metadata: {
        source_dataset: "maze",
        source_index: index,
        grid_size: size,
        grid,
        shortest_path_length: dist,
        start,
        goal,
        wall,
        path,
        difficulty: { dist: [minDist, maxDist], grid_size: [minSize, maxSize] },
      },
    };
  }
  throw new RangeError(`no maze with a shortest path from min_dist to max_dist in ${RETRIES} draws: widen the ranges`);
}

export default defineFamily({ name: "maze", category: "games", scorer: "default", score: defaultScore, generate });
