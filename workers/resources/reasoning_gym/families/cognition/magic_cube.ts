// The n x n x n cube of magiccube 0.3.0, the library's dependency for rubiks_cube (not installable
// here, so modelled from its source): pieces on an (x, y, z) grid, each with a colour per axis; a
// move turns one or more layers a quarter turn as numpy's rot90 turns the plane, and swaps the
// colours of every piece in it across the two other axes. Moves are read as its parser reads
// them: [layer]Face[w]['][count] or X Y Z M E S ['][count].
const NONE = -1;
// Colours by axis at the low and high ends: x R/O, y W/Y, z B/G.
const LOW = [0, 2, 4];
const HIGH = [1, 3, 5];

export interface Move {
  axis: number;
  /** The layers (indices along axis) that turn. */
  from: number;
  to: number;
  /** numpy rot90's k: 1 or -1. */
  direction: 1 | -1;
  count: number;
}

// Face: axis, the end it turns from, and its clockwise rot90 direction.
const FACES: Record<string, { axis: number; high: boolean; direction: 1 | -1 }> = {
  L: { axis: 0, high: false, direction: 1 },
  R: { axis: 0, high: true, direction: -1 },
  D: { axis: 1, high: false, direction: -1 },
  U: { axis: 1, high: true, direction: 1 },
  B: { axis: 2, high: false, direction: 1 },
  F: { axis: 2, high: true, direction: -1 },
};
const SPECIAL: Record<string, { axis: number; middle: boolean; direction: 1 | -1 }> = {
  X: { axis: 0, middle: false, direction: -1 },
  Y: { axis: 1, middle: false, direction: 1 },
  Z: { axis: 2, middle: false, direction: -1 },
  M: { axis: 0, middle: true, direction: 1 },
  E: { axis: 1, middle: true, direction: -1 },
  S: { axis: 2, middle: true, direction: -1 },
};

