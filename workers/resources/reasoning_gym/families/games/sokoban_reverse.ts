// Sokoban puzzles for the generator, made backwards: boxes start on their goals, and the player
// walks at random, pulling any box it walks away from. Played forwards (in reverse order, each
// step turned round), that walk pushes every box back onto a goal: the stored solution.
import type { Rng } from "../rng.ts";

const STEPS = [["U", -1, 0], ["D", 1, 0], ["L", 0, -1], ["R", 0, 1]] as const;
const OPPOSITE: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };

export interface SokobanPuzzle {
  gamestr: string;
  solution: string;
  width: number;
  height: number;
}

export function reverseSokoban(rng: Rng, width: number, height: number, boxes: number, depth: number): SokobanPuzzle | undefined {
  const at = (r: number, c: number) => r * width + c;
  const wall = new Set<number>();
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) if (r === 0 || c === 0 || r === height - 1 || c === width - 1) wall.add(at(r, c));
  const floor = Array.from({ length: width * height }, (_, i) => i).filter((i) => !wall.has(i));
  if (floor.length < boxes + 1) return undefined;
  const [player0, ...goalList] = rng.sample(floor, boxes + 1);
  const goals = new Set(goalList);
  const crates = new Set(goalList);
  let player = player0!;
  const walk: string[] = [];
  for (let k = 0; k < depth; k++) {
    const [name, dr, dc] = rng.choice(STEPS);
    const next = player + dr * width + dc;
    if (wall.has(next) || crates.has(next)) continue;
    const behind = player - dr * width - dc;
    if (crates.has(behind)) {
      crates.delete(behind);
      crates.add(player);
    }
    player = next;
    walk.push(name);
  }
  if ([...crates].every((b) => goals.has(b))) return undefined;
  const cell = (i: number) => (wall.has(i) ? "+" : i === player ? (goals.has(i) ? "%" : "*") : crates.has(i) ? (goals.has(i) ? "$" : "@") : goals.has(i) ? "X" : "-");
  const rows = Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => cell(at(r, c))).join(" "));
  return { gamestr: `${rows.join("\n")}\n`, solution: walk.reverse().map((m) => OPPOSITE[m]).join(""), width, height };
}
