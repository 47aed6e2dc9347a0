// Some of arc_1d's kinds of row puzzle, for its generator (our own code for a subset of the 1D-ARC
// task kinds the library draws from): each makes one (input, output) pair of a row of `size`
// colours 0..9, or undefined when the size leaves no room.
import type { Rng } from "../rng.ts";

export interface Pair {
  input: number[];
  output: number[];
}
type Task = (rng: Rng, size: number) => Pair | undefined;

const empty = (size: number) => new Array<number>(size).fill(0);
const colour = (rng: Rng) => rng.int(1, 9);
const block = (rng: Rng, length: number, solid: boolean) => {
  const c = colour(rng);
  return Array.from({ length }, () => (solid ? c : colour(rng)));
};
/** Pixels of random colours (or of `palette`) at about half the cells. */
const scatter = (rng: Rng, size: number, palette?: readonly number[]) => Array.from({ length: size }, () => (rng.chance(0.5) ? (palette ? rng.choice(palette) : colour(rng)) : 0));

/** A block moved `shift` cells right (wrapping round the row when `wrap`). */
function move(shift: number, solid: boolean, wrap: boolean): Task {
  return (rng, size) => {
    if (size <= shift + 1) return undefined;
    const length = wrap ? rng.int(1, size - 1) : rng.int(1, size - shift - 1);
    const start = wrap ? rng.int(0, size - 1) : rng.int(0, size - length - shift);
    const cells = block(rng, length, solid);
    const [input, output] = [empty(size), empty(size)];
    cells.forEach((c, i) => {
      input[(start + i) % size] = c;
      output[(start + shift + i) % size] = c;
    });
    return { input, output };
  };
}

const mirrored = (task: Task): Task => (rng, size) => {
  const pair = task(rng, size);
  return pair && { input: [...pair.input].reverse(), output: [...pair.output].reverse() };
};

const TASKS: Record<string, Task> = {
  move_1pix_solid_right: move(1, true, false),
  move_2pix_solid_right: move(2, true, false),
  move_3pix_colorful_right: move(3, false, false),
  move_1pix_solid_left: mirrored(move(1, true, false)),
  move_2pix_colorful_left: mirrored(move(2, false, false)),
  move_2pix_solid_wrapped_right: move(2, true, true),
  move_block_by_own_size: (rng, size) => {
    if (size < 3) return undefined;
    const length = rng.int(1, Math.floor((size - 1) / 2));
    const start = rng.int(0, size - 2 * length);
    const cells = block(rng, length, true);
    const [input, output] = [empty(size), empty(size)];
    cells.forEach((c, i) => ((input[start + i] = c), (output[start + length + i] = c)));
    return { input, output };
  },
  gravity_left: (rng, size) => {
    const input = scatter(rng, size);
    const kept = input.filter((c) => c !== 0);
    return { input, output: [...kept, ...empty(size - kept.length)] };
  },
  gravity_right: mirrored((rng, size) => {
    const input = scatter(rng, size);
    const kept = input.filter((c) => c !== 0);
    return { input, output: [...kept, ...empty(size - kept.length)] };
  }),
  gravity_counting: (rng, size) => {
    const input = scatter(rng, size);
    const n = input.filter((c) => c !== 0).length;
    return { input, output: [...new Array<number>(n).fill(1), ...empty(size - n)] };
  },
  gravity_antigravity: (rng, size) => {
    const input = scatter(rng, size, [1, 2]);
    const ones = input.filter((c) => c === 1).length;
    const twos = input.filter((c) => c === 2).length;
    return { input, output: [...new Array<number>(twos).fill(2), ...empty(size - ones - twos), ...new Array<number>(ones).fill(1)] };
  },
  two_points_and_fill: (rng, size) => {
    const [a, b] = rng.sample([...Array(size).keys()], 2).sort((x, y) => x - y) as [number, number];
    const c = colour(rng);
    const input = empty(size);
    input[a] = input[b] = c;
    return { input, output: input.map((_, i) => (i >= a && i <= b ? c : 0)) };
  },
  change_to_five: (rng, size) => {
    const input = scatter(rng, size);
    return { input, output: input.map((c) => (c === 0 ? 0 : 5)) };
  },
};

export const TASK_NAMES = Object.keys(TASKS);

/** A pair of the named kind; tries again while the kind draws a degenerate one (as the library does). */
export function makePair(rng: Rng, name: string, size: number): Pair {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const pair = TASKS[name]!(rng, size);
    if (pair) return pair;
  }
  throw new RangeError(`no ${name} task fits a row of ${size}`);
}
