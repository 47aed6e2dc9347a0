// Rush Hour boards for the generator: the red car AA on row 3 (from the top), random cars and
// walls around it, and the fewest moves (a car sliding any distance counts as one) that take AA
// to the exit, by breadth-first search.
import type { Rng } from "../rng.ts";

const SIDE = 6;
const EXIT = 2 * SIDE + SIDE - 2;

interface Car {
  start: number;
  length: number;
  stride: number;
}

/** A random board (36 characters: o empty, x wall, A the red car, B... the others). */
export function randomBoard(rng: Rng): string {
  const cells = Array<string>(SIDE * SIDE).fill("o");
  const red = 2 * SIDE + rng.int(0, 3);
  cells[red] = cells[red + 1] = "A";
  let label = 66;
  for (let k = rng.int(5, 12); k > 0; k--) {
    const horizontal = rng.chance(0.5);
    const length = rng.chance(0.75) ? 2 : 3;
    const [r, c] = horizontal ? [rng.int(0, SIDE - 1), rng.int(0, SIDE - length)] : [rng.int(0, SIDE - length), rng.int(0, SIDE - 1)];
    const span = Array.from({ length }, (_, i) => r * SIDE + c + i * (horizontal ? 1 : SIDE));
    if (span.some((i) => cells[i] !== "o")) continue;
    for (const i of span) cells[i] = String.fromCharCode(label);
    label++;
  }
  if (rng.chance(0.3)) {
    const spot = rng.int(0, SIDE * SIDE - 1);
    if (cells[spot] === "o") cells[spot] = "x";
  }
  return cells.join("");
}

function carsOf(board: string): { cars: Car[]; walls: number[] } {
  const cells = new Map<string, number[]>();
  [...board].forEach((ch, i) => ch !== "o" && cells.set(ch, [...(cells.get(ch) ?? []), i]));
  const cars = [...cells.keys()]
    .filter((ch) => ch !== "x")
    .sort()
    .map((ch) => {
      const at = cells.get(ch)!;
      return { start: at[0]!, length: at.length, stride: at[1]! - at[0]! };
    });
  return { cars, walls: cells.get("x") ?? [] };
}

/** The fewest moves to the exit ("B+2 A+4"), or undefined when there is none within `maxStates` positions. */
export function fewestMoves(board: string, maxStates: number): string[] | undefined {
  const { cars, walls } = carsOf(board);
  const first = cars.map((car) => car.start);
  const from = new Map<string, [string, string] | null>([[first.join(","), null]]);
  let frontier = [first];
  while (frontier.length > 0) {
    const next: number[][] = [];
    for (const starts of frontier) {
      const here = starts.join(",");
      if (starts[0] === EXIT) {
        const moves: string[] = [];
        for (let at = from.get(here); at; at = from.get(at[0])) moves.push(at[1]);
        return moves.reverse();
      }
      const taken = new Set(walls);
      cars.forEach((car, k) => {
        for (let i = 0; i < car.length; i++) taken.add(starts[k]! + i * car.stride);
      });
      cars.forEach((car, k) => {
        const start = starts[k]!;
        const [line, at] = car.stride === 1 ? [Math.floor(start / SIDE), start % SIDE] : [start % SIDE, Math.floor(start / SIDE)];
        for (const dir of [-1, 1]) {
          for (let step = 1; ; step++) {
            const pos = at + dir * step;
            const lead = dir < 0 ? pos : pos + car.length - 1;
            if (pos < 0 || pos + car.length > SIDE) break;
            if (taken.has(car.stride === 1 ? line * SIDE + lead : lead * SIDE + line)) break;
            const moved = [...starts];
            moved[k] = car.stride === 1 ? line * SIDE + pos : pos * SIDE + line;
            const key = moved.join(",");
            if (from.has(key)) continue;
            if (from.size >= maxStates) return undefined;
            from.set(key, [here, `${String.fromCharCode(65 + k)}${dir < 0 ? "-" : "+"}${step}`]);
            next.push(moved);
          }
        }
      });
    }
    frontier = next;
  }
  return undefined;
}

/** The board drawn as six rows, '.' empty, 'x' a wall, each car by its letter. */
export const drawRushHour = (board: string): string => Array.from({ length: SIDE }, (_, r) => board.slice(r * SIDE, r * SIDE + SIDE).replaceAll("o", ".")).join("\n");