const MOVE = /^([0-9]*)(?:([LRDUBF])(w?)|([XYZMES]))('?)([0-9]?)$/;

/** One move of a cube of side n, as magiccube parses and applies it; throws where it would. */
export function parseMove(token: string, n: number): Move {
  const match = MOVE.exec(token);
  if (!match) throw new Error(`invalid movement ${token.slice(0, 20)}`);
  const [, layerText, face, wide, special, prime, countText] = match;
  const count = countText ? Number(countText) : 1;
  const flip = prime === "'" ? -1 : 1;
  if (special !== undefined) {
    const { axis, middle, direction } = SPECIAL[special]!;
    if (!middle) return { axis, from: 0, to: n, direction: (direction * flip) as 1 | -1, count };
    if (n % 2 !== 1) throw new Error("M, E, S moves need an odd cube");
    const mid = Math.floor(n / 2);
    return { axis, from: mid, to: mid + 1, direction: (direction * flip) as 1 | -1, count };
  }
  const { axis, high, direction } = FACES[face!]!;
  const isWide = wide === "w";
  const layer = layerText === "" ? (isWide ? 2 : 1) : Number(layerText);
  if (!(layer >= 1 && layer <= n)) throw new Error(`invalid layer ${layerText}`);
  const [from, to] = high ? (isWide ? [n - layer, n] : [n - layer, n - layer + 1]) : isWide ? [0, layer] : [layer - 1, layer];
  return { axis, from, to, direction: (direction * flip) as 1 | -1, count };
}

export class MagicCube {
  readonly n: number;
  // colours[3 * index(x, y, z) + axis]; NONE on the faces a piece does not show (and inner cells).
  #colours: Int8Array;

  constructor(n: number) {
    this.n = n;
    this.#colours = new Int8Array(n * n * n * 3).fill(NONE);
    this.#scratch = new Int8Array(this.#colours.length);
    for (let x = 0; x < n; x++)
      for (let y = 0; y < n; y++)
        for (let z = 0; z < n; z++) {
          const c = [x, y, z];
          if (!c.some((v) => v === 0 || v === n - 1)) continue;
          for (let axis = 0; axis < 3; axis++) {
            const v = c[axis]!;
            this.#colours[3 * this.#index(c) + axis] = v === 0 ? LOW[axis]! : v === n - 1 ? HIGH[axis]! : NONE;
          }
        }
  }

  #index(c: readonly number[]): number {
    return (c[0]! * this.n + c[1]!) * this.n + c[2]!;
  }

  // Each move is a fixed permutation of the colour slots of the layers it turns, worked out once
  // per Move object (parse a repeated token once): a long answer then costs one pass over those
  // slots a quarter turn.
  #permutations = new Map<Move, { to: Int32Array; from: Int32Array }>();
  #scratch: Int8Array;

  #permutation(move: Move): { to: Int32Array; from: Int32Array } {
    let perm = this.#permutations.get(move);
    if (perm) return perm;
    const n = this.n;
    const to: number[] = [];
    const from: number[] = [];
    const [b, c] = [0, 1, 2].filter((a) => a !== move.axis) as [number, number];
    const at = [0, 0, 0];
    const src = [0, 0, 0];
    for (let l = move.from; l < move.to; l++) {
      at[move.axis] = src[move.axis] = l;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          at[b] = i;
          at[c] = j;
          // numpy rot90 over (b, c): k=1 takes old[j][n-1-i], k=-1 old[n-1-j][i].
          if (move.direction === 1) [src[b], src[c]] = [j, n - 1 - i];
          else [src[b], src[c]] = [n - 1 - j, i];
          const target = 3 * this.#index(at);
          const source = 3 * this.#index(src);
          // The piece keeps its colour along the turning axis and swaps the other two.
          to.push(target + move.axis, target + b, target + c);
          from.push(source + move.axis, source + c, source + b);
        }
    }
    perm = { to: Int32Array.from(to), from: Int32Array.from(from) };
    this.#permutations.set(move, perm);
    return perm;
  }

  /** Turns the move's layers `times` quarter turns. */
  turn(move: Move, times: number): void {
    const { to, from } = this.#permutation(move);
    const colours = this.#colours;
    const scratch = this.#scratch;
    for (let k = 0; k < times; k++) {
      for (let p = 0; p < from.length; p++) scratch[p] = colours[from[p]!]!;
      for (let p = 0; p < to.length; p++) colours[to[p]!] = scratch[p]!;
    }
  }

  /** The colour letters (R O W Y B G) of a face, row by row, oriented as magiccube prints it. */
  face(name: "L" | "R" | "D" | "U" | "B" | "F"): string[][] {
    const n = this.n;
    const down = (k: number) => n - 1 - k;
    // (row, column) to (x, y, z), from magiccube's face index tables.
    const at: Record<typeof name, (r: number, c: number) => [number, number, number]> = {
      L: (r, c) => [0, down(r), c],
      R: (r, c) => [n - 1, down(r), down(c)],
      D: (r, c) => [c, 0, down(r)],
      U: (r, c) => [c, n - 1, r],
      B: (r, c) => [down(c), down(r), 0],
      F: (r, c) => [c, down(r), n - 1],
    };
    const axis = { L: 0, R: 0, D: 1, U: 1, B: 2, F: 2 }[name];
    return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => "ROWYBG"[this.#colours[3 * this.#index(at[name](r, c)) + axis]!]!));
  }

  /** Whether every face shows one colour. */
  isDone(): boolean {
    const n = this.n;
    const c = [0, 0, 0];
    for (let axis = 0; axis < 3; axis++)
      for (const end of [0, n - 1]) {
        const [b, d] = [0, 1, 2].filter((a) => a !== axis) as [number, number];
        c[axis] = end;
        let first: number | undefined;
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) {
            c[b] = i;
            c[d] = j;
            const colour = this.#colours[3 * this.#index(c) + axis]!;
            if (first === undefined) first = colour;
            else if (colour !== first) return false;
          }
      }
    return true;
  }
}
